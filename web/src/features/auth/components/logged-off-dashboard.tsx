import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { challengesQueryOptions, sweepstakesQueryOptions } from '../../../lib/summaries.ts';
import { ChallengesSection } from '../../../ui/challenge-tile.tsx';
import { SweepstakesSection } from '../../../ui/sweepstake-rail.tsx';

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
      <SweepstakesSection
        title={t('loggedOff.sweepstakes')}
        id="logged-off-sweepstakes"
        moreLabel={t('loggedOff.more')}
        query={sweepstakes}
        empty={t('loggedOff.noSweepstakes')}
        listClassName="flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2"
      />
      <ChallengesSection
        title={t('loggedOff.challenges')}
        id="logged-off-challenges"
        moreLabel={t('loggedOff.more')}
        pending={challenges.isPending}
        challenges={open}
        empty={{ title: t('loggedOff.noChallenges') }}
      />
    </div>
  );
}
