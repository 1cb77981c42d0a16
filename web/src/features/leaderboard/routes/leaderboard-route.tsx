import {
  LEADERBOARD_BOARDS,
  LEADERBOARD_TOP,
  type LeaderboardBoard,
} from '@paddock/contracts/api/leaderboard';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLive } from '../../../lib/live/use-live.ts';
import { BackLink } from '../../../ui/back-link.tsx';
import { RetryState } from '../../../ui/card-list.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { leaderboardQueryOptions } from '../api/leaderboard-api.ts';
import { LeaderboardRows } from '../components/leaderboard-rows.tsx';

const isBoard = (v: string | null): v is LeaderboardBoard =>
  LEADERBOARD_BOARDS.includes(v as LeaderboardBoard);

/**
 * `/leaderboard?board=season|week|weekend|friends`: one tab per board (decision 025), the top 100
 * with the fan's own row highlighted, and "around you" when the fan is below the top 100.
 */
export default function LeaderboardRoute() {
  const { t, i18n } = useTranslation('leaderboard');
  const [params, setParams] = useSearchParams();
  const requested = params.get('board');
  const board: LeaderboardBoard = isBoard(requested) ? requested : 'season';
  const query = useQuery(leaderboardQueryOptions(board));
  // The fan's own award refetches the board at once (points_awarded on their private channel).
  useLive();
  const data = query.data;
  const farDown = data?.me.position != null && data.me.position > LEADERBOARD_TOP;

  return (
    <main className="pb-6">
      <PageHeader title={t('title')} back={<BackLink to={paths.dashboard} />} />
      <div className="flex flex-col gap-4 px-4">
        <div
          role="tablist"
          aria-label={t('boards')}
          className="grid grid-cols-4 gap-1 rounded-2xl bg-surface-2 p-1"
        >
          {LEADERBOARD_BOARDS.map((b) => (
            <button
              key={b}
              type="button"
              role="tab"
              aria-selected={b === board}
              onClick={() => setParams({ board: b }, { replace: true })}
              className={`min-h-11 rounded-xl px-2 text-sm font-bold ${b === board ? 'bg-brand text-white' : 'text-muted'}`}
            >
              {t(`tabs.${b}`)}
            </button>
          ))}
        </div>
        {query.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : query.isError || !data ? (
          <RetryState title={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2" data-testid="my-position">
              <p className="text-sm text-muted">
                {data.period?.name ??
                  (data.period ? t('since', { date: formatDate(data.period.startsAt, i18n.language) }) : '')}
              </p>
              <p className="font-display text-lg font-bold">
                {data.me.position
                  ? t('yourPosition', {
                      position: formatNumber(data.me.position, i18n.language),
                      total: formatNumber(data.total, i18n.language),
                    })
                  : t('notRanked')}
              </p>
            </div>
            {data.entries.length === 0 ? (
              <EmptyState
                title={board === 'weekend' && !data.period ? t('noWeekend') : t('empty')}
                description={board === 'friends' ? t('friendsHint') : t('emptyHint')}
              />
            ) : (
              <LeaderboardRows entries={data.entries} testId="leaderboard" />
            )}
            {farDown && (
              <section aria-labelledby="around-title" className="flex flex-col gap-2">
                <h2 id="around-title" className="font-display text-lg font-bold uppercase">
                  {t('around')}
                </h2>
                <LeaderboardRows entries={data.around} testId="around-me" />
              </section>
            )}
          </>
        )}
      </div>
    </main>
  );
}
