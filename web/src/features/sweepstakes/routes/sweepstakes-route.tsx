import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { sweepstakesQuery } from '../api/sweepstake-api.ts';
import { SweepstakeCard } from '../components/sweepstake-card.tsx';
import { CardList } from '../../../ui/card-list.tsx';
import { RetryState } from '../../../ui/card-list.tsx';

const ORDER = { live: 0, coming_soon: 1, ended: 2 } as const;

/** /sweepstakes: live first, then coming soon, then ended (with their winners). */
export default function SweepstakesRoute() {
  const { t } = useTranslation('sweepstakes');
  const list = useQuery(sweepstakesQuery());
  const items = [...(list.data ?? [])].sort(
    (a, b) => ORDER[a.status] - ORDER[b.status] || a.endsAt.localeCompare(b.endsAt),
  );
  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader title={t('title')} />
      <div className="flex flex-col gap-4 px-4">
        <p className="text-sm text-muted">{t('intro')}</p>
        {list.isPending ? (
          [0, 1].map((i) => <Skeleton key={i} className="aspect-[16/12] w-full" />)
        ) : list.isError ? (
          <RetryState
            title={t('errors.loadFailed')}
            retryLabel={t('retry')}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <CardList items={items} itemKey={(s) => s.sweepstakeId} gap={4}>
            {(s) => <SweepstakeCard sweepstake={s} />}
          </CardList>
        )}
      </div>
    </main>
  );
}
