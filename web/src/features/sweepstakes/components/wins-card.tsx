import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFloatingDock } from '../../../ui/floating-dock.ts';
import { toast } from '../../../ui/toast-store.ts';

const TOLD_KEY = 'paddock:wins-told';

/** Wins the fan still has to claim (product §10.6.10), before their deadline. */
export function unclaimedWins(list: readonly Sweepstake[], now: number): Sweepstake[] {
  return list.filter(
    (s) =>
      s.userResult?.won &&
      !s.userResult.claimedAt &&
      (!s.userResult.claimBy || new Date(s.userResult.claimBy).getTime() > now),
  );
}

/**
 * The dashboard's "You won" card for each unclaimed win, and a toast the first time the fan
 * sees it on this device (product §10.6.10); the card stays until the prize is claimed.
 *
 * The card floats above the navigation, where the toasts appear, instead of taking a place in the
 * page: the draws answer after the first screen has painted, and a card pushed in above the boost
 * line moved every card below it (decision 021). Floating, it is in view wherever the fan
 * scrolls; the room it leaves at the end of the page (where the dashboard places this component)
 * keeps the last cards reachable above it. The toast region stands on top of the card
 * (ui/floating-dock.ts): the card's own toast, shown on the same visit, must not cover it.
 */
export function WinsCard({ sweepstakes }: { sweepstakes: readonly Sweepstake[] }) {
  const { t } = useTranslation('sweepstakes');
  const wins = unclaimedWins(sweepstakes, Date.now());
  useEffect(() => {
    const fresh = unclaimedWins(sweepstakes, Date.now());
    if (fresh.length === 0) return;
    const told = new Set((localStorage.getItem(TOLD_KEY) ?? '').split(',').filter(Boolean));
    for (const w of fresh) {
      if (told.has(w.sweepstakeId)) continue;
      told.add(w.sweepstakeId);
      toast({ title: t('result.won', { prize: w.prize }), description: t('wins.toast') });
    }
    localStorage.setItem(TOLD_KEY, [...told].join(','));
  }, [sweepstakes, t]);
  if (wins.length === 0) return null;
  return <WinsDock wins={wins} />;
}

/** The floating cards; mounted only while there is a win, so the toasts stand on them only then. */
function WinsDock({ wins }: { wins: readonly Sweepstake[] }) {
  const { t } = useTranslation('sweepstakes');
  const dock = useRef<HTMLElement>(null);
  useFloatingDock(dock);
  return (
    <>
      <div aria-hidden className="shrink-0 lg:col-span-2" style={{ height: `${wins.length * 6}rem` }} />
      <section
        ref={dock}
        className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 mx-auto flex w-full max-w-md flex-col gap-2 p-3 lg:right-4 lg:bottom-4 lg:left-auto lg:mx-0"
        aria-label={t('wins.title')}
      >
        {wins.map((w) => (
          <Link
            key={w.sweepstakeId}
            to={paths.sweepstake(w.sweepstakeId)}
            className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-accent bg-surface p-4 shadow-lg shadow-black/50 focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="win-card"
          >
            <PartyPopper className="size-8 shrink-0 text-accent" aria-hidden />
            <span className="flex flex-col">
              <span className="font-display text-lg font-black">{t('result.won', { prize: w.prize })}</span>
              <span className="text-sm text-muted">{t('wins.cta', { title: w.title })}</span>
            </span>
          </Link>
        ))}
      </section>
    </>
  );
}
