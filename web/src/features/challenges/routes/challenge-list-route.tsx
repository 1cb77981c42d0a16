import { CHALLENGE_SUBTYPES } from '@paddock/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { challengeListQuery } from '../api/challenge-api.ts';
import { ChallengeCard } from '../components/challenge-card.tsx';
import { SubtypeTabs } from '../components/subtype-tabs.tsx';
import { CardList } from '../../../ui/card-list.tsx';
import { RetryState } from '../../../ui/card-list.tsx';

/** /challenges/{subtype}: tabs for the five subtypes and the visible challenges of one. */
export default function ChallengeListRoute() {
  const { t } = useTranslation('challenges');
  const { subtype = 'poll' } = useParams();
  const known = (CHALLENGE_SUBTYPES as readonly string[]).includes(subtype);
  const list = useQuery({ ...challengeListQuery(subtype), enabled: known });
  if (!known) return <Navigate to={paths.challengeList('poll')} replace />;

  // Open ones first, then answered, then closed: what the fan can still do comes first.
  const items = [...(list.data ?? [])].sort((a, b) => rank(a) - rank(b));
  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader title={t('title')} />
      <div className="flex flex-col gap-4 px-4">
        <SubtypeTabs current={subtype} />
        <p className="text-sm text-muted">{t(`intro.${subtype}`)}</p>
        {list.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">{t('loading')}</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[106px]" />
            ))}
          </div>
        ) : list.isError ? (
          <RetryState
            title={t('errors.loadFailed')}
            retryLabel={t('actions.retry')}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <CardList items={items} itemKey={(challenge) => challenge.challengeId}>
            {(challenge) => <ChallengeCard challenge={challenge} />}
          </CardList>
        )}
      </div>
    </main>
  );
}

function rank(c: { expired: boolean; userResponse: unknown }) {
  if (c.expired) return 2;
  return c.userResponse ? 1 : 0;
}
