import type { ConsentType, OrganizationSettings } from '@paddock/contracts/api/admin';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  organizationConsoleApi as api,
  organizationConsoleKeys as keys,
  type RankRow,
} from '../../../lib/organization-console-api.ts';
import { Button } from '../../../ui/button.tsx';
import { ConsoleForm, useConsoleMutation, useSaveMutation } from '../../../ui/console/console-form.tsx';
import { Check, Field, FieldGrid } from '../../../ui/console/fields.tsx';
import { replaceAt } from '../../../ui/console/list-editing.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { CellInput, Table, Td } from '../../../ui/console/table.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';

const TIME_ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : ['Europe/London', 'UTC'];

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function OrganizationForm({ org }: { org: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const f = useFormFields({
    name: org.name,
    timeZone: org.timeZone,
    primaryColor: org.branding.primaryColor ?? '#e10600',
    accentColor: org.branding.accentColor ?? '#00d2be',
    backgroundColor: org.branding.backgroundColor ?? '#0b0d12',
    logoMediaId: org.branding.logoMediaId,
    loggedOffDashboard: org.loggedOffDashboard,
    termsUrl: org.termsUrl ?? '',
    privacyUrl: org.privacyUrl ?? '',
    internalEmailDomains: org.internalEmailDomains.join(', '),
    checkinRewards: org.checkinRewards.join(', '),
  });
  const d = f.values;
  const save = useSaveMutation(
    () =>
      api.updateOrganization({
        name: d.name,
        timeZone: d.timeZone,
        branding: {
          primaryColor: d.primaryColor,
          accentColor: d.accentColor,
          backgroundColor: d.backgroundColor,
          logoMediaId: d.logoMediaId,
        },
        loggedOffDashboard: d.loggedOffDashboard,
        termsUrl: d.termsUrl.trim() || null,
        privacyUrl: d.privacyUrl.trim() || null,
        internalEmailDomains: list(d.internalEmailDomains),
        checkinRewards: list(d.checkinRewards).map(Number),
      }),
    { invalidate: [keys.organization] },
  );
  return (
    <Panel title={t('settings.organization')}>
      <ConsoleForm save={save}>
        <FieldGrid columns={2}>
          <Field label={t('settings.name')} {...f.text('name')} required />
          <Field label={t('settings.timeZone')} list="admin-time-zones" {...f.text('timeZone')} required />
          <datalist id="admin-time-zones">
            {TIME_ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          {(['primaryColor', 'accentColor', 'backgroundColor'] as const).map((k) => (
            <Field key={k} label={t(`settings.${k}`)} type="color" {...f.text(k)} />
          ))}
          <Field
            label={t('settings.domains')}
            hint={t('settings.domainsHint')}
            {...f.text('internalEmailDomains')}
          />
          <Field
            label={t('settings.checkin')}
            hint={t('settings.checkinHint')}
            {...f.text('checkinRewards')}
          />
        </FieldGrid>
        <MediaUpload label={t('settings.logo')} purpose="image" {...f.value('logoMediaId')} />
        <Check label={t('settings.loggedOff')} {...f.check('loggedOffDashboard')} />
        <FieldGrid columns={2}>
          <Field label={t('settings.termsUrl')} type="url" placeholder="https://" {...f.text('termsUrl')} />
          <Field
            label={t('settings.privacyUrl')}
            type="url"
            placeholder="https://"
            {...f.text('privacyUrl')}
          />
        </FieldGrid>
      </ConsoleForm>
    </Panel>
  );
}

function RanksForm({ ranks }: { ranks: RankRow[] }) {
  const { t } = useTranslation('admin');
  const [rows, setRows] = useState(ranks);
  useEffect(() => setRows(ranks), [ranks]);
  const save = useSaveMutation(() => api.putRanks(rows), { invalidate: [keys.ranks] });
  const set = (i: number, patch: Partial<RankRow>) => setRows(replaceAt(rows, i, patch));
  return (
    <Panel title={t('settings.ranks')}>
      <ConsoleForm save={save}>
        <Table
          head={[t('settings.code'), t('settings.rankName'), t('settings.threshold'), t('settings.benefits')]}
        >
          {rows.map((r, i) => (
            <tr key={r.code}>
              <Td className="font-bold">{r.code}</Td>
              <Td>
                <CellInput
                  aria-label={`${r.code} ${t('settings.rankName')}`}
                  value={r.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              </Td>
              <Td>
                <CellInput
                  aria-label={`${r.code} ${t('settings.threshold')}`}
                  type="number"
                  min={0}
                  className="w-28"
                  value={r.minPoints}
                  disabled={i === 0}
                  onChange={(e) => set(i, { minPoints: Number(e.target.value) })}
                />
              </Td>
              <Td>
                <CellInput
                  aria-label={`${r.code} ${t('settings.benefits')}`}
                  value={r.benefits ?? ''}
                  onChange={(e) => set(i, { benefits: e.target.value || null })}
                />
              </Td>
            </tr>
          ))}
        </Table>
        <p className="text-xs text-muted">{t('settings.ranksHint')}</p>
      </ConsoleForm>
    </Panel>
  );
}

const blankConsent = (sortOrder: number) => ({
  key: '',
  name: '',
  description: '',
  required: false,
  sortOrder,
});

function ConsentTypes({ items }: { items: ConsentType[] }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('console');
  const f = useFormFields(() => blankConsent(items.length));
  const act = useConsoleMutation((fn: () => Promise<unknown>) => fn(), { invalidate: [keys.consentTypes] });
  return (
    <Panel title={t('settings.consents')}>
      <Table head={[t('settings.key'), t('settings.consentName'), t('settings.required'), '']}>
        {items.map((c) => (
          <tr key={c.id}>
            <Td className="font-mono text-xs">{c.key}</Td>
            <Td>
              <CellInput
                aria-label={`${c.key} ${t('settings.consentName')}`}
                defaultValue={c.name}
                onBlur={(e) =>
                  e.target.value !== c.name &&
                  act.mutate(() => api.updateConsentType(c.id, { name: e.target.value }))
                }
              />
            </Td>
            <Td>
              <input
                type="checkbox"
                aria-label={`${c.key} ${t('settings.required')}`}
                checked={c.required}
                onChange={(e) =>
                  act.mutate(() => api.updateConsentType(c.id, { required: e.target.checked }))
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
                    act.mutate(() => api.deleteConsentType(c.id))
                  }
                >
                  {tc('common.delete')}
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
            api.createConsentType(f.values).then(() => f.set({ key: '', name: '', description: '' })),
          );
        }}
      >
        <Field label={t('settings.key')} pattern="[a-z][a-z0-9_]{1,49}" {...f.text('key')} required />
        <Field label={t('settings.consentName')} {...f.text('name')} required />
        <Field label={t('settings.description')} {...f.text('description')} />
        <Check label={t('settings.required')} {...f.check('required')} />
        <Button type="submit">{t('settings.addConsent')}</Button>
      </form>
      <ErrorNote error={act.error} />
    </Panel>
  );
}

/** Settings (product §11.8): branding, time zone, logged-off dashboard, domains, check-in table, ranks, consents. */
export default function AdminSettingsRoute() {
  const { t } = useTranslation('admin');
  const org = useQuery({ queryKey: keys.organization, queryFn: api.organization });
  const ranks = useQuery({ queryKey: keys.ranks, queryFn: api.ranks });
  const consents = useQuery({ queryKey: keys.consentTypes, queryFn: api.consentTypes });
  return (
    <ConsolePage title={t('settings.title')}>
      <ErrorNote error={org.error ?? ranks.error ?? consents.error} />
      {org.data && <OrganizationForm key={org.data.organizationId} org={org.data} />}
      {ranks.data && <RanksForm ranks={ranks.data.ranks} />}
      {consents.data && <ConsentTypes items={consents.data.items} />}
    </ConsolePage>
  );
}
