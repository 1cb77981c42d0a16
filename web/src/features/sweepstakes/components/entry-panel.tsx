import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/user.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog, SpendSummary } from '../../../ui/confirm-dialog.tsx';
import { Points } from '../../../ui/points.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { entryErrorKey, useEnterSweepstake } from '../api/sweepstake-api.ts';
import { canAfford, clampCount, maxAddable, totalCost } from '../lib/entry-stepper.ts';

/** Buying entries: the count stepper, the total cost, the balance, and the free method of entry. */
export function EntryPanel({ sweepstake }: { sweepstake: Sweepstake }) {
  const { t } = useTranslation('sweepstakes');
  const me = useMe();
  const enter = useEnterSweepstake(sweepstake.sweepstakeId);
  const limits = {
    costPerEntry: sweepstake.costPerEntry,
    maxEntriesPerFan: sweepstake.maxEntriesPerFan,
    userEntries: sweepstake.userEntries,
    points: me.data?.points ?? null,
  };
  const [requested, setRequested] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const count = clampCount(requested, limits);
  const max = maxAddable(limits);
  const cost = totalCost(count, sweepstake.costPerEntry);
  const affordable = canAfford(count, limits);
  // Product §10.14: the server refuses under-18 entries; the panel says so before the fan acts.
  const underage = me.data?.underage === true;

  const onError = (error: unknown) =>
    toast({ title: t('errors.title'), description: t(entryErrorKey(error)), variant: 'destructive' });

  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
      aria-labelledby="enter-title"
    >
      <h2 id="enter-title" className="font-display text-xl font-bold">
        {t('enter.title')}
      </h2>
      {underage && (
        <p id="entry-underage" className="rounded-xl border border-line bg-surface-2 p-3 text-sm">
          {t('enter.underage')}
        </p>
      )}
      {max === 0 ? (
        <p className="text-muted">{t('enter.capReached', { count: sweepstake.maxEntriesPerFan ?? 0 })}</p>
      ) : (
        <>
          <fieldset className="flex items-center justify-between gap-3">
            <legend className="float-left font-semibold">{t('enter.count')}</legend>
            <div className="flex items-center gap-2">
              <button
                type="button"
                className="grid size-11 place-items-center rounded-full border border-line bg-surface-2 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent"
                onClick={() => setRequested(count - 1)}
                disabled={count <= 1 || enter.isPending}
                aria-label={t('enter.fewer')}
              >
                <Minus className="size-5" aria-hidden />
              </button>
              <output
                className="min-w-12 text-center font-display text-3xl font-black tabular-nums"
                aria-live="polite"
                aria-label={t('enter.countValue', { count })}
              >
                {count}
              </output>
              <button
                type="button"
                className="grid size-11 place-items-center rounded-full border border-line bg-surface-2 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent"
                onClick={() => setRequested(count + 1)}
                disabled={count >= max || enter.isPending}
                aria-label={t('enter.more')}
              >
                <Plus className="size-5" aria-hidden />
              </button>
            </div>
          </fieldset>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted">{t('enter.total')}</dt>
            <dd className="text-right font-bold text-accent" data-testid="entry-total">
              <Points value={cost} />
            </dd>
            {me.data && (
              <>
                <dt className="text-muted">{t('enter.balance')}</dt>
                <dd className={`text-right font-semibold ${affordable ? '' : 'text-red-400'}`}>
                  <Points value={me.data.points} />
                </dd>
              </>
            )}
          </dl>
          {!affordable && <p className="text-sm text-red-300">{t('enter.notEnough')}</p>}
          <Button
            full
            loading={enter.isPending}
            disabled={underage}
            aria-describedby={underage ? 'entry-underage' : undefined}
            // Product §13.5: spending points is confirmed with the cost and the balance after.
            onClick={() => setConfirming(true)}
          >
            {t('enter.cta', { count })}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirm.title', { count })}
        confirmLabel={t('confirm.yes', { points: cost })}
        cancelLabel={t('confirm.no')}
        busy={enter.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          enter.mutate(
            { free: false, count },
            {
              onSuccess: (result) => {
                setRequested(1);
                toast({
                  title: t('enter.done', { count: result.added }),
                  description: t('enter.spent', {
                    points: result.pointsSpent,
                    total: result.userEntries,
                  }),
                });
              },
              onError,
              onSettled: () => setConfirming(false),
            },
          )
        }
      >
        <SpendSummary
          rows={[
            { label: t('enter.total'), value: <Points value={cost} /> },
            { label: t('confirm.balance'), value: <Points value={me.data?.points ?? 0} /> },
            {
              label: t('confirm.after'),
              value: <Points value={(me.data?.points ?? 0) - cost} />,
              testId: 'balance-after',
            },
          ]}
        />
      </ConfirmDialog>
      {sweepstake.freeEntryInstructions && (
        <div className="flex flex-col gap-2 border-t border-line pt-4">
          <h3 className="font-semibold">{t('free.title')}</h3>
          <p className="text-sm text-muted">{sweepstake.freeEntryInstructions}</p>
          {sweepstake.freeEntryUsed === false && max > 0 && (
            <Button
              variant="secondary"
              loading={enter.isPending}
              disabled={underage}
              aria-describedby={underage ? 'entry-underage' : undefined}
              onClick={() =>
                enter.mutate({ free: true }, { onSuccess: () => toast({ title: t('free.done') }), onError })
              }
            >
              {t('free.cta')}
            </Button>
          )}
          {sweepstake.freeEntryUsed && <p className="text-sm text-muted">{t('free.used')}</p>}
        </div>
      )}
    </section>
  );
}
