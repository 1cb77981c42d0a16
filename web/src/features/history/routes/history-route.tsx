import { paths } from '../../../config/paths.ts';
import type { TransactionPage } from '@paddock/contracts/api/profile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BackLink } from '../../../ui/back-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { RetryState } from '../../../ui/card-list.tsx';

/** `/history`: the fan's points ledger, newest first, loading the next page as the end scrolls into view. */
export default function HistoryRoute() {
  const { t, i18n } = useTranslation('history');
  const sentinel = useRef<HTMLDivElement>(null);
  const history = useInfiniteQuery({
    queryKey: queryKeys.transactions,
    queryFn: ({ pageParam }) =>
      api.get<TransactionPage>(
        `/user/me/transactions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <main className="pb-6">
      <PageHeader title={t('title')} back={<BackLink to={paths.profile} />} />
      <div className="px-4">
        {history.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : history.isError ? (
          <RetryState title={t('error')} retryLabel={t('retry')} onRetry={() => void history.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('empty')} description={t('emptyHint')} />
        ) : (
          <ol
            className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
            data-testid="history"
          >
            {items.map((item) => (
              <li key={item.id} className="flex min-h-16 items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.description}</p>
                  <p className="text-xs text-muted">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, i18n.language)}</time>
                  </p>
                </div>
                <span
                  className={`font-display text-lg font-black tabular-nums ${item.amount >= 0 ? 'text-accent' : 'text-red-300'}`}
                >
                  {item.amount >= 0 ? '+' : '−'}
                  {formatNumber(Math.abs(item.amount), i18n.language)}
                </span>
              </li>
            ))}
          </ol>
        )}
        <div ref={sentinel} aria-hidden className="h-1" />
        {isFetchingNextPage && <Skeleton className="mt-2 h-16" />}
      </div>
    </main>
  );
}
