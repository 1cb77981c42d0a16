import { CircleCheck, Lock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../lib/organization.ts';
import { useMe } from '../../lib/user.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Points } from '../../ui/points.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { progressToNext, rankLadder } from '../../features/hubs/lib/rank-ladder.ts';
import { BenefitsOffers } from '../../features/rewards/components/benefits-offers.tsx';

/**
 * /benefits: the rank ladder (GET /api/organization/current ranks) with the fan's position on
 * it, then the offers (rewards). It composes the hubs and rewards features, so it lives in app/.
 */
export default function BenefitsRoute() {
  const { t } = useTranslation('hubs');
  const org = useOrganization();
  const me = useMe();
  const lifetime = me.data?.lifetimePoints ?? null;
  const ladder = org.data ? rankLadder(org.data.ranks, lifetime) : [];
  const progress = lifetime === null ? 0 : progressToNext(ladder, lifetime);

  return (
    <main className="flex flex-col gap-4 pb-6">
      <PageHeader title={t('benefits.title')} />
      <div className="flex flex-col gap-4 px-4">
        <p className="text-muted">{t('benefits.intro')}</p>
        {me.data?.rank && (
          <section
            className="rounded-2xl border border-brand/60 bg-gradient-to-br from-brand/25 to-surface p-4"
            aria-label={t('benefits.you')}
          >
            <p className="text-xs font-semibold tracking-widest text-muted uppercase">{t('benefits.you')}</p>
            <p className="font-display text-3xl font-black">
              {me.data.rank.code} · {me.data.rank.name}
            </p>
            <p className="text-sm text-muted">
              {t('benefits.lifetime')} <Points value={me.data.lifetimePoints} />
            </p>
            {me.data.nextRank && (
              <>
                <div
                  className="mt-3 h-2 overflow-hidden rounded-full bg-black/40"
                  role="progressbar"
                  aria-label={t('benefits.progress', { name: me.data.nextRank.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                >
                  <div
                    className="h-full origin-left bg-accent"
                    style={{ transform: `scaleX(${progress})` }}
                  />
                </div>
                <p className="mt-2 text-sm">
                  {t('benefits.toNext', { name: me.data.nextRank.name })}{' '}
                  <Points value={me.data.nextRank.pointsNeeded} className="font-semibold text-accent" />
                </p>
              </>
            )}
          </section>
        )}
        {org.isPending ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-20" />)
        ) : (
          <ol className="relative flex flex-col gap-2 before:absolute before:top-4 before:bottom-4 before:left-[1.375rem] before:w-0.5 before:bg-line">
            {ladder.map((rung) => (
              <li
                key={rung.code}
                aria-current={rung.state === 'current' ? 'step' : undefined}
                className={`relative flex gap-3 rounded-2xl border p-3 ${
                  rung.state === 'current'
                    ? 'border-accent bg-surface'
                    : rung.state === 'reached'
                      ? 'border-line bg-surface'
                      : 'border-line bg-bg'
                }`}
              >
                <span
                  className={`relative z-10 grid size-8 shrink-0 place-items-center rounded-full text-xs font-black ${
                    rung.state === 'locked' ? 'bg-surface-2 text-muted' : 'bg-brand text-white'
                  }`}
                >
                  {rung.code}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 font-display text-lg leading-tight font-bold">
                    {rung.name}
                    {rung.state === 'current' && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 font-sans text-xs font-bold text-black">
                        <MapPin className="size-3" aria-hidden />
                        {t('benefits.here')}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    {rung.minPoints === 0 ? (
                      t('benefits.entry')
                    ) : (
                      <>
                        {t('benefits.from')} <Points value={rung.minPoints} />
                      </>
                    )}
                  </p>
                  <p className={`mt-1 text-sm ${rung.state === 'locked' ? 'text-muted' : ''}`}>
                    {rung.benefits ?? t('benefits.noBenefits')}
                  </p>
                </div>
                <span className="shrink-0 self-center">
                  {rung.state === 'locked' ? (
                    <span className="flex flex-col items-center text-xs text-muted">
                      <Lock className="size-4" aria-hidden />
                      <span className="sr-only">{t('benefits.locked')}</span>
                      {lifetime !== null && <Points value={rung.pointsNeeded} />}
                    </span>
                  ) : (
                    <CircleCheck className="size-5 text-accent" aria-label={t('benefits.reached')} />
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
        <BenefitsOffers />
      </div>
    </main>
  );
}
