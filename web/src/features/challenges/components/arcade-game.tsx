import type { Challenge } from '@paddock/contracts/api/challenges';
import { Timer } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Points } from '../../../ui/points.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { requestArcadeAttempt, useAnswerChallenge } from '../api/challenge-api.ts';
import { challengeErrorKey, challengeErrorTitleKey } from '../lib/challenge-errors.ts';
import {
  judgeTap,
  LIGHT_COUNT,
  lightsOutAt,
  litLights,
  MAX_REACTION_MS,
  pointsForReaction,
} from '../lib/start-lights.ts';
import { toastAnswer, toastAnswerError } from './answer-feedback.ts';

/** Stable keys for the five light columns. */
const LIGHT_IDS = Array.from({ length: LIGHT_COUNT }, (_, i) => `light-${i + 1}`);

type Phase =
  | { kind: 'ready' }
  | { kind: 'arming' }
  | { kind: 'lights' }
  | { kind: 'out' }
  | { kind: 'jump_start' }
  | { kind: 'too_slow' }
  | { kind: 'submitting'; reactionMs: number }
  | { kind: 'done'; reactionMs: number };

/**
 * input / arcade: the five-red-lights reaction start. Five lights come on one per second and go
 * out after a hold the server chose; the fan taps (or presses Space) as soon as they go out.
 *
 * Smoothness: one requestAnimationFrame loop changes only the lights' opacity through refs
 * (no React render per frame), and the reaction is timed from the frame that actually turned
 * the lights off, with the tap's own event timestamp (same clock as performance.now()).
 */
export function ArcadeGame({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('challenges');
  const answer = useAnswerChallenge(challenge.challengeId);
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const phaseRef = useRef<Phase['kind']>('ready');
  const lights = useRef<(HTMLSpanElement | null)[]>([]);
  const frame = useRef<number | null>(null);
  const run = useRef<{
    startedAt: number;
    outAfterMs: number;
    outSeenAt: number | null;
    token: string;
  } | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const go = useCallback((next: Phase) => {
    phaseRef.current = next.kind;
    setPhase(next);
  }, []);

  const paint = useCallback((lit: number) => {
    lights.current.forEach((el, i) => {
      if (el) el.style.opacity = i < lit ? '1' : '0';
    });
  }, []);

  const stopLoop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);

  useEffect(() => stopLoop, [stopLoop]);

  const loop = useCallback(
    (now: number) => {
      const current = run.current;
      if (!current) return;
      const elapsed = now - current.startedAt;
      const lit = litLights(elapsed, current.outAfterMs);
      paint(lit);
      if (phaseRef.current === 'lights' && elapsed >= lightsOutAt(current.outAfterMs)) {
        current.outSeenAt = now;
        go({ kind: 'out' });
      }
      if (
        phaseRef.current === 'out' &&
        current.outSeenAt !== null &&
        now - current.outSeenAt > MAX_REACTION_MS
      ) {
        go({ kind: 'too_slow' });
        stopLoop();
        return;
      }
      frame.current = requestAnimationFrame(loop);
    },
    [go, paint, stopLoop],
  );

  const start = useCallback(async () => {
    go({ kind: 'arming' });
    paint(0);
    try {
      const attempt = await requestArcadeAttempt(challenge.challengeId);
      // Timed from receipt, so the client's lights never go out before the server's schedule.
      run.current = {
        startedAt: performance.now(),
        outAfterMs: attempt.lightsOutAfterMs,
        outSeenAt: null,
        token: attempt.attemptToken,
      };
      go({ kind: 'lights' });
      frame.current = requestAnimationFrame(loop);
    } catch (error) {
      go({ kind: 'ready' });
      toast({
        title: t(challengeErrorTitleKey(error)),
        description: t(challengeErrorKey(error)),
        variant: 'destructive',
      });
    }
  }, [challenge.challengeId, go, loop, paint, t]);

  const tap = useCallback(
    (at: number) => {
      const kind = phaseRef.current;
      if (kind === 'arming' || kind === 'submitting' || kind === 'done') return;
      if (kind === 'ready' || kind === 'jump_start' || kind === 'too_slow') {
        void start();
        return;
      }
      const current = run.current;
      if (!current || (kind !== 'lights' && kind !== 'out')) return;
      const outcome = judgeTap(at, kind === 'out' ? current.outSeenAt : null);
      stopLoop();
      paint(0);
      if (outcome.kind !== 'reaction') {
        go({ kind: outcome.kind });
        return;
      }
      go({ kind: 'submitting', reactionMs: outcome.reactionMs });
      answer.mutate(
        { response: outcome.reactionMs, attemptToken: current.token },
        {
          onSuccess: (result) => {
            go({ kind: 'done', reactionMs: outcome.reactionMs });
            toastAnswer(t, result);
          },
          onError: (error) => {
            go({ kind: 'ready' });
            toastAnswerError(t, error);
          },
        },
      );
    },
    [answer, go, paint, start, stopLoop, t],
  );

  useEffect(() => {
    button.current?.focus({ preventScroll: true });
  }, []);

  const previous = challenge.userResponse?.answers.at(-1);
  if (challenge.userResponse?.status === 'completed' && phase.kind !== 'done') {
    return (
      <div className="rounded-2xl border border-line bg-surface p-4 text-center">
        <Timer className="mx-auto size-8 text-accent" aria-hidden />
        <p className="mt-2 font-display text-4xl font-black tabular-nums">
          {t('arcade.ms', { ms: previous?.answer ?? '—' })}
        </p>
        <p className="mt-1 font-semibold text-accent">
          {t('earned')} <Points value={challenge.userResponse.score} />
        </p>
      </div>
    );
  }
  if (challenge.expired) {
    return (
      <p className="rounded-2xl border border-line bg-surface p-4 font-semibold">{t('status.closed')}</p>
    );
  }

  const message = {
    ready: t('arcade.ready'),
    arming: t('arcade.arming'),
    lights: t('arcade.watch'),
    out: t('arcade.watch'),
    jump_start: t('arcade.jumpStart'),
    too_slow: t('arcade.tooSlow'),
    submitting: t('arcade.ms', { ms: 'reactionMs' in phase ? phase.reactionMs : 0 }),
    done: t('arcade.ms', { ms: 'reactionMs' in phase ? phase.reactionMs : 0 }),
  }[phase.kind];
  const finished = phase.kind === 'submitting' || phase.kind === 'done';

  return (
    <section className="flex flex-col gap-3">
      <button
        ref={button}
        type="button"
        aria-describedby="arcade-status"
        // aria-disabled, not disabled: a disabled button drops keyboard focus, and Space must keep working.
        aria-disabled={finished || phase.kind === 'arming' || undefined}
        className="relative flex min-h-[58dvh] w-full touch-none flex-col items-center justify-center gap-8 rounded-3xl border border-line bg-[radial-gradient(ellipse_at_top,#1e2230,#0b0d12)] p-4 select-none focus-visible:outline-2 focus-visible:outline-accent aria-disabled:cursor-default"
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          tap(e.timeStamp || performance.now());
        }}
        onKeyDown={(e) => {
          if (e.key !== ' ' && e.key !== 'Enter') return;
          e.preventDefault();
          if (!e.repeat) tap(e.timeStamp || performance.now());
        }}
      >
        <span className="sr-only">{t('arcade.tapTarget')}</span>
        <span className="flex gap-2 rounded-2xl bg-black/70 p-3 shadow-inner sm:gap-3" aria-hidden>
          {LIGHT_IDS.map((lightId, i) => (
            <span key={lightId} className="flex flex-col gap-2 rounded-xl bg-neutral-900 p-1.5 sm:p-2">
              <span className="relative size-10 rounded-full bg-neutral-800 sm:size-12">
                <span
                  ref={(el) => {
                    lights.current[i] = el;
                  }}
                  className="absolute inset-0 rounded-full bg-red-600 opacity-0 shadow-[0_0_24px_6px_rgba(239,68,68,0.7)] will-change-[opacity]"
                />
              </span>
              <span className="size-10 rounded-full bg-neutral-800 sm:size-12" />
            </span>
          ))}
        </span>
        <span
          className={`font-display text-center font-black uppercase ${
            finished ? 'text-5xl tabular-nums' : 'text-2xl'
          } ${phase.kind === 'jump_start' ? 'text-red-400' : ''}`}
        >
          {message}
        </span>
        {(phase.kind === 'jump_start' || phase.kind === 'too_slow') && (
          <span className="text-muted">{t('arcade.again')}</span>
        )}
      </button>
      <p id="arcade-status" className="sr-only" aria-live="assertive">
        {phase.kind === 'out' ? '' : message}
      </p>
      {challenge.arcadeBrackets && challenge.arcadeBrackets.length > 0 && (
        <div className="rounded-2xl border border-line bg-surface p-4">
          <h2 className="mb-2 font-semibold">{t('arcade.brackets')}</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {[...challenge.arcadeBrackets]
              .sort((a, b) => a.maxMs - b.maxMs)
              .map((b) => (
                <li key={b.maxMs} className="flex justify-between rounded-lg bg-surface-2 px-3 py-2">
                  <span>≤ {t('arcade.ms', { ms: b.maxMs })}</span>
                  <Points value={b.points} className="text-accent" />
                </li>
              ))}
          </ul>
          {phase.kind === 'done' && (
            <p className="mt-3 font-semibold text-accent">
              {t('earned')} <Points value={pointsForReaction(phase.reactionMs, challenge.arcadeBrackets)} />
            </p>
          )}
        </div>
      )}
    </section>
  );
}
