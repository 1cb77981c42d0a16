import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { badgesQueryOptions } from '../api/rewards-api.ts';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/** The badge wallet on /profile (GET /api/user/me/badges): image, name, how and when it was earned. */
export function BadgeWallet() {
  const { t, i18n } = useTranslation('rewards');
  const badges = useQuery(badgesQueryOptions);

  return (
    <section aria-labelledby="badge-wallet-title" className="flex flex-col gap-3" data-testid="badge-wallet">
      <h2 id="badge-wallet-title" className="font-display text-lg font-bold tracking-wide uppercase">
        {t('badges.title')}
      </h2>
      {badges.isPending ? (
        <Skeleton className="h-24" />
      ) : badges.isError ? null : badges.data.length === 0 ? (
        <EmptyState title={t('badges.empty')} description={t('badges.emptyHint')} />
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {badges.data.map((badge) => (
            <li
              key={badge.badgeId}
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3"
            >
              {badge.imageUrl ? (
                <LazyPicture src={badge.imageUrl} className="size-14 shrink-0 rounded-full object-cover" />
              ) : (
                <span className="grid size-14 shrink-0 place-items-center rounded-full bg-brand/25 text-accent">
                  <Award className="size-7" aria-hidden />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <h3 className="font-display text-base leading-tight font-bold">{badge.name}</h3>
                <p className="text-sm text-muted">{badge.howText}</p>
                <p className="text-xs text-muted">
                  {t('badges.earnedOn')}{' '}
                  <time dateTime={badge.earnedAt}>
                    {formatDate(badge.earnedAt, i18n.language, { dateStyle: 'long' })}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
