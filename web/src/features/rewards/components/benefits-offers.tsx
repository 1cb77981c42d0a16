import { RANK_CODES } from '@paddock/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/user.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { offersQueryOptions } from '../api/rewards-api.ts';
import { sortOffers } from '../lib/offer-state.ts';
import { OfferCard } from './offer-card.tsx';

/** /benefits, below the rank ladder: every offer the fan's rank unlocks, then the locked ones (product §12.1). */
export function BenefitsOffers() {
  const { t } = useTranslation('rewards');
  const me = useMe();
  const offers = useQuery(offersQueryOptions);
  const sorted = sortOffers(offers.data ?? [], RANK_CODES);

  return (
    <section aria-labelledby="benefit-offers-title" className="flex flex-col gap-3" id="offers">
      <div>
        <h2 id="benefit-offers-title" className="font-display text-xl font-bold tracking-wide uppercase">
          {t('benefits.title')}
        </h2>
        <p className="text-sm text-muted">{t('benefits.intro')}</p>
      </div>
      {offers.isPending ? (
        [0, 1].map((i) => <Skeleton key={i} className="h-40" />)
      ) : offers.isError ? (
        <EmptyState title={t('benefits.error')} />
      ) : sorted.length === 0 ? (
        <EmptyState title={t('benefits.empty')} description={t('benefits.emptyHint')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {sorted.map((offer) => (
            <li key={offer.offerId}>
              <OfferCard offer={offer} balance={me.data?.points} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
