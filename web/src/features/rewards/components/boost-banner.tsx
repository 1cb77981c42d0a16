import type { Boost } from '@paddock/contracts/api/boosts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { boostsQueryOptions, rewardsKeys } from '../api/rewards-api.ts';
import { clockText, countdownParts, isoDuration, multiplierText } from '../lib/countdown.ts';

/** The current time, re-read every second while mounted (the countdown's only timer). */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The dashboard's active boost (GET /api/boosts) with a live countdown to its end (product §12.2);
 * when none is active, a quiet line names the next one. When the countdown reaches zero the
 * list is re-read, so an ended boost disappears and the next one can take its place.
 */
export function BoostBanner() {
  const { t, i18n } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const boosts = useQuery(boostsQueryOptions);
  const active: Boost | undefined = boosts.data?.find((b) => b.status === 'active');
  const next: Boost | undefined = boosts.data?.find((b) => b.status === 'upcoming');
  const now = useNow(Boolean(active));
  const parts = active ? countdownParts(active.endsAt, now) : null;

  useEffect(() => {
    if (parts?.done) void queryClient.invalidateQueries({ queryKey: rewardsKeys.boosts });
  }, [parts?.done, queryClient]);

  // The line's usual room (two lines of small text) is kept while the boosts load, so
  // the cards below do not jump when it arrives after the rank card (decision 021).
  if (boosts.isPending) return <Skeleton className="mx-4 h-[58px]" />;
  if (!boosts.data) return null;
  if (!active || !parts || parts.done) {
    if (!next) return null;
    return (
      <p className="mx-4 flex items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 text-sm text-muted">
        <Zap className="size-4 shrink-0 text-accent" aria-hidden />
        {t('boost.next', {
          label: next.label,
          date: formatDateTime(next.startsAt, i18n.language),
          earning: t(`boost.earning.${next.earning}`),
        })}
      </p>
    );
  }

  return (
    <section
      aria-labelledby="boost-title"
      data-testid="boost-banner"
      className="mx-4 flex items-center gap-3 rounded-2xl bg-gradient-to-r from-brand to-brand/60 p-4 text-white"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-full bg-black/25 font-display text-lg font-black">
        {multiplierText(active.multiplier, i18n.language)}
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="boost-title" className="font-display text-lg leading-tight font-bold uppercase">
          {active.label}
        </h2>
        <p className="text-sm">
          {t(active.scope === 'personal' ? 'boost.personal' : 'boost.everyone', {
            earning: t(`boost.earning.${active.earning}`),
          })}
        </p>
      </div>
      <p className="shrink-0 text-right">
        <span className="block text-xs font-semibold tracking-wider uppercase">{t('boost.endsIn')}</span>
        <time
          dateTime={isoDuration(parts)}
          className="block font-display text-lg font-black tabular-nums"
          data-testid="boost-countdown"
        >
          {parts.days > 0
            ? t('boost.days', { count: parts.days, clock: clockText(parts) })
            : clockText(parts)}
        </time>
      </p>
    </section>
  );
}
