import { RANK_CODES } from '@paddock/contracts';
import type { AdminOffer, OfferCodeImportResult } from '@paddock/contracts/api/offers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { downloadBlob } from '../../admin/api/admin-api.ts';
import {
  AdminPage,
  Badge,
  Check,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Panel,
  Select,
  TextArea,
  toLocalInput,
} from '../../admin/components/admin-ui.tsx';
import { MediaUpload } from '../../admin/components/media-upload.tsx';
import { REWARDS_ADMIN_NS } from '../admin-i18n/load-rewards-admin-i18n.ts';
import { adminRewardsApi, adminRewardsKeys } from '../api/admin-rewards-api.ts';
import { rewardsKeys } from '../api/rewards-api.ts';

interface Draft {
  title: string;
  text: string;
  imageMediaId: string | null;
  cost: number;
  startsAt: string;
  endsAt: string;
  minRankCode: string;
  minAge: string;
  stock: string;
  redemption: 'codes' | 'instruction';
  instruction: string;
  archived: boolean;
}

const blank = (): Draft => ({
  title: '',
  text: '',
  imageMediaId: null,
  cost: 100,
  startsAt: toLocalInput(new Date().toISOString()),
  endsAt: toLocalInput(new Date(Date.now() + 30 * 86_400_000).toISOString()),
  minRankCode: '',
  minAge: '',
  stock: '',
  redemption: 'codes',
  instruction: '',
  archived: false,
});

const fromOffer = (o: AdminOffer): Draft => ({
  title: o.title,
  text: o.text,
  imageMediaId: o.imageMediaId,
  cost: o.cost,
  startsAt: toLocalInput(o.startsAt),
  endsAt: toLocalInput(o.endsAt),
  minRankCode: o.minRankCode ?? '',
  minAge: o.minAge === null ? '' : String(o.minAge),
  stock: o.stock === null ? '' : String(o.stock),
  redemption: o.redemption,
  instruction: o.instruction,
  archived: o.archived,
});

function toBody(d: Draft) {
  return {
    title: d.title,
    text: d.text,
    imageMediaId: d.imageMediaId,
    cost: d.cost,
    startsAt: fromLocalInput(d.startsAt) ?? '',
    endsAt: fromLocalInput(d.endsAt) ?? '',
    minRankCode: (d.minRankCode || null) as AdminOffer['minRankCode'],
    minAge: d.minAge ? Number(d.minAge) : null,
    stock: d.stock ? Number(d.stock) : null,
    redemption: d.redemption,
    instruction: d.instruction,
    archived: d.archived,
  };
}

function OfferForm({
  initial,
  offer,
  onDone,
}: {
  initial: Draft;
  offer: AdminOffer | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState(initial);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => {
      const body = toBody(d);
      if (!offer) return adminRewardsApi.createOffer(body);
      // The way an offer is redeemed cannot change once fans claimed it; only send it when edited.
      const { redemption, ...rest } = body;
      return adminRewardsApi.updateOffer(
        offer.offerId,
        redemption === offer.redemption ? rest : { ...rest, redemption },
      );
    },
    onSuccess: () => {
      toast({ title: ta('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.offers });
      // SPEC §4: an edited offer re-reads the fan side too (an operator is often a fan as well).
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.offers });
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
          label={t('offers.name')}
          value={d.title}
          onChange={(e) => set('title', e.target.value)}
          required
        />
        <Field
          label={t('offers.cost')}
          type="number"
          min={0}
          value={d.cost}
          onChange={(e) => set('cost', Number(e.target.value))}
          hint={t('offers.costHint')}
        />
        <Select
          label={t('offers.redemption')}
          value={d.redemption}
          onChange={(e) => set('redemption', e.target.value as Draft['redemption'])}
          options={[
            { value: 'codes', label: t('offers.redemptions.codes') },
            { value: 'instruction', label: t('offers.redemptions.instruction') },
          ]}
        />
        <Field
          label={t('offers.starts')}
          type="datetime-local"
          value={d.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
          required
        />
        <Field
          label={t('offers.ends')}
          type="datetime-local"
          value={d.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
          required
        />
        <Field
          label={t('offers.stock')}
          type="number"
          min={0}
          value={d.stock}
          onChange={(e) => set('stock', e.target.value)}
          hint={t('offers.stockHint')}
        />
        <Select
          label={t('offers.rank')}
          value={d.minRankCode}
          onChange={(e) => set('minRankCode', e.target.value)}
          options={[
            { value: '', label: t('offers.anyRank') },
            ...RANK_CODES.map((code) => ({ value: code, label: code })),
          ]}
        />
        <Field
          label={t('offers.minAge')}
          type="number"
          min={1}
          max={120}
          value={d.minAge}
          onChange={(e) => set('minAge', e.target.value)}
          hint={t('offers.minAgeHint')}
        />
      </div>
      <TextArea label={t('offers.text')} value={d.text} onChange={(e) => set('text', e.target.value)} />
      {d.redemption === 'instruction' && (
        <TextArea
          label={t('offers.instruction')}
          value={d.instruction}
          onChange={(e) => set('instruction', e.target.value)}
          required
        />
      )}
      <MediaUpload
        label={t('offers.image')}
        purpose="image"
        value={d.imageMediaId}
        onChange={(v) => set('imageMediaId', v)}
      />
      <Check label={t('offers.archived')} checked={d.archived} onChange={(v) => set('archived', v)} />
      <ErrorNote error={save.error} />
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {ta('common.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {ta('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Code pool import: a CSV file or pasted lines, one code per line (duplicates are reported, not added). */
function CodeImport({ offer }: { offer: AdminOffer }) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const queryClient = useQueryClient();
  const fileId = useId();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<OfferCodeImportResult | null>(null);
  const run = useMutation({
    meta: { silent: true },
    mutationFn: (text: string) => adminRewardsApi.importCodes(offer.offerId, text),
    onSuccess: (r) => {
      setResult(r);
      setCsv('');
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.offers });
    },
  });
  return (
    <details className="rounded-xl border border-line p-3">
      <summary className="cursor-pointer text-sm font-semibold">{t('offers.importTitle')}</summary>
      <div className="mt-3 flex flex-col gap-2">
        <label htmlFor={fileId} className="text-xs font-semibold uppercase tracking-wide text-muted">
          {t('offers.importFile')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="text-sm"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) run.mutate(await file.text());
            e.target.value = '';
          }}
        />
        <TextArea
          label={t('offers.importPaste')}
          value={csv}
          placeholder={'code\nAPEX15-0001\nAPEX15-0002'}
          onChange={(e) => setCsv(e.target.value)}
        />
        <div>
          <Button
            variant="secondary"
            loading={run.isPending}
            disabled={!csv.trim()}
            onClick={() => run.mutate(csv)}
          >
            {t('offers.import')}
          </Button>
        </div>
        <ErrorNote error={run.error} />
        {result && (
          <p role="status" className="text-sm">
            {t('offers.imported', {
              imported: result.imported,
              available: result.codesAvailable,
              total: result.codesTotal,
            })}
            {result.duplicates.length > 0 && (
              <span className="block text-muted">
                {t('offers.duplicates', { count: result.duplicates.length })}{' '}
                <span className="font-mono text-xs">{result.duplicates.slice(0, 20).join(', ')}</span>
              </span>
            )}
          </p>
        )}
      </div>
    </details>
  );
}

function OfferSummary({ o, onEdit }: { o: AdminOffer; onEdit: () => void }) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-bold">{o.title}</h2>
        <Badge tone={o.status === 'live' ? 'ok' : 'default'}>{t(`offers.statuses.${o.status}`)}</Badge>
        {o.archived && <Badge tone="warn">{ta('common.archived')}</Badge>}
        {o.minRankCode && <Badge>{o.minRankCode}+</Badge>}
        {o.minAge !== null && <Badge>{o.minAge}+</Badge>}
      </div>
      <p className="text-sm text-muted">
        {formatDateTime(o.startsAt)} → {formatDateTime(o.endsAt)} ·{' '}
        {o.cost === 0 ? t('offers.free') : t('offers.costValue', { cost: o.cost })} ·{' '}
        {t(`offers.redemptions.${o.redemption}`)}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Stat label={t('offers.claimed')} value={o.claimedCount} />
        <Stat label={t('offers.stock')} value={o.stock ?? t('offers.unlimited')} />
        <Stat label={t('offers.remaining')} value={o.remaining ?? t('offers.unlimited')} />
        {o.redemption === 'codes' && (
          <Stat label={t('offers.codes')} value={`${o.codesAvailable} / ${o.codesTotal}`} />
        )}
      </dl>
      {o.redemption === 'codes' && o.codesAvailable === 0 && (
        <p className="text-sm text-red-200">{t('offers.noCodes')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onEdit}>
          {ta('common.edit')}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadBlob(adminRewardsApi.claimsCsvPath(o.offerId), `offer-${o.offerId}-claims.csv`).catch(
              setCsvError,
            )
          }
        >
          {t('offers.claimsCsv')}
        </Button>
      </div>
      <ErrorNote error={csvError} />
      {o.redemption === 'codes' && <CodeImport offer={o} />}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-surface-2 px-3 py-2">
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Offers (issue 6): create/edit, the code pool (CSV import), stock and claims, the claims CSV. */
export default function AdminOffersRoute() {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const list = useQuery({ queryKey: adminRewardsKeys.offers, queryFn: adminRewardsApi.offers });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  return (
    <AdminPage
      title={t('offers.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t('offers.new')}</Button>}
    >
      <ErrorNote error={list.error} />
      {editing === 'new' && (
        <Panel title={t('offers.new')}>
          <OfferForm initial={blank()} offer={null} onDone={() => setEditing(null)} />
        </Panel>
      )}
      {list.data?.length === 0 && <p className="text-muted">{t('offers.empty')}</p>}
      <div className="grid gap-3">
        {list.data?.map((o) => (
          <Panel key={o.offerId}>
            {editing === o.offerId ? (
              <OfferForm initial={fromOffer(o)} offer={o} onDone={() => setEditing(null)} />
            ) : (
              <OfferSummary o={o} onEdit={() => setEditing(o.offerId)} />
            )}
          </Panel>
        ))}
      </div>
    </AdminPage>
  );
}
