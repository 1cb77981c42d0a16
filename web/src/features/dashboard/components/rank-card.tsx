import type { User } from '@paddock/contracts/api/profile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useOrganization } from '../../../lib/organization.ts';
import { displayName } from '../../../lib/user.ts';
import { Avatar } from '../../../ui/avatar.tsx';

/** Progress from the current rank's minimum to the next one's, 0..1 (1 at the top rank). */
export function rankProgress(
  user: Pick<User, 'lifetimePoints' | 'rank' | 'nextRank'>,
  ranks: { code: string; minPoints: number }[],
) {
  if (!user.nextRank) return 1;
  const currentMin = ranks.find((r) => r.code === user.rank?.code)?.minPoints ?? 0;
  const nextMin = user.lifetimePoints + user.nextRank.pointsNeeded;
  const span = nextMin - currentMin;
  return span <= 0 ? 0 : Math.min(1, Math.max(0, (user.lifetimePoints - currentMin) / span));
}

/** The greeting, the spendable points and the rank with the progress to the next one. */
export function RankCard({ user, justJoined = false }: { user: User; justJoined?: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const org = useOrganization();
  const progress = rankProgress(user, org.data?.ranks ?? []);
  const name = displayName(user);

  return (
    <section aria-labelledby="greeting" className="rank-card relative mx-4 overflow-hidden rounded-3xl p-5">
      <div className="flex items-center gap-3">
        <Avatar src={user.avatarUrl} name={name} size={52} />
        <div className="min-w-0">
          <p className="text-sm text-white/75">
            {/* A fan who has just finished signing up is welcomed, not welcomed back. */}
            {justJoined ? t('greeting.kickerNew') : t('greeting.kicker')}
          </p>
          <h1
            id="greeting"
            className="truncate font-display text-2xl font-black uppercase"
            data-testid="fan-name"
          >
            {t('greeting.hello', { name })}
          </h1>
        </div>
      </div>
      <div className="mt-5 flex items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wider text-white/70 uppercase">{t('rank.points')}</p>
          <p className="font-display text-4xl leading-none font-black tabular-nums" data-testid="points">
            {formatNumber(user.points, i18n.language)}
          </p>
        </div>
        {/* /benefits sends an under-18 fan back to the dashboard (product §2.3): no link into it. */}
        {user.rank && user.underage && (
          <div className="text-right">
            <span className="block font-display text-3xl leading-none font-black text-white">
              {user.rank.code}
            </span>
            <span className="text-sm font-semibold text-white/85">{user.rank.name}</span>
          </div>
        )}
        {user.rank && !user.underage && (
          <Link
            to={paths.benefits}
            className="text-right"
            aria-label={t('rank.benefitsLink', { rank: user.rank.name })}
          >
            <span className="block font-display text-3xl leading-none font-black text-white">
              {user.rank.code}
            </span>
            <span className="text-sm font-semibold text-white/85">{user.rank.name}</span>
          </Link>
        )}
      </div>
      <div className="mt-4">
        <div
          className="h-2 overflow-hidden rounded-full bg-black/35"
          role="progressbar"
          aria-label={t('rank.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div
            className="h-full rounded-full bg-white transition-[width] duration-700"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-white/85">
          {user.nextRank
            ? t('rank.toNext', {
                points: formatNumber(user.nextRank.pointsNeeded, i18n.language),
                rank: `${user.nextRank.code} ${user.nextRank.name}`,
              })
            : t('rank.top')}
        </p>
      </div>
    </section>
  );
}
