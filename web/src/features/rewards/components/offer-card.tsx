import type { Offer } from '@paddock/contracts/api/offers';
import { Gift, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog, SpendSummary } from '../../../ui/confirm-dialog.tsx';
import { Points } from '../../../ui/points.tsx';
import { claimedOffer, useClaimOffer } from '../api/use-claim-offer.ts';
import { offerState, pointsShort } from '../lib/offer-state.ts';
import { CopyCode } from './copy-code.tsx';
import { LazyPicture } from '../../../ui/cover-image.tsx';

/**
 * One offer as a fan sees it (product §12.1), on the dashboard and on /benefits: what it is, what it
 * costs, and the one thing the fan can do now — claim it, copy the claimed code, or see what
 * is missing (the rank needed, points, stock, the window).
 */
export function OfferCard({
  offer,
  balance,
  headingLevel = 3,
  onClaimed,
}: {
  offer: Offer;
  balance: number | null | undefined;
  headingLevel?: 2 | 3;
  /** Called with the claimed offer (its code included) once the server confirms the claim. */
  onClaimed?: (offer: Offer) => void;
}) {
  const { t, i18n } = useTranslation('rewards');
  const claim = useClaimOffer();
  const state = offerState(offer, balance);
  const [confirming, setConfirming] = useState(false);
  const send = () =>
    claim.mutate(offer.offerId, {
      onSuccess: (result) => onClaimed?.(claimedOffer(result)),
      onSettled: () => setConfirming(false),
    });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `offer-${offer.offerId}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="offer-card"
      data-state={state}
      className={`overflow-hidden rounded-2xl border bg-surface ${
        state === 'claimed'
          ? 'border-accent/70'
          : state === 'locked'
            ? 'border-line opacity-90'
            : 'border-line'
      }`}
    >
      {offer.imageUrl && (
        <div className="aspect-[21/9] bg-surface-2">
          <LazyPicture src={offer.imageUrl} />
        </div>
      )}
      <div className="flex flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          {!offer.imageUrl && (
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand/25 text-accent">
              {state === 'locked' ? (
                <Lock className="size-5" aria-hidden />
              ) : (
                <Gift className="size-5" aria-hidden />
              )}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <Heading id={headingId} className="font-display text-lg leading-tight font-bold">
              {offer.title}
            </Heading>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              {offer.cost === 0 ? (
                <span className="font-semibold text-accent">{t('offer.free')}</span>
              ) : (
                <Points value={offer.cost} className="font-semibold text-white" />
              )}
              {offer.minAge !== null && (
                <span className="rounded-md bg-surface-2 px-1.5 text-xs font-bold text-white">
                  {t('offer.minAge', { age: offer.minAge })}
                </span>
              )}
              {offer.remaining !== null && state !== 'claimed' && state !== 'locked' && (
                <span>{t('offer.remaining', { count: offer.remaining })}</span>
              )}
            </p>
          </div>
        </div>
        {offer.text && <p className="text-sm">{offer.text}</p>}
        <OfferAction
          offer={offer}
          state={state}
          short={pointsShort(offer, balance)}
          locale={i18n.language}
          claiming={claim.isPending}
          // Product §13.5: spending points is confirmed with the cost and the balance after.
          onClaim={() => (offer.cost > 0 ? setConfirming(true) : send())}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('confirm.title', { title: offer.title })}
        confirmLabel={t('confirm.yes', { points: formatNumber(offer.cost, i18n.language) })}
        cancelLabel={t('confirm.no')}
        busy={claim.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        <SpendSummary
          rows={[
            { label: t('confirm.cost'), value: <Points value={offer.cost} /> },
            { label: t('confirm.balance'), value: <Points value={balance ?? 0} /> },
            {
              label: t('confirm.after'),
              value: <Points value={(balance ?? 0) - offer.cost} />,
              testId: 'balance-after',
            },
          ]}
        />
      </ConfirmDialog>
    </article>
  );
}

function OfferAction({
  offer,
  state,
  short,
  locale,
  claiming,
  onClaim,
}: {
  offer: Offer;
  state: ReturnType<typeof offerState>;
  short: number;
  locale: string;
  claiming: boolean;
  onClaim: () => void;
}) {
  const { t } = useTranslation('rewards');
  const note = (text: string) => (
    <p className="flex min-h-11 items-center justify-center gap-2 rounded-xl bg-surface-2 px-3 text-center text-sm font-semibold text-muted">
      {text}
    </p>
  );
  switch (state) {
    case 'claimed':
      return (
        <div className="flex flex-col gap-2" data-testid="offer-claimed">
          {offer.code && <CopyCode code={offer.code} />}
          {offer.instruction && (
            <p className="rounded-xl bg-surface-2 p-3 text-sm">
              <span className="block text-xs font-semibold tracking-wider text-muted uppercase">
                {t('offer.howToUse')}
              </span>
              {offer.instruction}
            </p>
          )}
          {offer.claimedAt && (
            <p className="text-xs text-muted">
              {t('offer.claimedOn', { date: formatDate(offer.claimedAt, locale, { dateStyle: 'long' }) })}
            </p>
          )}
        </div>
      );
    case 'locked':
      return (
        <p
          className="flex min-h-11 items-center gap-2 rounded-xl bg-surface-2 px-3 text-sm font-semibold"
          data-testid="offer-locked"
        >
          <Lock className="size-4 shrink-0 text-accent" aria-hidden />
          {t('offer.locked', {
            rank: offer.requiredRank ? `${offer.requiredRank.code} · ${offer.requiredRank.name}` : '',
          })}
        </p>
      );
    case 'upcoming':
      return note(t('offer.opens', { date: formatDate(offer.startsAt, locale, { dateStyle: 'long' }) }));
    case 'ended':
      return note(t('offer.ended'));
    case 'soldOut':
      return note(t('offer.soldOut'));
    case 'needPoints':
      return (
        <div className="flex flex-col gap-1.5">
          <Button full disabled>
            {t('offer.claimFor', { points: formatNumber(offer.cost, locale) })}
          </Button>
          <p className="text-center text-sm text-muted">
            {t('offer.needMore', { points: formatNumber(short, locale) })}
          </p>
        </div>
      );
    case 'claimable':
      return (
        <Button full loading={claiming} onClick={onClaim}>
          {offer.cost === 0
            ? t('offer.claimFree')
            : t('offer.claimFor', { points: formatNumber(offer.cost, locale) })}
        </Button>
      );
  }
}
