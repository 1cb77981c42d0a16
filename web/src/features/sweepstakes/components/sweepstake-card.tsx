import type { Sweepstake } from '@paddock/contracts/api/sweepstakes';
import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Points } from '../../../ui/points.tsx';

export function StatusBadge({ status }: { status: Sweepstake['status'] }) {
  const { t } = useTranslation('sweepstakes');
  const styles = {
    live: 'bg-brand text-white',
    coming_soon: 'bg-accent text-black',
    ended: 'bg-surface-2 text-muted',
  } as const;
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ${styles[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** When the sweepstake opens, or when it ends or ended, in the fan's language and time zone. */
export function SweepstakeWindow({
  sweepstake,
  date,
}: {
  sweepstake: Sweepstake;
  date: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('sweepstakes');
  if (sweepstake.status === 'coming_soon')
    return t('opens', { date: date.format(new Date(sweepstake.startsAt)) });
  return t(sweepstake.status === 'live' ? 'ends' : 'ended', {
    date: date.format(new Date(sweepstake.endsAt)),
  });
}

/**
 * The prize picture (16:9, the placeholder colour when none) with the sweepstake's status in its
 * corner. The detail page shows it at once; a card in a list loads it when it scrolls near.
 */
export function SweepstakePicture({
  sweepstake,
  className = '',
  lazy = false,
}: {
  sweepstake: Sweepstake;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <div className={`relative aspect-[16/9] bg-surface-2 ${className}`}>
      {sweepstake.imageUrl && (
        <img
          src={sweepstake.imageUrl}
          alt=""
          loading={lazy ? 'lazy' : 'eager'}
          className="size-full object-cover"
        />
      )}
      <span className="absolute top-3 right-3">
        <StatusBadge status={sweepstake.status} />
      </span>
    </div>
  );
}

export function SweepstakeCard({ sweepstake }: { sweepstake: Sweepstake }) {
  const { t, i18n } = useTranslation('sweepstakes');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Link
      to={paths.sweepstake(sweepstake.sweepstakeId)}
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface transition hover:border-brand focus-visible:outline-2 focus-visible:outline-accent"
    >
      <SweepstakePicture sweepstake={sweepstake} lazy />
      <div className="flex flex-col gap-1 p-4">
        <p className="font-display text-xl leading-tight font-bold">{sweepstake.title}</p>
        <p className="text-sm text-muted">{sweepstake.prize}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-accent">
            <Points value={sweepstake.costPerEntry} /> {t('perEntry')}
          </span>
          <span className="text-muted">
            <SweepstakeWindow sweepstake={sweepstake} date={date} />
          </span>
          {sweepstake.userEntries ? (
            <span className="flex items-center gap-1 text-muted">
              <Ticket className="size-4" aria-hidden />
              {t('yourEntries', { count: sweepstake.userEntries })}
            </span>
          ) : null}
        </p>
      </div>
    </Link>
  );
}
