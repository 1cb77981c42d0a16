import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { formatDate } from '../lib/format.ts';
import { Points } from './points.tsx';
import { LazyPicture } from './cover-image.tsx';

/** One sweepstake as a card in a horizontal rail: prize picture, title, cost, closing date. */
export function SweepstakeTile({ sweepstake, to }: { sweepstake: Sweepstake; to?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to={to ?? paths.sweepstake(sweepstake.sweepstakeId)}
      className="flex w-60 shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-line bg-surface transition hover:border-white/30"
    >
      <span className="relative block aspect-[16/10] bg-surface-2">
        {sweepstake.imageUrl ? (
          <LazyPicture src={sweepstake.imageUrl} />
        ) : (
          <Gift className="absolute inset-0 m-auto size-10 text-muted" aria-hidden />
        )}
        <span
          className={`absolute top-2 left-2 rounded-full px-2 py-0.5 text-[11px] font-bold uppercase ${
            sweepstake.status === 'live' ? 'bg-brand text-white' : 'bg-black/70 text-white'
          }`}
        >
          {t(`sweepstakeStatus.${sweepstake.status}`)}
        </span>
      </span>
      <span className="flex flex-1 flex-col gap-1 p-3">
        <span className="line-clamp-2 font-semibold">{sweepstake.title}</span>
        <span className="mt-auto flex items-center justify-between text-sm text-muted">
          <Points value={sweepstake.costPerEntry} className="font-semibold text-white" />
          <span>
            {sweepstake.status === 'coming_soon'
              ? t('opens', {
                  date: formatDate(sweepstake.startsAt, i18n.language, { day: 'numeric', month: 'short' }),
                })
              : t('closes', {
                  date: formatDate(sweepstake.endsAt, i18n.language, { day: 'numeric', month: 'short' }),
                })}
          </span>
        </span>
      </span>
    </Link>
  );
}
