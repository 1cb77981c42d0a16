import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { challengesQueryOptions, sweepstakesQueryOptions } from '../../../lib/summaries.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { SweepstakeRail } from '../../../ui/sweepstake-rail.tsx';
import { HubHero } from '../components/hub-hero.tsx';
import { HubList } from '../components/hub-list.tsx';

/** /contests: everything with a prize on the line — pick'ems, trivia and sweepstakes. */
export default function ContestsRoute() {
  const { t } = useTranslation('hubs');
  const challenges = useQuery(challengesQueryOptions);
  const sweepstakes = useQuery(sweepstakesQueryOptions);
  const items = challenges.data?.items ?? [];
  const byOpenFirst = <T extends { completed: boolean }>(list: T[]) =>
    [...list].sort((a, b) => Number(a.completed) - Number(b.completed));
  const pickems = byOpenFirst(items.filter((c) => c.subtype === 'pickem'));
  const trivia = byOpenFirst(items.filter((c) => c.subtype === 'trivia'));

  return (
    <main className="flex flex-col gap-5 pb-6">
      <PageHeader title={t('contests.title')} />
      <div className="flex flex-col gap-5 px-4">
        <HubHero
          icon={Trophy}
          tint="from-accent/30"
          title={t('contests.heroTitle')}
          text={t('contests.heroText')}
        />
        <HubList
          title={t('contests.pickems')}
          items={pickems}
          pending={challenges.isPending}
          empty={t('contests.noPickems')}
        />
        <HubList
          title={t('contests.trivia')}
          items={trivia}
          pending={challenges.isPending}
          empty={t('contests.noTrivia')}
        />
        <section className="flex flex-col gap-3">
          <div className="flex items-baseline justify-between">
            <h2 className="font-display text-xl font-bold">{t('contests.sweepstakes')}</h2>
            <Link to={paths.sweepstakes} className="text-sm font-semibold text-accent">
              {t('contests.allSweepstakes')}
            </Link>
          </div>
          {/* The section already sits inside the screen's padding: no inset of its own. */}
          <SweepstakeRail
            query={sweepstakes}
            empty={t('contests.noSweepstakes')}
            listClassName="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
            inset=""
            placeholders={['h-56 w-full']}
          />
        </section>
      </div>
    </main>
  );
}
