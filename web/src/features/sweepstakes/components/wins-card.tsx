import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
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
  return (
    <section className="flex flex-col gap-2 px-4" aria-label={t('wins.title')}>
      {wins.map((w) => (
        <Link
          key={w.sweepstakeId}
          to={paths.sweepstake(w.sweepstakeId)}
          className="flex items-center gap-3 rounded-2xl border border-accent bg-accent/10 p-4 focus-visible:outline-2 focus-visible:outline-accent"
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
  );
}
