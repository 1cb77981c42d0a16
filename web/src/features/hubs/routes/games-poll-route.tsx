import { useQuery } from '@tanstack/react-query';
import { Gamepad2, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { challengesQueryOptions } from '../../../lib/summaries.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { HubHero } from '../components/hub-hero.tsx';
import { HubList } from '../components/hub-list.tsx';

/** /games/poll: the poll hub — open polls to vote in, finished ones to see results, and the arcade. */
export default function GamesPollRoute() {
  const { t } = useTranslation('hubs');
  const list = useQuery(challengesQueryOptions);
  const items = list.data?.items ?? [];
  const polls = items.filter((c) => c.subtype === 'poll');
  const open = polls.filter((c) => !c.completed);
  const done = polls.filter((c) => c.completed);
  const arcade = items.find((c) => c.subtype === 'arcade' && !c.completed);

  return (
    <main className="flex flex-col gap-5 pb-6">
      <PageHeader title={t('games.title')} />
      <div className="flex flex-col gap-5 px-4">
        <HubHero icon={Vote} tint="from-brand/40" title={t('games.heroTitle')} text={t('games.heroText')} />
        <HubList title={t('games.open')} items={open} pending={list.isPending} empty={t('games.noneOpen')} />
        {arcade && (
          <Link
            to={paths.challenge('arcade', arcade.challengeId)}
            className="flex items-center gap-3 rounded-2xl border border-accent/50 bg-surface p-4 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <Gamepad2 className="size-8 text-accent" aria-hidden />
            <span className="flex-1">
              <span className="block font-display text-lg font-bold">{t('games.arcade')}</span>
              <span className="text-sm text-muted">{arcade.title}</span>
            </span>
          </Link>
        )}
        {done.length > 0 && <HubList title={t('games.results')} items={done} pending={false} empty="" />}
        <Link
          to={paths.challengeList('poll')}
          className="text-center font-semibold text-accent underline-offset-2 hover:underline"
        >
          {t('games.allPolls')}
        </Link>
      </div>
    </main>
  );
}
