import { Trophy } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFirstScreenShown } from '../../../lib/first-screen.ts';
import { formatNumber } from '../../../lib/format.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { leaderboardQueryOptions } from '../api/leaderboard-api.ts';

/** The dashboard card: the fan's season and weekly positions, linking to the boards. */
export function PositionCard() {
  const { t, i18n } = useTranslation('leaderboard');
  // Below the fold on a phone: asked for once the first screen is drawn (decision 021).
  const enabled = useFirstScreenShown();
  const season = useQuery({ ...leaderboardQueryOptions('season'), enabled });
  const week = useQuery({ ...leaderboardQueryOptions('week'), enabled });
  if (season.isPending) return <Skeleton className="mx-4 h-[92px]" />;
  if (season.isError) return null;
  const place = (p: number | null | undefined) => (p ? `#${formatNumber(p, i18n.language)}` : '—');
  return (
    <Link
      to={paths.leaderboard}
      className="mx-4 flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 hover:border-accent"
      data-testid="position-card"
    >
      <Trophy className="size-8 shrink-0 text-accent" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 className="font-display text-lg font-bold uppercase">{t('card.title')}</h2>
        <p className="text-sm text-muted">
          {t('card.points', { points: formatNumber(season.data.me.points, i18n.language) })}
        </p>
      </div>
      <dl className="flex gap-4 text-right">
        <div>
          <dt className="text-xs text-muted uppercase">{t('tabs.season')}</dt>
          <dd className="font-display text-2xl font-black tabular-nums">{place(season.data.me.position)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">{t('tabs.week')}</dt>
          <dd className="font-display text-2xl font-black tabular-nums">{place(week.data?.me.position)}</dd>
        </div>
      </dl>
    </Link>
  );
}
