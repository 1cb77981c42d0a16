import { RANK_CODES } from '@paddock/contracts';
import type { AdminOffer, OfferCodeImportResult } from '@paddock/contracts/api/offers';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/console-files.ts';
import { Button } from '../../../ui/button.tsx';
import { PanelList, useEditing } from '../../../ui/console/editing.tsx';
import { ConsoleForm, useConsoleForm, useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { daysFromNow, formatDateTime } from '../../../ui/console/dates.ts';
import {
  Check,
  DateTimeField,
  Field,
  FieldGrid,
  labelClass,
  Select,
  TextArea,
} from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { Badge, ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { rewardsKeys } from '../api/rewards-api.ts';
import { rewardsConsoleApi, rewardsConsoleKeys } from './rewards-console-api.ts';

interface Draft {
  title: string;
  text: string;
  imageMediaId: string | null;
  cost: number;
  startsAt: string | null;
  endsAt: string | null;
  minRankCode: string;
  minAge: string;
  stock: string;
  redemption: 'codes' | 'instruction';
  instruction: string;
  archived: boolean;
}

const fromOffer = (o: AdminOffer | null): Draft => ({
  title: o?.title ?? '',
  text: o?.text ?? '',
  imageMediaId: o?.imageMediaId ?? null,
  cost: o?.cost ?? 100,
  startsAt: o?.startsAt ?? new Date().toISOString(),
  endsAt: o?.endsAt ?? daysFromNow(30),
  minRankCode: o?.minRankCode ?? '',
  minAge: o?.minAge == null ? '' : String(o.minAge),
  stock: o?.stock == null ? '' : String(o.stock),
  redemption: o?.redemption ?? 'codes',
  instruction: o?.instruction ?? '',
  archived: o?.archived ?? false,
});

const toBody = (d: Draft) => ({
  ...d,
  startsAt: d.startsAt ?? '',
  endsAt: d.endsAt ?? '',
  minRankCode: (d.minRankCode || null) as AdminOffer['minRankCode'],
  minAge: d.minAge ? Number(d.minAge) : null,
  stock: d.stock ? Number(d.stock) : null,
});

function OfferForm({ offer, onDone }: { offer: AdminOffer | null; onDone: () => void }) {
  const { t } = useTranslation('rewards-console');
  const { f, save } = useConsoleForm(
    () => fromOffer(offer),
    (d) => {
      const body = toBody(d);
      if (!offer) return rewardsConsoleApi.createOffer(body);
      // The way an offer is redeemed cannot change once fans claimed it; only send it when edited.
      const { redemption, ...rest } = body;
      return rewardsConsoleApi.updateOffer(
        offer.offerId,
        redemption === offer.redemption ? rest : { ...rest, redemption },
      );
    },
    // Product §4: an edited offer re-reads the fan side too (an operator is often a fan as well).
    { invalidate: [rewardsConsoleKeys.offers, rewardsKeys.offers], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('offers.name')} {...f.text('title')} required />
        <Field label={t('offers.cost')} min={0} hint={t('offers.costHint')} {...f.number('cost')} />
        <Select
          label={t('offers.redemption')}
          {...f.text('redemption')}
          options={[
            { value: 'codes', label: t('offers.redemptions.codes') },
            { value: 'instruction', label: t('offers.redemptions.instruction') },
          ]}
        />
        <DateTimeField label={t('offers.starts')} {...f.value('startsAt')} required />
        <DateTimeField label={t('offers.ends')} {...f.value('endsAt')} required />
        <Field
          label={t('offers.stock')}
          type="number"
          min={0}
          hint={t('offers.stockHint')}
          {...f.text('stock')}
        />
        <Select
          label={t('offers.rank')}
          {...f.text('minRankCode')}
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
          hint={t('offers.minAgeHint')}
          {...f.text('minAge')}
        />
      </FieldGrid>
      <TextArea label={t('offers.text')} {...f.text('text')} />
      {f.values.redemption === 'instruction' && (
        <TextArea label={t('offers.instruction')} {...f.text('instruction')} required />
      )}
      <MediaUpload label={t('offers.image')} purpose="image" {...f.value('imageMediaId')} />
      <Check label={t('offers.archived')} {...f.check('archived')} />
    </ConsoleForm>
  );
}

/** Code pool import: a CSV file or pasted lines, one code per line (duplicates are reported, not added). */
function CodeImport({ offer }: { offer: AdminOffer }) {
  const { t } = useTranslation('rewards-console');
  const fileId = useId();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<OfferCodeImportResult | null>(null);
  const run = useConsoleMutation((text: string) => rewardsConsoleApi.importCodes(offer.offerId, text), {
    invalidate: [rewardsConsoleKeys.offers],
    onSuccess: (r) => {
      setResult(r);
      setCsv('');
    },
  });
  return (
    <details className="rounded-xl border border-line p-3">
      <summary className="cursor-pointer text-sm font-semibold">{t('offers.importTitle')}</summary>
      <div className="mt-3 flex flex-col gap-2">
        <label htmlFor={fileId} className={labelClass}>
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
  const { t } = useTranslation('rewards-console');
  const { t: tc } = useTranslation('console');
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-lg font-bold">{o.title}</h2>
        <Badge tone={o.status === 'live' ? 'ok' : 'default'}>{t(`offers.statuses.${o.status}`)}</Badge>
        {o.archived && <Badge tone="warn">{tc('common.archived')}</Badge>}
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
          {tc('common.edit')}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadBlob(rewardsConsoleApi.claimsCsvPath(o.offerId), `offer-${o.offerId}-claims.csv`).catch(
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

/** Offers (product §12.4): create/edit, the code pool (CSV import), stock and claims, the claims CSV. */
export default function OffersConsoleRoute() {
  const { t } = useTranslation('rewards-console');
  const list = useQuery({ queryKey: rewardsConsoleKeys.offers, queryFn: rewardsConsoleApi.offers });
  const { editing, edit, done, newButton } = useEditing();
  return (
    <ConsolePage title={t('offers.title')} actions={newButton(t('offers.new'))}>
      <ErrorNote error={list.error} />
      {list.data?.length === 0 && <p className="text-muted">{t('offers.empty')}</p>}
      <PanelList
        items={list.data}
        itemKey={(o) => o.offerId}
        editing={editing}
        newTitle={t('offers.new')}
        form={(o) => <OfferForm offer={o} onDone={done} />}
      >
        {(o) => <OfferSummary o={o} onEdit={() => edit(o.offerId)} />}
      </PanelList>
    </ConsolePage>
  );
}
