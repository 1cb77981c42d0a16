import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { CoverImage } from '../../../ui/cover-image.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Points } from '../../../ui/points.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { challengeQuery } from '../api/challenge-api.ts';
import { ArcadeGame } from '../components/arcade-game.tsx';
import { UntimedArcade } from '../components/untimed-arcade.tsx';
import { useMe } from '../../../lib/user.ts';
import { KeywordChallenge } from '../components/keyword-challenge.tsx';
import { PickemChallenge } from '../components/pickem-challenge.tsx';
import { PollChallenge } from '../components/poll-challenge.tsx';
import { TriviaChallenge } from '../components/trivia-challenge.tsx';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';
import { useLive, useLiveResults } from '../../../lib/live/use-live.ts';
import { LiveIndicator } from '../../../ui/live-indicator.tsx';

/** /challenges/{subtype}/{challenge}: one challenge, played the way its subtype asks. */
export default function ChallengeRoute() {
  const { t, i18n } = useTranslation('challenges');
  const params = useParams();
  const subtype = params.subtype ?? 'poll';
  const id = params.challengeId ?? params.challenge ?? params.id ?? '';
  const query = useQuery(challengeQuery(id));
  const challenge = query.data;
  // Product §10.2.4 item 4: a fan in untimed mode plays the arcade without the lights.
  const me = useMe();
  // Poll bars move and a settled pick'em shows its payout without a reload (decision 012).
  const live = useLive();
  // Once the fan may see the results, the tally arrives on the results topic (decision 024).
  useLiveResults(challenge);

  const back = (
    <ChevronBackLink to={paths.challengeList(challenge?.subtype ?? subtype)} label={t('actions.back')} />
  );

  if (query.isPending) {
    return (
      <main className="flex flex-col gap-4 pb-6" aria-busy="true">
        <PageHeader title={t(`subtypes.${subtype}`, { defaultValue: t('title') })} back={back} />
        <div className="flex flex-col gap-3 px-4">
          <Skeleton className="aspect-[16/9] w-full" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      </main>
    );
  }
  if (query.isError || !challenge) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <main className="flex flex-col gap-4 pb-6">
        <PageHeader title={t('title')} back={back} />
        <div className="px-4">
          <EmptyState
            title={notFound ? t('errors.notFound') : t('errors.loadFailed')}
            action={
              notFound ? undefined : (
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  {t('actions.retry')}
                </Button>
              )
            }
          />
        </div>
      </main>
    );
  }

  const game = challenge.subtype === 'arcade';
  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader
        title={t(`subtypes.${challenge.subtype}`)}
        back={back}
        actions={<LiveIndicator state={live} />}
      />
      <article className="flex flex-col gap-4 px-4">
        {!game && <CoverImage src={challenge.imageUrl} />}
        <header className="flex flex-col gap-1">
          <h2 className="font-display text-2xl leading-tight font-black">{challenge.title}</h2>
          {challenge.description && <p className="text-muted">{challenge.description}</p>}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <span className="font-semibold text-accent">
              {t('upTo')} <Points value={challenge.maxPoints} />
            </span>
            {challenge.expiresOn && (
              <span className="flex items-center gap-1">
                <Clock className="size-4" aria-hidden />
                {t(challenge.expired ? 'status.closedOn' : 'status.closes', {
                  date: new Intl.DateTimeFormat(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(new Date(challenge.expiresOn)),
                })}
              </span>
            )}
          </p>
        </header>
        {challenge.subtype === 'poll' && <PollChallenge challenge={challenge} />}
        {challenge.subtype === 'pickem' && <PickemChallenge challenge={challenge} />}
        {challenge.subtype === 'trivia' && <TriviaChallenge challenge={challenge} />}
        {challenge.subtype === 'keyword' && <KeywordChallenge challenge={challenge} />}
        {challenge.subtype === 'arcade' &&
          (me.data?.untimedMode ? (
            <UntimedArcade challenge={challenge} />
          ) : (
            <ArcadeGame challenge={challenge} />
          ))}
      </article>
    </main>
  );
}
