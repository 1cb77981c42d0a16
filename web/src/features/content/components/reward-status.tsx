import { CircleCheck, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Points } from '../../../ui/points.tsx';

/** One line telling the fan what the item pays and where their claim stands. */
export function RewardStatus({
  value,
  done,
  state,
  hint,
}: {
  value: number;
  done: boolean;
  state: 'idle' | 'claiming' | 'waiting' | 'paid' | 'failed';
  hint: string;
}) {
  const { t } = useTranslation('content');
  if (value <= 0 && !done) return null;
  const paid = done || state === 'paid';
  return (
    <p
      className="flex items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 text-sm"
      aria-live="polite"
    >
      {paid ? (
        <>
          <CircleCheck className="size-5 shrink-0 text-accent" aria-hidden />
          <span>{t('reward.done')}</span>
        </>
      ) : state === 'waiting' || state === 'claiming' ? (
        <>
          <Hourglass className="size-5 shrink-0 text-muted" aria-hidden />
          <span>{t('reward.waiting')}</span>
        </>
      ) : (
        <>
          <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">
            +<Points value={value} />
          </span>
          <span className="text-muted">{hint}</span>
        </>
      )}
    </p>
  );
}
