import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../lib/query-keys.ts';
import { Button } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { checkinQueryOptions, postCheckin } from '../api/checkin-api.ts';

const WEEK = 7;

/** The daily check-in with the current streak (product §3 Check-in: days, eligibleForCheckin). */
export function CheckinCard() {
  const { t } = useTranslation('checkin');
  const queryClient = useQueryClient();
  const status = useQuery(checkinQueryOptions);
  const checkin = useMutation({
    mutationFn: postCheckin,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.checkin, (old: typeof status.data) =>
        old ? { ...old, days: result.days, eligibleForCheckin: result.eligibleForCheckin } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkin });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      toast({
        title: t('done', { points: result.pointsAwarded }),
        description: t('streak', { count: result.days }),
      });
    },
  });

  // The card's height with its button (166 px), so what follows does not move when it arrives (decision 021).
  if (status.isPending) return <Skeleton className="mx-4 h-[166px]" />;
  if (status.isError) return null;
  const { days, eligibleForCheckin, nextReward } = status.data;
  const filled = days % WEEK === 0 && days > 0 ? WEEK : days % WEEK;

  return (
    <section className="mx-4 rounded-2xl border border-line bg-surface p-4" aria-labelledby="checkin-title">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="checkin-title" className="flex items-center gap-2 font-display text-lg font-bold uppercase">
            <CalendarCheck className="size-5 text-accent" aria-hidden />
            {t('title')}
          </h2>
          <p className="text-sm text-muted" data-testid="streak">
            {t('streak', { count: days })}
          </p>
        </div>
        <span className="flex items-center gap-1 rounded-full bg-surface-2 px-2.5 py-1 text-sm font-bold">
          <Flame className="size-4 text-brand" aria-hidden />
          {days}
        </span>
      </div>
      <ol className="my-4 grid grid-cols-7 gap-1.5" aria-label={t('week')}>
        {Array.from({ length: WEEK }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed seven-day strip
            key={i}
            className={`h-2 rounded-full ${i < filled ? 'bg-brand' : 'bg-surface-2'}`}
          >
            <span className="sr-only">{t(i < filled ? 'dayDone' : 'dayOpen', { day: i + 1 })}</span>
          </li>
        ))}
      </ol>
      {eligibleForCheckin ? (
        <Button full loading={checkin.isPending} onClick={() => checkin.mutate()}>
          {t('cta', { points: nextReward })}
        </Button>
      ) : (
        <p className="flex min-h-11 items-center justify-center rounded-xl bg-surface-2 px-3 text-center text-sm font-semibold text-muted">
          {t('comeBack', { points: nextReward })}
        </p>
      )}
    </section>
  );
}
