import type { Challenge } from '@paddock/contracts/api/challenges';
import { CircleCheck, Clock, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Points } from '../../../ui/points.tsx';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/** One challenge in a list: picture, title, what it pays and whether the fan is done with it. */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const { t, i18n } = useTranslation('challenges');
  const answered = challenge.userResponse != null;
  const status = challenge.expired ? 'closed' : answered ? 'answered' : 'open';
  return (
    <Link
      to={paths.challenge(challenge.subtype, challenge.challengeId)}
      className="group flex gap-3 rounded-2xl border border-line bg-surface p-3 transition hover:border-brand focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-surface-2">
        <LazyPicture src={challenge.imageUrl} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="line-clamp-2 font-display text-lg leading-tight font-bold">{challenge.title}</p>
        <p className="flex items-center gap-2 text-sm text-muted">
          {status === 'answered' && (
            <>
              <CircleCheck className="size-4 text-accent" aria-hidden />
              {t('status.answered')}
            </>
          )}
          {status === 'closed' && !answered && (
            <>
              <Lock className="size-4" aria-hidden />
              {t('status.closed')}
            </>
          )}
          {status === 'open' && challenge.expiresOn && (
            <>
              <Clock className="size-4" aria-hidden />
              {t('status.closes', {
                date: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(challenge.expiresOn)),
              })}
            </>
          )}
          {status === 'open' && !challenge.expiresOn && t('status.open')}
        </p>
        <p className="mt-auto text-sm font-semibold text-accent">
          {answered && challenge.subtype === 'pickem' && challenge.outcome == null ? (
            // Nothing is earned yet while a prediction waits for its result (product §10.2.3).
            t('pickem.locked')
          ) : answered ? (
            <>
              {t('earned')} <Points value={challenge.userResponse?.score ?? 0} />
            </>
          ) : (
            <>
              {t('upTo')} <Points value={challenge.maxPoints} />
            </>
          )}
        </p>
      </div>
    </Link>
  );
}
