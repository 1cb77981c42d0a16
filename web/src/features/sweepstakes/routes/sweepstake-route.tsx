import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileText, ShieldCheck, Ticket, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { Loaded } from '../../../ui/detail-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { useLive } from '../../../lib/live/use-live.ts';
import { LiveIndicator } from '../../../ui/live-indicator.tsx';
import { Points } from '../../../ui/points.tsx';
import { sweepstakeQuery } from '../api/sweepstake-api.ts';
import { EntryPanel } from '../components/entry-panel.tsx';
import { ResultPanel } from '../components/result-panel.tsx';
import { SweepstakePicture, SweepstakeWindow } from '../components/sweepstake-card.tsx';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';

/** /sweepstakes/{sweepstake}: the prize, entering with points (or for free), the rules and the winners. */
export default function SweepstakeRoute() {
  const { t, i18n } = useTranslation('sweepstakes');
  const params = useParams();
  const id = params.sweepstakeId ?? params.id ?? '';
  const query = useQuery(sweepstakeQuery(id));
  const session = useSession();
  const s = query.data;
  // The draw result appears without a reload (decision 012).
  const live = useLive();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = <ChevronBackLink to={paths.sweepstakes} label={t('back')} />;

  return (
    <main className="flex flex-col gap-4 pb-8">
      <PageHeader title={t('one')} back={back} actions={<LiveIndicator state={live} />} />
      <Loaded
        pending={query.isPending}
        item={s}
        notFound={t('notFound')}
        shapes={['aspect-[16/9] w-full', 'h-8 w-3/4', 'h-48']}
      >
        {(s) => (
          <div className="flex flex-col gap-4 px-4">
            <SweepstakePicture sweepstake={s} className="overflow-hidden rounded-2xl border border-line" />
            <header className="flex flex-col gap-1">
              <h2 className="font-display text-3xl leading-tight font-black">{s.title}</h2>
              <p className="flex items-center gap-2 font-semibold">
                <Trophy className="size-5 text-accent" aria-hidden />
                {s.prize}
              </p>
              <p className="text-sm text-muted">
                <SweepstakeWindow sweepstake={s} date={date} />
              </p>
            </header>
            {s.description && <p className="whitespace-pre-line text-muted">{s.description}</p>}

            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-xl border border-line bg-surface p-3">
                <dt className="text-xs text-muted uppercase">{t('costLabel')}</dt>
                <dd className="font-bold">
                  <Points value={s.costPerEntry} />
                </dd>
              </div>
              <div className="rounded-xl border border-line bg-surface p-3">
                <dt className="text-xs text-muted uppercase">{t('yourEntriesLabel')}</dt>
                <dd className="flex items-center gap-1 font-bold">
                  <Ticket className="size-4 text-accent" aria-hidden />
                  <span data-testid="user-entries">{s.userEntries ?? 0}</span>
                  {s.maxEntriesPerFan != null && (
                    <span className="font-normal text-muted">/ {s.maxEntriesPerFan}</span>
                  )}
                </dd>
              </div>
            </dl>

            {s.status === 'live' && session.status === 'signedIn' && <EntryPanel sweepstake={s} />}
            {s.status === 'live' && session.status !== 'signedIn' && (
              <Link
                to={paths.home}
                className="flex min-h-11 items-center justify-center rounded-xl bg-brand px-4 font-semibold focus-visible:outline-2 focus-visible:outline-accent"
              >
                {t('signInToEnter')}
              </Link>
            )}

            <ResultPanel sweepstake={s} />
            {s.drawnAt && (
              <section
                className="flex flex-col gap-3 rounded-2xl border border-accent/50 bg-surface p-4"
                aria-labelledby="winners"
              >
                <h2 id="winners" className="flex items-center gap-2 font-display text-xl font-bold">
                  <Trophy className="size-5 text-accent" aria-hidden />
                  {t('winners.title')}
                </h2>
                {s.winners.length === 0 ? (
                  <p className="text-muted">{t('winners.none')}</p>
                ) : (
                  <ol className="flex flex-col gap-2">
                    {[...s.winners]
                      .sort((a, b) => a.position - b.position)
                      .map((w) => (
                        <li key={w.entrant} className="flex items-center gap-3">
                          <span className="grid size-8 place-items-center rounded-full bg-brand font-bold">
                            {w.position}
                          </span>
                          <span className="font-semibold">{w.displayName}</span>
                        </li>
                      ))}
                  </ol>
                )}
                <p className="text-sm text-muted">
                  {t('winners.drawn', { date: date.format(new Date(s.drawnAt)) })}
                </p>
                <Link
                  to={paths.sweepstakeVerify(s.sweepstakeId)}
                  className="flex min-h-11 items-center gap-2 font-semibold text-accent focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <ShieldCheck className="size-5" aria-hidden />
                  {t('winners.verify')}
                </Link>
              </section>
            )}

            <section className="flex flex-col gap-2 text-sm text-muted" aria-label={t('fairness')}>
              {s.rulesUrl && (
                <a
                  href={s.rulesUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex min-h-11 items-center gap-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <FileText className="size-5" aria-hidden />
                  {t('rules')}
                  <ExternalLink className="size-4" aria-hidden />
                </a>
              )}
              <p>
                {t(s.status === 'ended' ? 'totalEntriesFinal' : 'totalEntries', { count: s.totalEntries })}
              </p>
              {!s.drawnAt && (
                <p>
                  {t('commitment')} <code className="break-all text-xs">{s.seedHash}</code>
                </p>
              )}
            </section>
          </div>
        )}
      </Loaded>
    </main>
  );
}
