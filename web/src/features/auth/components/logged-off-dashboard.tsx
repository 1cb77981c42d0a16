import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { challengesQueryOptions, sweepstakesQueryOptions } from '../../../lib/summaries.ts';
import { ChallengeTile } from '../../../ui/challenge-tile.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Section } from '../../../ui/section.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { SweepstakeRail } from '../../../ui/sweepstake-rail.tsx';

/**
 * Product §1/§6: visitors see sweepstakes and challenges when the organization enables the
 * logged-off dashboard; the calls carry the organization key. Opening one asks them to sign
 * in and brings them back to it afterwards (product §2 remembered path).
 */
export function LoggedOffDashboard() {
  const { t } = useTranslation('auth');
  const sweepstakes = useQuery(sweepstakesQueryOptions);
  const challenges = useQuery(challengesQueryOptions);
  const open = (challenges.data?.items ?? []).filter((c) => !c.expired).slice(0, 5);

  return (
    <div className="flex flex-col gap-8 py-8" data-testid="logged-off-dashboard">
      <Section
        title={t('loggedOff.sweepstakes')}
        id="logged-off-sweepstakes"
        more={{ to: paths.sweepstakes, label: t('loggedOff.more') }}
      >
        <SweepstakeRail
          query={sweepstakes}
          empty={t('loggedOff.noSweepstakes')}
          listClassName="flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2"
        />
      </Section>
      <Section
        title={t('loggedOff.challenges')}
        id="logged-off-challenges"
        more={{ to: paths.challenges, label: t('loggedOff.more') }}
      >
        <div className="flex flex-col gap-2 px-4">
          {challenges.isPending ? (
            [0, 1, 2].map((i) => <Skeleton key={i} className="h-[74px] w-full" />)
          ) : open.length === 0 ? (
            <EmptyState title={t('loggedOff.noChallenges')} />
          ) : (
            open.map((c) => <ChallengeTile key={c.challengeId} challenge={c} />)
          )}
        </div>
      </Section>
    </div>
  );
}
