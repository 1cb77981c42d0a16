import type { Story } from '@paddock/contracts/api/stories';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pause, Share2, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { markChapterViewed, storyQuery } from '../api/story-api.ts';
import {
  classifyGesture,
  initialStoryPlayer,
  progressOf,
  resumeIndex,
  type StoryPlayerAction,
  type StoryPlayerState,
  storyPlayerReducer,
  tapZone,
} from '../lib/story-player.ts';

/** /stories/{id}: the full-screen story viewer. */
export default function StoryRoute() {
  const { t } = useTranslation('stories');
  const { id = '' } = useParams();
  const query = useQuery(storyQuery(id));
  const close = useCloseViewer();

  if (query.isPending) {
    return (
      <main className="fixed inset-0 z-40 grid place-items-center bg-black" aria-busy="true">
        <span
          className="size-10 animate-spin rounded-full border-4 border-white/20 border-t-white"
          aria-hidden
        />
        <span className="sr-only">{t('loading')}</span>
      </main>
    );
  }
  if (query.isError || !query.data || query.data.chapters.length === 0) {
    return (
      <main className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-black p-6 text-center">
        <h1 className="font-display text-2xl font-bold">{t('unavailable')}</h1>
        <Button onClick={close}>{t('close')}</Button>
      </main>
    );
  }
  return <StoryViewer key={query.data.id} story={query.data} onClose={close} />;
}

/** Back to where the fan came from, or to the dashboard when the story was opened directly. */
function useCloseViewer() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.dashboard, { replace: true });
  }, [location.key, navigate]);
}

function StoryViewer({ story, onClose }: { story: Story; onClose: () => void }) {
  const { t } = useTranslation('stories');
  const queryClient = useQueryClient();
  const chapters = useMemo(() => [...story.chapters].sort((a, b) => a.orderIndex - b.orderIndex), [story]);
  const durations = useMemo(() => chapters.map((c) => c.durationSeconds * 1000), [chapters]);

  // The player runs in a ref so each animation frame only moves one bar (transform) without a
  // React render; React re-renders when the chapter, pause or end changes.
  const player = useRef<StoryPlayerState>(initialStoryPlayer(resumeIndex(chapters)));
  const [view, setView] = useState(() => player.current);
  const bars = useRef<(HTMLDivElement | null)[]>([]);
  const video = useRef<HTMLVideoElement>(null);
  const posted = useRef(new Set<string>());
  const [canShare] = useState(
    () => typeof navigator !== 'undefined' && typeof navigator.share === 'function',
  );

  const dispatch = useCallback((action: StoryPlayerAction) => {
    const before = player.current;
    const after = storyPlayerReducer(before, action);
    player.current = after;
    if (
      after.index !== before.index ||
      after.paused !== before.paused ||
      after.finished !== before.finished
    ) {
      setView(after);
    }
  }, []);

  const paintBars = useCallback(() => {
    bars.current.forEach((el, i) => {
      if (el) el.style.transform = `scaleX(${progressOf(player.current, i, durations[i] ?? 0)})`;
    });
  }, [durations]);

  // The clock: one requestAnimationFrame loop for the whole viewer.
  useEffect(() => {
    let last: number | null = null;
    let frame = requestAnimationFrame(function step(now) {
      const delta = last === null ? 0 : now - last;
      last = now;
      dispatch({ type: 'tick', deltaMs: delta, durationsMs: durations });
      paintBars();
      if (!player.current.finished) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [dispatch, durations, paintBars]);

  // A story in a background tab stands still.
  useEffect(() => {
    const onVisibility = () => dispatch({ type: document.hidden ? 'pause' : 'resume' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  // Chapter views (product §7): each chapter is marked once when shown; the story pays its points
  // when its last unviewed chapter is marked (product §10.5).
  const chapter = chapters[view.index];
  useEffect(() => {
    if (!chapter || chapter.viewed || posted.current.has(chapter.id)) return;
    posted.current.add(chapter.id);
    markChapterViewed(story.id, chapter.id)
      .then((result) => {
        if (result.pointsAwarded > 0) {
          toast({ title: t('points', { count: result.pointsAwarded }), description: t('watchedAll') });
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        }
      })
      .catch((error: unknown) => {
        posted.current.delete(chapter.id);
        // Product §10.5: tapping through faster than the minimum dwell pays nothing; say so plainly.
        if (error instanceof ApiError && error.code === 'too_fast') {
          toast({ title: t('tooFast.title'), description: t('tooFast.description') });
          return;
        }
        toast({ title: t('errors.title'), description: t('errors.chapter'), variant: 'destructive' });
      });
  }, [chapter, story.id, queryClient, t]);

  useEffect(() => {
    if (view.finished) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stories });
      onClose();
    }
  }, [view.finished, onClose, queryClient]);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (view.paused) el.pause();
    else void el.play().catch(() => undefined);
  }, [view.paused]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') dispatch({ type: 'next', count: chapters.length });
      else if (e.key === 'ArrowLeft') dispatch({ type: 'previous' });
      else if (e.key === 'Escape') onClose();
      else if (e.key === ' ' && (e.target as HTMLElement | null)?.tagName !== 'BUTTON') {
        e.preventDefault();
        dispatch({ type: player.current.paused ? 'resume' : 'pause' });
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chapters.length, dispatch, onClose]);

  // Tap left/right, hold to pause, swipe down to close.
  const press = useRef<{ x: number; y: number; at: number; id: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    press.current = { x: e.clientX, y: e.clientY, at: e.timeStamp, id: e.pointerId };
    dispatch({ type: 'pause' });
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId || !stage.current) return;
    const dy = Math.max(0, e.clientY - p.y);
    stage.current.style.transform = `translateY(${dy}px) scale(${1 - Math.min(dy, 300) / 1500})`;
    stage.current.style.opacity = String(1 - Math.min(dy, 300) / 600);
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    press.current = null;
    if (stage.current) {
      stage.current.style.transform = '';
      stage.current.style.opacity = '';
    }
    if (!p) return;
    const gesture = classifyGesture(e.timeStamp - p.at, e.clientX - p.x, e.clientY - p.y);
    dispatch({ type: 'resume' });
    if (gesture === 'swipe_down') onClose();
    else if (gesture === 'tap') {
      const rect = e.currentTarget.getBoundingClientRect();
      const zone = tapZone(e.clientX - rect.left, rect.width);
      dispatch(zone === 'next' ? { type: 'next', count: chapters.length } : { type: 'previous' });
    }
  };

  const share = async () => {
    dispatch({ type: 'pause' });
    try {
      await navigator.share({ title: story.title, url: window.location.href });
    } catch {
      // The fan closed the share sheet: nothing to report.
    } finally {
      dispatch({ type: 'resume' });
    }
  };

  const sponsorUrl = chapter?.sponsorUrl ?? story.sponsorUrl;
  return (
    <main className="fixed inset-0 z-40 bg-black text-white" aria-roledescription={t('roledescription')}>
      <div
        ref={stage}
        className="relative mx-auto flex h-full max-w-md flex-col overflow-hidden transition-[transform,opacity] duration-150 will-change-transform"
      >
        {/* Chapter media fills the screen; the gesture layer sits above it. */}
        <div className="absolute inset-0">
          {chapter?.mediaType === 'video' ? (
            <video
              ref={video}
              key={chapter.id}
              src={chapter.src}
              className="size-full object-cover"
              autoPlay
              muted
              playsInline
              preload="auto"
            />
          ) : chapter ? (
            <img key={chapter.id} src={chapter.src} alt="" className="size-full object-contain" />
          ) : null}
          <div className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-black/70 to-transparent" />
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-40 bg-gradient-to-t from-black/80 to-transparent" />
        </div>
        {/* Preload the next picture so the next tap shows it at once. */}
        {chapters[view.index + 1]?.mediaType === 'image' && (
          <link rel="preload" as="image" href={chapters[view.index + 1]?.src} />
        )}

        <div
          className="absolute inset-0 touch-none select-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onContextMenu={(e) => e.preventDefault()}
          aria-hidden
        />

        <header className="pointer-events-none relative flex flex-col gap-3 px-3 pt-[calc(0.75rem+env(safe-area-inset-top))]">
          <div
            className="flex gap-1"
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={1}
            aria-valuemax={chapters.length}
            aria-valuenow={view.index + 1}
            aria-valuetext={t('chapterOf', { number: view.index + 1, total: chapters.length })}
          >
            {chapters.map((c, i) => (
              <div key={c.id} className="h-1 flex-1 overflow-hidden rounded-full bg-white/30">
                <div
                  ref={(el) => {
                    bars.current[i] = el;
                  }}
                  className="h-full origin-left scale-x-0 bg-white will-change-transform"
                />
              </div>
            ))}
          </div>
          <div className="flex items-center gap-3">
            {story.coverSrc && (
              <img
                src={story.coverSrc}
                alt=""
                className="size-9 rounded-full border border-white/40 object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-display text-lg font-bold drop-shadow">{story.title}</h1>
              {story.sponsorName && (
                <p className="text-xs text-white/80">{t('sponsoredBy', { name: story.sponsorName })}</p>
              )}
            </div>
            {view.paused && <Pause className="size-5 text-white/80" aria-label={t('paused')} />}
            <button
              type="button"
              onClick={onClose}
              className="pointer-events-auto grid size-11 place-items-center rounded-full bg-black/40 focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t('close')}
            >
              <X className="size-6" aria-hidden />
            </button>
          </div>
        </header>

        <footer className="pointer-events-none relative mt-auto flex items-center gap-3 px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
          {sponsorUrl && (
            <a
              href={sponsorUrl}
              target="_blank"
              rel="noopener noreferrer sponsored"
              className="pointer-events-auto flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full bg-white px-4 font-semibold text-black focus-visible:outline-2 focus-visible:outline-accent"
            >
              {story.sponsorName ? t('visitSponsor', { name: story.sponsorName }) : t('learnMore')}
              <ExternalLink className="size-4" aria-hidden />
            </a>
          )}
          {story.shareable && canShare && (
            <button
              type="button"
              onClick={() => void share()}
              className="pointer-events-auto ml-auto grid size-11 place-items-center rounded-full bg-black/40 focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t('share')}
            >
              <Share2 className="size-5" aria-hidden />
            </button>
          )}
        </footer>
        <p className="sr-only" aria-live="polite">
          {t('chapterOf', { number: view.index + 1, total: chapters.length })}. {t('keyboardHint')}
        </p>
      </div>
    </main>
  );
}
