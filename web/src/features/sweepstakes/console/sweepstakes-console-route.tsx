import type { AdminSweepstake } from '@paddock/contracts/api/sweepstakes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { downloadBlob } from '../../../lib/console-files.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { PanelList, useEditing } from '../../../ui/console/editing.tsx';
import { ConsoleForm, useConsoleForm, useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { daysFromNow, formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field, FieldGrid, TextArea } from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { Badge, ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { sweepstakeConsoleApi, sweepstakeConsoleKeys } from './sweepstake-console-api.ts';

interface Draft {
  title: string;
  description: string;
  prize: string;
  startsAt: string | null;
  endsAt: string | null;
  costPerEntry: number;
  maxEntriesPerFan: string;
  winnerCount: number;
  freeEntryInstructions: string;
  claimInstructions: string;
  claimDays: number;
  mediaId: string | null;
  rulesMediaId: string | null;
  eligibleCountries: string;
}

const fromSweepstake = (s: AdminSweepstake | null): Draft => ({
  title: s?.title ?? '',
  description: s?.description ?? '',
  prize: s?.prize ?? '',
  startsAt: s?.startsAt ?? new Date().toISOString(),
  endsAt: s?.endsAt ?? daysFromNow(14),
  costPerEntry: s?.costPerEntry ?? 100,
  maxEntriesPerFan: s?.maxEntriesPerFan ? String(s.maxEntriesPerFan) : '',
  winnerCount: s?.winnerCount ?? 1,
  freeEntryInstructions: s?.freeEntryInstructions ?? '',
  claimInstructions: s?.claimInstructions ?? '',
  claimDays: s?.claimDays ?? 14,
  mediaId: s?.mediaId ?? null,
  rulesMediaId: s?.rulesMediaId ?? null,
  eligibleCountries: s?.eligibleCountries?.join(', ') ?? '',
});

function toBody(d: Draft) {
  const countries = d.eligibleCountries
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return {
    ...d,
    startsAt: d.startsAt ?? '',
    endsAt: d.endsAt ?? '',
    maxEntriesPerFan: d.maxEntriesPerFan ? Number(d.maxEntriesPerFan) : null,
    eligibleCountries: countries.length ? countries : null,
  };
}

function SweepstakeForm({ sweepstake, onDone }: { sweepstake: AdminSweepstake | null; onDone: () => void }) {
  const { t } = useTranslation('sweepstakes-console');
  const id = sweepstake?.sweepstakeId;
  const { f, save } = useConsoleForm(
    () => fromSweepstake(sweepstake),
    (d) => (id ? sweepstakeConsoleApi.update(id, toBody(d)) : sweepstakeConsoleApi.create(toBody(d))),
    { invalidate: [sweepstakeConsoleKeys.sweepstakes], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('sweepstakes.name')} {...f.text('title')} required />
        <Field label={t('sweepstakes.prize')} {...f.text('prize')} required />
        <Field label={t('sweepstakes.cost')} min={1} {...f.number('costPerEntry')} />
        <DateTimeField label={t('sweepstakes.starts')} {...f.value('startsAt')} />
        <DateTimeField label={t('sweepstakes.ends')} {...f.value('endsAt')} />
        <Field label={t('sweepstakes.cap')} type="number" min={1} {...f.text('maxEntriesPerFan')} />
        <Field label={t('sweepstakes.winners')} min={1} {...f.number('winnerCount')} />
        <Field label={t('sweepstakes.countries')} placeholder="GB, ES" {...f.text('eligibleCountries')} />
      </FieldGrid>
      <TextArea label={t('sweepstakes.description')} {...f.text('description')} />
      <TextArea label={t('sweepstakes.freeEntry')} {...f.text('freeEntryInstructions')} />
      <TextArea label={t('sweepstakes.claimInstructions')} {...f.text('claimInstructions')} />
      <Field label={t('sweepstakes.claimDays')} min={1} max={365} {...f.number('claimDays')} />
      <FieldGrid columns={2}>
        <MediaUpload label={t('sweepstakes.image')} purpose="image" {...f.value('mediaId')} />
        <MediaUpload label={t('sweepstakes.rules')} purpose="pdf" {...f.value('rulesMediaId')} />
      </FieldGrid>
    </ConsoleForm>
  );
}

/** The commit–reveal draw (product §11.6), once the sweepstake has ended. */
function Draw({ s }: { s: AdminSweepstake }) {
  const { t } = useTranslation('sweepstakes-console');
  const { t: tc } = useTranslation('console');
  const [winners, setWinners] = useState(s.winnerCount);
  const [confirming, setConfirming] = useState(false);
  const draw = useConsoleMutation(() => sweepstakeConsoleApi.draw(s.sweepstakeId, winners), {
    invalidate: [sweepstakeConsoleKeys.sweepstakes],
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field
        label={t('sweepstakes.winners')}
        type="number"
        min={1}
        value={winners}
        onChange={(e) => setWinners(Number(e.target.value))}
        className="w-28"
      />
      <Button loading={draw.isPending} onClick={() => setConfirming(true)}>
        {t('sweepstakes.draw')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('sweepstakes.draw')}
        confirmLabel={t('sweepstakes.draw')}
        cancelLabel={tc('common.cancel')}
        busy={draw.isPending}
        onConfirm={() => draw.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-muted">{t('sweepstakes.drawConfirm', { count: winners })}</p>
      </ConfirmDialog>
      <ErrorNote error={draw.error} />
    </div>
  );
}

/** Sweepstakes: create/edit, the commit–reveal draw, public verification link, CSV export (product §11.6). */
export default function SweepstakesConsoleRoute() {
  const { t } = useTranslation('sweepstakes-console');
  const { t: tc } = useTranslation('console');
  const list = useQuery({
    queryKey: sweepstakeConsoleKeys.sweepstakes,
    queryFn: sweepstakeConsoleApi.sweepstakes,
  });
  const { editing, edit, done, newButton } = useEditing();
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <ConsolePage title={t('sweepstakes.title')} actions={newButton(t('sweepstakes.new'))}>
      <ErrorNote error={list.error ?? csvError} />
      <PanelList
        items={list.data}
        itemKey={(s) => s.sweepstakeId}
        editing={editing}
        newTitle={t('sweepstakes.new')}
        form={(s) => <SweepstakeForm sweepstake={s} onDone={done} />}
      >
        {(s) => (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="flex-1 text-lg font-bold">{s.title}</h2>
              <Badge tone={s.status === 'live' ? 'ok' : 'default'}>
                {t(`sweepstakes.statuses.${s.status}`)}
              </Badge>
              {s.drawnAt && <Badge tone="ok">{t('sweepstakes.drawn')}</Badge>}
            </div>
            <p className="text-sm text-muted">
              {s.prize} · {formatDateTime(s.startsAt)} → {formatDateTime(s.endsAt)} ·{' '}
              {t('sweepstakes.stats', {
                entries: t('sweepstakes.statsEntries', { count: s.totalEntries }),
                fans: t('sweepstakes.statsFans', { count: s.entrantCount }),
                cost: s.costPerEntry,
              })}
            </p>
            <p className="break-all font-mono text-xs text-muted">
              {t('sweepstakes.seedHash')}: {s.seedHash}
            </p>
            {s.winnerClaims.length > 0 && (
              <ol className="flex flex-col gap-1 text-sm" aria-label={t('sweepstakes.winnersList')}>
                {s.winnerClaims.map((w) => (
                  <li key={w.position} className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">
                      {w.position}. {w.displayName}
                    </span>
                    {w.claimedAt ? (
                      <Badge tone="ok">
                        {t('sweepstakes.claimed', { date: formatDateTime(w.claimedAt) })}
                      </Badge>
                    ) : new Date(w.claimBy).getTime() < Date.now() ? (
                      <Badge>{t('sweepstakes.claimLapsed')}</Badge>
                    ) : (
                      <Badge>{t('sweepstakes.claimOpen', { date: formatDateTime(w.claimBy) })}</Badge>
                    )}
                    {w.claimedAt && (
                      <span className="text-muted">
                        {w.claimName} · {w.claimContact}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
            <div className="flex flex-wrap items-end gap-2">
              {!s.drawnAt && (
                <Button variant="secondary" onClick={() => edit(s.sweepstakeId)}>
                  {tc('common.edit')}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() =>
                  downloadBlob(
                    sweepstakeConsoleApi.entriesCsvPath(s.sweepstakeId),
                    `sweepstake-${s.sweepstakeId}.csv`,
                  ).catch(setCsvError)
                }
              >
                {t('sweepstakes.csv')}
              </Button>
              <a
                href={paths.sweepstakeVerify(s.sweepstakeId)}
                target="_blank"
                rel="noreferrer"
                className="px-2 py-2 text-sm text-accent underline"
              >
                {t('sweepstakes.verify')}
              </a>
            </div>
            {!s.drawnAt && s.status === 'ended' && <Draw s={s} />}
            {!s.drawnAt && s.status !== 'ended' && (
              <p className="text-xs text-muted">{t('sweepstakes.drawAfterEnd')}</p>
            )}
          </div>
        )}
      </PanelList>
    </ConsolePage>
  );
}
