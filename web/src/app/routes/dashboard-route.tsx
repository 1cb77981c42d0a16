import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { challengesQueryOptions, sweepstakesQueryOptions } from '../../lib/summaries.ts';
import { useFirstScreenShown } from '../../lib/first-screen.ts';
import { useLive } from '../../lib/live/use-live.ts';
import { useMe } from '../../lib/user.ts';
import { LiveIndicator } from '../../ui/live-indicator.tsx';
import { ChallengesSection } from '../../ui/challenge-tile.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { SweepstakesSection } from '../../ui/sweepstake-rail.tsx';
import { CheckinCard } from '../../features/checkin/components/checkin-card.tsx';
import { PositionCard } from '../../features/leaderboard/components/position-card.tsx';
import { RankCard } from '../../features/dashboard/components/rank-card.tsx';
import { RewardsCarousel } from '../../features/dashboard/components/rewards-carousel.tsx';
import { BoostBanner } from '../../features/rewards/components/boost-banner.tsx';
import { CurrentOfferCard } from '../../features/rewards/components/current-offer-card.tsx';
import { StoriesRail } from '../../features/stories/components/stories-rail.tsx';
import { WinsCard } from '../../features/sweepstakes/components/wins-card.tsx';

/**
 * `/dashboard`: the fan's home — points and rank, check-in, rewards, stories, live challenges,
 * prize draws. It composes several features' pieces, so it lives in app/.
 */
export default function DashboardRoute() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const location = useLocation() as { state: { justJoined?: boolean } | null };
  // Points, rank, challenges and draws refresh on live events (decision 012).
  const liveState = useLive();
  // Below the fold on a phone, as are the position, offer and rewards cards: their lists are
  // asked for once the first screen (rank, boost line, stories, check-in) is drawn, so they do
  // not share a slow link and the first render's CPU with it (decision 021).
  const enabled = useFirstScreenShown();
  const challenges = useQuery({ ...challengesQueryOptions, enabled });
  const sweepstakes = useQuery({ ...sweepstakesQueryOptions, enabled });
  const live = (challenges.data?.items ?? []).filter((c) => !c.completed).slice(0, 4);

  return (
    // Wide screens: two columns (the fan's own status left, what to do next right). On phones the
    // column wrappers are `display: contents`, so the cards keep one column in the same order.
    <main className="flex flex-col gap-7 pt-4 pb-6 lg:grid lg:grid-cols-2 lg:items-start lg:gap-x-2">
      <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-7">
        <div className="-mb-5 flex justify-end px-4">
          <LiveIndicator state={liveState} />
        </div>
        {me.data ? (
          <RankCard user={me.data} justJoined={location.state?.justJoined === true} />
        ) : (
          <Skeleton className="mx-4 h-[212px] rounded-3xl!" />
        )}
        <BoostBanner />
        <StoriesRail />
        <CheckinCard />
        <PositionCard />
        <CurrentOfferCard />
      </div>
      <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-7">
        <RewardsCarousel />
        <ChallengesSection
          title={t('challenges.title')}
          id="live-challenges"
          moreLabel={t('seeAll')}
          pending={challenges.isPending}
          challenges={live}
          empty={{ title: t('challenges.empty'), description: t('challenges.emptyHint') }}
        />
        <SweepstakesSection
          title={t('sweepstakes.title')}
          id="sweepstakes"
          moreLabel={t('seeAll')}
          query={sweepstakes}
          empty={t('sweepstakes.empty')}
          listClassName="flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 lg:grid lg:grid-cols-2 lg:overflow-visible"
          itemClassName="flex lg:[&>*]:w-full"
        />
      </div>
      {/* Last: the draws answer after the first paint, and it floats above the navigation (decision 021). */}
      {sweepstakes.data && <WinsCard sweepstakes={sweepstakes.data} />}
    </main>
  );
}
