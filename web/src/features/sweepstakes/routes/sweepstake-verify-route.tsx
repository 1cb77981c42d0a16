import type { SweepstakeVerification } from '@paddock/contracts/api/sweepstakes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ShieldCheck, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { sweepstakeQuery } from '../api/sweepstake-api.ts';
import { type DrawCheck, verifyPublishedDraw } from '../lib/verify-draw.ts';
import { ChevronBackLink } from '../../../ui/chevron-back-link.tsx';

const verificationQuery = (id: string) =>
  queryOptions({
    queryKey: ['sweepstake', id, 'verify'] as const,
    queryFn: ({ signal }) =>
      api.get<SweepstakeVerification>(`/sweepstake/${encodeURIComponent(id)}/verify`, { signal }),
  });

function Hash({ value }: { value: string | null }) {
  return <code className="block break-all font-mono text-xs text-white">{value ?? '—'}</code>;
}

function CheckRow({ check }: { check: DrawCheck }) {
  const { t } = useTranslation('sweepstakes');
  const Icon = check.pass ? CheckCircle2 : XCircle;
  return (
    <li
      data-testid={`check-${check.id}`}
      data-pass={check.pass}
      className={`flex gap-3 rounded-xl border p-3 ${check.pass ? 'border-emerald-500/60' : 'border-red-500/70'} bg-surface`}
    >
      <Icon
        className={`mt-0.5 size-6 shrink-0 ${check.pass ? 'text-emerald-400' : 'text-red-400'}`}
        aria-hidden
      />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">
          {t(`verify.checks.${check.id}`)}{' '}
          <span className={check.pass ? 'text-emerald-300' : 'text-red-300'}>
            {check.pass ? t('verify.pass') : t('verify.fail')}
          </span>
        </p>
        {!check.pass && (
          <p className="text-xs text-muted">
            {/* Only the hashes may break anywhere; the words never break mid-word. */}
            {t('verify.published')}: <span className="break-all">{check.published || '—'}</span> ·{' '}
            {t('verify.computed')}: <span className="break-all">{check.computed || '—'}</span>
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * /sweepstakes/{sweepstake}/verify (product §11.12): the public, signed-out proof of a draw. It loads the
 * published data and re-runs the commit–reveal checks in this browser (lib/verify-draw.ts);
 * the server's own verdict is not shown, so the page proves rather than repeats.
 */
export default function SweepstakeVerifyRoute() {
  const { t, i18n } = useTranslation('sweepstakes');
  const id = useParams().sweepstakeId ?? '';
  const verification = useQuery(verificationQuery(id));
  // Title and winners' display names are a nicety: signed out they are refused (401) unless the
  // logged-off dashboard is on, and the proof needs only the published data above.
  const sweepstake = useQuery({ ...sweepstakeQuery(id), retry: false });
  const v = verification.data;
  const result = useMemo(() => (v ? verifyPublishedDraw(v) : null), [v]);
  const names = new Map((sweepstake.data?.winners ?? []).map((w) => [w.entrant, w.displayName]));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const back = <ChevronBackLink to={paths.sweepstake(id)} label={t('verify.back')} />;

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <PageHeader title={t('verify.title')} back={back} />
      {verification.isPending ? (
        <div className="flex flex-col gap-3 px-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-48" />
        </div>
      ) : !v || !result ? (
        <div className="px-4">
          <EmptyState title={t('notFound')} />
        </div>
      ) : (
        <div className="flex flex-col gap-5 px-4">
          {sweepstake.data && (
            <p className="font-display text-xl font-bold">
              {sweepstake.data.title}
              {sweepstake.data.drawnAt && (
                <span className="block text-sm font-normal text-muted">
                  {t('winners.drawn', { date: date.format(new Date(sweepstake.data.drawnAt)) })}
                </span>
              )}
            </p>
          )}

          {result.state === 'pending' ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-2xl border border-line bg-surface p-4 font-semibold"
            >
              <Clock className="size-5 text-accent" aria-hidden />
              {t('verify.pending')}
            </p>
          ) : (
            <section aria-labelledby="checks" className="flex flex-col gap-3">
              <h2 id="checks" className="sr-only">
                {t('verify.checksTitle')}
              </h2>
              <p
                role="status"
                data-testid="verdict"
                data-verified={result.verified}
                className={`flex items-center gap-2 rounded-2xl border p-4 font-bold ${
                  result.verified
                    ? 'border-emerald-500/60 text-emerald-300'
                    : 'border-red-500/70 text-red-300'
                } bg-surface`}
              >
                <ShieldCheck className="size-6 shrink-0" aria-hidden />
                {result.verified ? t('verify.verified') : t('verify.notVerified')}
              </p>
              <ul className="flex flex-col gap-2">
                {result.checks.map((c) => (
                  <CheckRow key={c.id} check={c} />
                ))}
              </ul>
            </section>
          )}

          <section
            aria-labelledby="how"
            className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4"
          >
            <h2 id="how" className="font-display text-lg font-bold">
              {t('verify.howTitle')}
            </h2>
            <p className="text-sm text-muted">{t('verify.how1')}</p>
            <p className="text-sm text-muted">{t('verify.how2')}</p>
            <p className="text-sm text-muted">{t('verify.how3')}</p>
          </section>

          <section aria-labelledby="data" className="flex flex-col gap-3">
            <h2 id="data" className="font-display text-lg font-bold">
              {t('verify.dataTitle')}
            </h2>
            <dl className="flex flex-col gap-3">
              {(
                [
                  ['seed-hash', t('verify.seedHash'), v.seedHash],
                  ['seed', t('verify.seed'), v.seed],
                  ['entries-hash', t('verify.entriesHash'), v.entriesHash],
                ] as const
              ).map(([id, label, value]) => (
                <div key={id}>
                  <dt className="text-xs text-muted uppercase">{label}</dt>
                  <dd data-testid={id}>
                    <Hash value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          {result.state === 'done' && (
            <section aria-labelledby="winners-title" className="flex flex-col gap-2">
              <h2 id="winners-title" className="font-display text-lg font-bold">
                {t('winners.title')}
              </h2>
              {v.publishedWinners.length === 0 ? (
                <p className="text-muted">{t('winners.none')}</p>
              ) : (
                <ol className="flex flex-col gap-2" data-testid="winners">
                  {v.publishedWinners.map((entrant, i) => (
                    <li key={entrant} className="flex items-center gap-3">
                      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand font-bold">
                        {i + 1}
                      </span>
                      <span className="flex min-w-0 flex-col">
                        {names.get(entrant) && <span className="font-semibold">{names.get(entrant)}</span>}
                        <code className="font-mono text-xs break-all text-muted">{entrant}</code>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}

          {v.entries.length > 0 && (
            <section aria-labelledby="entries-title" className="flex flex-col gap-2">
              <h2 id="entries-title" className="font-display text-lg font-bold">
                {t('verify.entriesTitle', { count: v.entries.length })}
              </h2>
              <div className="overflow-x-auto rounded-xl border border-line">
                <table className="w-full text-left text-sm" data-testid="entries">
                  <thead className="bg-surface-2">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        {t('verify.entrant')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('verify.count')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {v.entries.map((e) => (
                      <tr key={e.entrant} className="border-t border-line">
                        <td className="px-3 py-2 font-mono text-xs break-all">{e.entrant}</td>
                        <td className="px-3 py-2 text-right font-semibold">{e.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}

          <details className="rounded-xl border border-line bg-surface p-3 text-sm">
            <summary className="min-h-11 cursor-pointer content-center font-semibold">
              {t('verify.algorithm')}
            </summary>
            <p className="mt-2 font-mono text-xs break-words text-muted">{v.algorithm}</p>
          </details>
        </div>
      )}
    </main>
  );
}
