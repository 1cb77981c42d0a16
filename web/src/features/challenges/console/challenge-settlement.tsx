import type { AdminChallenge, SettleResult } from '@paddock/contracts/api/challenges';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { consoleKeys } from '../../../lib/console-api.ts';
import { Button } from '../../../ui/button.tsx';
import { useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { Select } from '../../../ui/console/fields.tsx';
import { ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { challengeConsoleApi } from './challenge-console-api.ts';

/**
 * Product §12.2: figures are what fans receive; the note names the boosts and the unboosted sum.
 */
function boostNote(t: TFunction<'challenges-console'>, result: SettleResult): string | undefined {
  if (result.boosts.length === 0) return undefined;
  const list = result.boosts.map((b) => t('settle.boostFans', { label: b.label, count: b.fans })).join(', ');
  return t('settle.boosted', { list, base: result.basePointsPaid });
}

/**
 * Settling a pick'em (product §11.3): choose what happened, preview who would be paid (and whose
 * earlier payout a changed outcome would reverse), then confirm.
 */
export function ChallengeSettlement({ challenge }: { challenge: AdminChallenge }) {
  const { t } = useTranslation('challenges-console');
  const [outcome, setOutcome] = useState(String(challenge.outcome ?? 0));
  const [preview, setPreview] = useState<SettleResult | null>(null);
  const queryClient = useQueryClient();
  const run = useConsoleMutation(
    (asPreview: boolean) => challengeConsoleApi.settle(challenge.challengeId, Number(outcome), asPreview),
    {
      onSuccess: (result) => {
        if (result.preview) {
          setPreview(result);
          return;
        }
        setPreview(null);
        toast({
          title: t('settle.done', { count: result.fansPaid, points: result.pointsPaid }),
          description: boostNote(t, result),
        });
        void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
      },
    },
  );
  return (
    <Panel title={t('settle.title')}>
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label={t('settle.outcome')}
          value={outcome}
          onChange={(e) => {
            setOutcome(e.target.value);
            setPreview(null);
          }}
          options={challenge.options.map((o) => ({ value: String(o.index), label: o.text }))}
        />
        <Button
          variant="secondary"
          loading={run.isPending && run.variables === true}
          onClick={() => run.mutate(true)}
        >
          {t('settle.preview')}
        </Button>
      </div>
      {challenge.settledAt && (
        <p className="mt-2 text-sm text-muted">
          {t('settle.current', {
            option: challenge.options.find((o) => o.index === challenge.outcome)?.text ?? '—',
          })}
        </p>
      )}
      {preview && (
        <div
          className="mt-3 flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3"
          data-testid="settle-preview"
        >
          <p>{t('settle.wouldPay', { count: preview.fansPaid, points: preview.pointsPaid })}</p>
          {preview.boosts.length > 0 && <p className="text-sm text-muted">{boostNote(t, preview)}</p>}
          {preview.fansReversed > 0 && (
            <p className="text-red-200">
              {t('settle.wouldReverse', { count: preview.fansReversed, points: preview.pointsReversed })}
            </p>
          )}
          <Button
            loading={run.isPending && run.variables === false}
            onClick={() => run.mutate(false)}
            className="self-start"
          >
            {t('settle.confirm')}
          </Button>
        </div>
      )}
      <ErrorNote error={run.error} />
    </Panel>
  );
}
