import type { Offer } from '@paddock/contracts/api/offers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useFirstScreenShown } from '../../../lib/first-screen.ts';
import { useMe } from '../../../lib/user.ts';
import { Points } from '../../../ui/points.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { currentOfferQueryOptions } from '../api/rewards-api.ts';
import { OfferCard } from './offer-card.tsx';

/**
 * The dashboard's offer (GET /api/offers/current) with the fan's balance beside it (product §12.1).
 * Once the fan claims it here, the server's "current offer" moves on to the next one; the card
 * keeps the claimed offer (and its code) on screen until the fan leaves the dashboard.
 */
export function CurrentOfferCard() {
  const { t } = useTranslation('rewards');
  const me = useMe();
  // Below the fold on a phone: asked for once the first screen is drawn (decision 021).
  const current = useQuery({ ...currentOfferQueryOptions, enabled: useFirstScreenShown() });
  const [claimed, setClaimed] = useState<Offer | null>(null);
  const offer = claimed ?? current.data;

  if (current.isPending) return <Skeleton className="mx-4 h-[220px]" />;
  if (!offer) return null;

  return (
    <section aria-labelledby="current-offer-title" className="flex flex-col gap-3 px-4" id="offer">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="current-offer-title" className="font-display text-lg font-bold tracking-wide uppercase">
          {t('dashboard.title')}
        </h2>
        {/* /benefits sends an under-18 fan back to the dashboard (product §2.3): no link into it. */}
        {me.data && !me.data.underage && (
          <Link to={paths.benefits} className="text-sm font-semibold text-accent hover:underline">
            {t('dashboard.all')}
          </Link>
        )}
      </div>
      <OfferCard offer={offer} balance={me.data?.points} onClaimed={setClaimed} />
      {me.data && (
        <p className="text-sm text-muted" data-testid="offer-balance">
          {t('dashboard.balance')} <Points value={me.data.points} className="font-semibold text-white" />
        </p>
      )}
    </section>
  );
}
