import type { AdminSweepstake } from '@paddock/contracts/api/sweepstakes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys, downloadBlob } from '../api/admin-api.ts';
import {
  AdminPage,
  Badge,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Panel,
  TextArea,
  toLocalInput,
} from '../components/admin-ui.tsx';
import { MediaUpload } from '../components/media-upload.tsx';

interface Draft {
  title: string;
  description: string;
  prize: string;
  startsAt: string;
  endsAt: string;
  costPerEntry: number;
  maxEntriesPerFan: string;
  winnerCount: number;
  freeEntryInstructions: string;
  mediaId: string | null;
  rulesMediaId: string | null;
  eligibleCountries: string;
}

const blank = (): Draft => ({
  title: '',
  description: '',
  prize: '',
  startsAt: toLocalInput(new Date().toISOString()),
  endsAt: toLocalInput(new Date(Date.now() + 14 * 86_400_000).toISOString()),
  costPerEntry: 100,
  maxEntriesPerFan: '',
  winnerCount: 1,
  freeEntryInstructions: '',
  mediaId: null,
  rulesMediaId: null,
  eligibleCountries: '',
});

const fromSweepstake = (s: AdminSweepstake): Draft => ({
  title: s.title,
  description: s.description ?? '',
  prize: s.prize,
  startsAt: toLocalInput(s.startsAt),
  endsAt: toLocalInput(s.endsAt),
  costPerEntry: s.costPerEntry,
  maxEntriesPerFan: s.maxEntriesPerFan ? String(s.maxEntriesPerFan) : '',
  winnerCount: s.winnerCount,
  freeEntryInstructions: s.freeEntryInstructions,
  mediaId: s.mediaId ?? null,
  rulesMediaId: s.rulesMediaId,
  eligibleCountries: s.eligibleCountries?.join(', ') ?? '',
});

function toBody(d: Draft) {
  const countries = d.eligibleCountries
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  return {
    title: d.title,
    description: d.description,
    prize: d.prize,
    startsAt: fromLocalInput(d.startsAt) ?? '',
    endsAt: fromLocalInput(d.endsAt) ?? '',
    costPerEntry: d.costPerEntry,
    maxEntriesPerFan: d.maxEntriesPerFan ? Number(d.maxEntriesPerFan) : null,
    winnerCount: d.winnerCount,
    freeEntryInstructions: d.freeEntryInstructions,
    mediaId: d.mediaId,
    rulesMediaId: d.rulesMediaId,
    eligibleCountries: countries.length ? countries : null,
  };
}

function SweepstakeForm({ initial, id, onDone }: { initial: Draft; id: string | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState(initial);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => (id ? adminApi.updateSweepstake(id, toBody(d)) : adminApi.createSweepstake(toBody(d))),
    onSuccess: () => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.sweepstakes });
      onDone();
    },
  });
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          label={t('sweepstakes.name')}
          value={d.title}
          onChange={(e) => set('title', e.target.value)}
          required
        />
        <Field
          label={t('sweepstakes.prize')}
          value={d.prize}
          onChange={(e) => set('prize', e.target.value)}
          required
        />
        <Field
          label={t('sweepstakes.cost')}
          type="number"
          min={1}
          value={d.costPerEntry}
          onChange={(e) => set('costPerEntry', Number(e.target.value))}
        />
        <Field
          label={t('sweepstakes.starts')}
          type="datetime-local"
          value={d.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
        />
        <Field
          label={t('sweepstakes.ends')}
          type="datetime-local"
          value={d.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
        />
        <Field
          label={t('sweepstakes.cap')}
          type="number"
          min={1}
          value={d.maxEntriesPerFan}
          onChange={(e) => set('maxEntriesPerFan', e.target.value)}
        />
        <Field
          label={t('sweepstakes.winners')}
          type="number"
          min={1}
          value={d.winnerCount}
          onChange={(e) => set('winnerCount', Number(e.target.value))}
        />
        <Field
          label={t('sweepstakes.countries')}
          placeholder="GB, ES"
          value={d.eligibleCountries}
          onChange={(e) => set('eligibleCountries', e.target.value)}
        />
      </div>
      <TextArea
        label={t('sweepstakes.description')}
        value={d.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextArea
        label={t('sweepstakes.freeEntry')}
        value={d.freeEntryInstructions}
        onChange={(e) => set('freeEntryInstructions', e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <MediaUpload
          label={t('sweepstakes.image')}
          purpose="image"
          value={d.mediaId}
          onChange={(v) => set('mediaId', v)}
        />
        <MediaUpload
          label={t('sweepstakes.rules')}
          purpose="pdf"
          value={d.rulesMediaId}
          onChange={(v) => set('rulesMediaId', v)}
        />
      </div>
      <ErrorNote error={save.error} />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Draw({ s }: { s: AdminSweepstake }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [winners, setWinners] = useState(s.winnerCount);
  const draw = useMutation({
    meta: { silent: true },
    mutationFn: () => adminApi.draw(s.sweepstakeId, winners),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sweepstakes }),
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
      <Button
        loading={draw.isPending}
        onClick={() => window.confirm(t('sweepstakes.drawConfirm', { count: winners })) && draw.mutate()}
      >
        {t('sweepstakes.draw')}
      </Button>
      <ErrorNote error={draw.error} />
    </div>
  );
}

/** Sweepstakes: create/edit, the commit–reveal draw, public verification link, CSV export (issue 5). */
export default function AdminSweepstakesRoute() {
  const { t } = useTranslation('admin');
  const list = useQuery({ queryKey: adminKeys.sweepstakes, queryFn: adminApi.sweepstakes });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <AdminPage
      title={t('sweepstakes.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t('sweepstakes.new')}</Button>}
    >
      <ErrorNote error={list.error ?? csvError} />
      {editing === 'new' && (
        <Panel title={t('sweepstakes.new')}>
          <SweepstakeForm initial={blank()} id={null} onDone={() => setEditing(null)} />
        </Panel>
      )}
      <div className="grid gap-3">
        {list.data?.map((s) => (
          <Panel key={s.sweepstakeId}>
            {editing === s.sweepstakeId ? (
              <SweepstakeForm
                initial={fromSweepstake(s)}
                id={s.sweepstakeId}
                onDone={() => setEditing(null)}
              />
            ) : (
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
                    entries: s.totalEntries,
                    fans: s.entrantCount,
                    cost: s.costPerEntry,
                  })}
                </p>
                <p className="break-all font-mono text-xs text-muted">
                  {t('sweepstakes.seedHash')}: {s.seedHash}
                </p>
                {s.winners.length > 0 && (
                  <ol className="list-decimal pl-6 text-sm">
                    {s.winners.map((w) => (
                      <li key={w.entrant ?? w.position}>{w.displayName}</li>
                    ))}
                  </ol>
                )}
                <div className="flex flex-wrap items-end gap-2">
                  {!s.drawnAt && (
                    <Button variant="secondary" onClick={() => setEditing(s.sweepstakeId)}>
                      {t('common.edit')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    onClick={() =>
                      downloadBlob(
                        `/admin/sweepstakes/${s.sweepstakeId}/entries.csv`,
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
          </Panel>
        ))}
      </div>
    </AdminPage>
  );
}
