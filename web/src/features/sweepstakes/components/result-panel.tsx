import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { Button } from '../../../ui/button.tsx';
import { GoodNews } from '../../../ui/good-news.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast-store.ts';

/**
 * The fan's own result once drawn (product §10.6.10): a winner sees the prize, the operator's
 * claim instructions, the deadline and the claim form; every other entrant "Not this time".
 */
export function ResultPanel({ sweepstake: s }: { sweepstake: Sweepstake }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const result = s.userResult;
  if (!result) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!result.won) {
    return (
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="my-result">
        <h2 id="my-result" className="font-display text-xl font-bold">
          {t('result.notThisTime')}
        </h2>
        <p className="text-sm text-muted">{t('result.notThisTimeBody')}</p>
      </section>
    );
  }
  const expired = result.claimBy !== null && Date.now() > new Date(result.claimBy).getTime();
  return (
    <GoodNews
      id="my-result"
      icon={PartyPopper}
      title={t('result.won', { prize: s.prize })}
      className="border-accent bg-accent/10"
      testId="win-panel"
    >
      {s.claimInstructions && <p className="whitespace-pre-line">{s.claimInstructions}</p>}
      {result.claimedAt ? (
        <p className="font-semibold">
          {t('result.claimed', { date: date.format(new Date(result.claimedAt)) })}
        </p>
      ) : expired ? (
        <p className="text-red-300">{t('result.expired')}</p>
      ) : (
        <>
          {result.claimBy && (
            <p className="text-sm font-semibold">
              {t('result.claimBy', { date: date.format(new Date(result.claimBy)) })}
            </p>
          )}
          <ClaimForm sweepstakeId={s.sweepstakeId} />
        </>
      )}
    </GoodNews>
  );
}

function ClaimForm({ sweepstakeId }: { sweepstakeId: string }) {
  const { t } = useTranslation('sweepstakes');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: () =>
      api.post<Sweepstake>(`/sweepstake/${encodeURIComponent(sweepstakeId)}/claim`, { name, contact }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.sweepstake(sweepstakeId), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sweepstakes });
      toast({ title: t('result.claimDone') });
    },
    onError: (err) => {
      const code = err instanceof ApiError ? err.code : '';
      toast({
        title: t('errors.title'),
        description: t(
          ['already_claimed', 'claim_expired'].includes(code) ? `errors.${code}` : 'errors.generic',
        ),
        variant: 'destructive',
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < 2 || contact.trim().length < 3) {
      setError(t('result.required'));
      return;
    }
    setError(null);
    claim.mutate();
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-label={t('result.claimTitle')}>
      <TextField
        label={t('result.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
      />
      <TextField
        label={t('result.contact')}
        hint={t('result.contactHint')}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        error={error}
      />
      <Button type="submit" loading={claim.isPending}>
        {t('result.claim')}
      </Button>
    </form>
  );
}
