import type { ConsentType, OrganizationSettings } from '@paddock/contracts/api/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys, type RankRow } from '../api/admin-api.ts';
import { AdminPage, Check, ErrorNote, Field, Panel, Table, Td } from '../components/admin-ui.tsx';
import { MediaUpload } from '../components/media-upload.tsx';

const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : ['Europe/London', 'UTC'];

function OrganizationForm({ org }: { org: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState({
    name: org.name,
    timeZone: org.timeZone,
    primaryColor: org.branding.primaryColor ?? '#e10600',
    accentColor: org.branding.accentColor ?? '#00d2be',
    backgroundColor: org.branding.backgroundColor ?? '#0b0d12',
    logoMediaId: org.branding.logoMediaId,
    loggedOffDashboard: org.loggedOffDashboard,
    internalEmailDomains: org.internalEmailDomains.join(', '),
    checkinRewards: org.checkinRewards.join(', '),
  });
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      adminApi.updateOrganization({
        name: d.name,
        timeZone: d.timeZone,
        branding: {
          primaryColor: d.primaryColor,
          accentColor: d.accentColor,
          backgroundColor: d.backgroundColor,
          logoMediaId: d.logoMediaId,
        },
        loggedOffDashboard: d.loggedOffDashboard,
        internalEmailDomains: d.internalEmailDomains.split(/[\s,]+/).filter(Boolean),
        checkinRewards: d.checkinRewards
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number),
      }),
    onSuccess: () => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.organization });
    },
  });
  return (
    <Panel title={t('settings.organization')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('settings.name')}
            value={d.name}
            onChange={(e) => setD({ ...d, name: e.target.value })}
            required
          />
          <Field
            label={t('settings.timeZone')}
            list="admin-time-zones"
            value={d.timeZone}
            onChange={(e) => setD({ ...d, timeZone: e.target.value })}
            required
          />
          <datalist id="admin-time-zones">
            {TIME_ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          {(['primaryColor', 'accentColor', 'backgroundColor'] as const).map((k) => (
            <Field
              key={k}
              label={t(`settings.${k}`)}
              type="color"
              value={d[k]}
              onChange={(e) => setD({ ...d, [k]: e.target.value })}
            />
          ))}
          <Field
            label={t('settings.domains')}
            hint={t('settings.domainsHint')}
            value={d.internalEmailDomains}
            onChange={(e) => setD({ ...d, internalEmailDomains: e.target.value })}
          />
          <Field
            label={t('settings.checkin')}
            hint={t('settings.checkinHint')}
            value={d.checkinRewards}
            onChange={(e) => setD({ ...d, checkinRewards: e.target.value })}
          />
        </div>
        <MediaUpload
          label={t('settings.logo')}
          purpose="image"
          value={d.logoMediaId}
          onChange={(v) => setD({ ...d, logoMediaId: v })}
        />
        <Check
          label={t('settings.loggedOff')}
          checked={d.loggedOffDashboard}
          onChange={(on) => setD({ ...d, loggedOffDashboard: on })}
        />
        <ErrorNote error={save.error} />
        <Button type="submit" loading={save.isPending} className="self-start">
          {t('common.save')}
        </Button>
      </form>
    </Panel>
  );
}

function RanksForm({ ranks }: { ranks: RankRow[] }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(ranks);
  useEffect(() => setRows(ranks), [ranks]);
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () => adminApi.putRanks(rows),
    onSuccess: () => {
      toast({ title: t('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.ranks });
    },
  });
  const set = (i: number, patch: Partial<RankRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Panel title={t('settings.ranks')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Table
          head={[t('settings.code'), t('settings.rankName'), t('settings.threshold'), t('settings.benefits')]}
        >
          {rows.map((r, i) => (
            <tr key={r.code}>
              <Td className="font-bold">{r.code}</Td>
              <Td>
                <input
                  aria-label={`${r.code} ${t('settings.rankName')}`}
                  className="w-full rounded-md border border-line bg-surface-2 px-2 py-1"
                  value={r.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              </Td>
              <Td>
                <input
                  aria-label={`${r.code} ${t('settings.threshold')}`}
                  type="number"
                  min={0}
                  className="w-28 rounded-md border border-line bg-surface-2 px-2 py-1"
                  value={r.minPoints}
                  disabled={i === 0}
                  onChange={(e) => set(i, { minPoints: Number(e.target.value) })}
                />
              </Td>
              <Td>
                <input
                  aria-label={`${r.code} ${t('settings.benefits')}`}
                  className="w-full rounded-md border border-line bg-surface-2 px-2 py-1"
                  value={r.benefits ?? ''}
                  onChange={(e) => set(i, { benefits: e.target.value || null })}
                />
              </Td>
            </tr>
          ))}
        </Table>
        <p className="text-xs text-muted">{t('settings.ranksHint')}</p>
        <ErrorNote error={save.error} />
        <Button type="submit" loading={save.isPending} className="self-start">
          {t('common.save')}
        </Button>
      </form>
    </Panel>
  );
}

function ConsentTypes({ items }: { items: ConsentType[] }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    key: '',
    name: '',
    description: '',
    required: false,
    sortOrder: items.length,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.consentTypes });
  const act = useMutation({
    meta: { silent: true },
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: refresh,
  });
  return (
    <Panel title={t('settings.consents')}>
      <Table head={[t('settings.key'), t('settings.consentName'), t('settings.required'), '']}>
        {items.map((c) => (
          <tr key={c.id}>
            <Td className="font-mono text-xs">{c.key}</Td>
            <Td>
              <input
                aria-label={`${c.key} ${t('settings.consentName')}`}
                className="w-full rounded-md border border-line bg-surface-2 px-2 py-1"
                defaultValue={c.name}
                onBlur={(e) =>
                  e.target.value !== c.name &&
                  act.mutate(() => adminApi.updateConsentType(c.id, { name: e.target.value }))
                }
              />
            </Td>
            <Td>
              <input
                type="checkbox"
                aria-label={`${c.key} ${t('settings.required')}`}
                checked={c.required}
                onChange={(e) =>
                  act.mutate(() => adminApi.updateConsentType(c.id, { required: e.target.checked }))
                }
              />
            </Td>
            <Td>
              {!c.required && (
                <Button
                  variant="ghost"
                  className="min-h-8 px-2 text-xs"
                  onClick={() =>
                    window.confirm(t('settings.deleteConsent')) &&
                    act.mutate(() => adminApi.deleteConsentType(c.id))
                  }
                >
                  {t('common.delete')}
                </Button>
              )}
            </Td>
          </tr>
        ))}
      </Table>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          act.mutate(() =>
            adminApi
              .createConsentType(draft)
              .then(() => setDraft({ ...draft, key: '', name: '', description: '' })),
          );
        }}
      >
        <Field
          label={t('settings.key')}
          value={draft.key}
          pattern="[a-z][a-z0-9_]{1,49}"
          onChange={(e) => setDraft({ ...draft, key: e.target.value })}
          required
        />
        <Field
          label={t('settings.consentName')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          required
        />
        <Field
          label={t('settings.description')}
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        <Check
          label={t('settings.required')}
          checked={draft.required}
          onChange={(on) => setDraft({ ...draft, required: on })}
        />
        <Button type="submit">{t('settings.addConsent')}</Button>
      </form>
      <ErrorNote error={act.error} />
    </Panel>
  );
}

/** Settings (issue 5): branding, time zone, logged-off dashboard, domains, check-in table, ranks, consents. */
export default function AdminSettingsRoute() {
  const { t } = useTranslation('admin');
  const org = useQuery({ queryKey: adminKeys.organization, queryFn: adminApi.organization });
  const ranks = useQuery({ queryKey: adminKeys.ranks, queryFn: adminApi.ranks });
  const consents = useQuery({ queryKey: adminKeys.consentTypes, queryFn: adminApi.consentTypes });
  return (
    <AdminPage title={t('settings.title')}>
      <ErrorNote error={org.error ?? ranks.error ?? consents.error} />
      {org.data && <OrganizationForm key={org.data.organizationId} org={org.data} />}
      {ranks.data && <RanksForm ranks={ranks.data.ranks} />}
      {consents.data && <ConsentTypes items={consents.data.items} />}
    </AdminPage>
  );
}
