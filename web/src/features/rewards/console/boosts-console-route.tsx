import type { AdminBoost, BoostEarning } from '@paddock/contracts/api/boosts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEditing } from '../../../ui/console/editing.tsx';
import { ConsoleForm, useConsoleForm, useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { daysFromNow, formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field, FieldGrid, Select } from '../../../ui/console/fields.tsx';
import { Badge, ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { DataTable, RowActions } from '../../../ui/console/table.tsx';
import { BoostFields } from './boost-fields.tsx';
import { rewardsConsoleApi, rewardsConsoleKeys } from './rewards-console-api.ts';

interface Draft {
  name: string;
  multiplier: string;
  earning: BoostEarning;
  scope: 'organization' | 'fan';
  userId: string;
  startsAt: string | null;
  endsAt: string | null;
}

const fromBoost = (b: AdminBoost | null): Draft => ({
  name: b?.name ?? 'race-weekend boost',
  multiplier: String(b?.multiplier ?? 2),
  earning: b?.earning ?? 'all',
  scope: b?.userId ? 'fan' : 'organization',
  userId: b?.userId ?? '',
  startsAt: b?.startsAt ?? new Date().toISOString(),
  endsAt: b?.endsAt ?? daysFromNow(3),
});

const toBody = (d: Draft) => ({
  name: d.name,
  multiplier: Number(d.multiplier),
  earning: d.earning,
  userId: d.scope === 'fan' ? d.userId.trim() : null,
  startsAt: d.startsAt ?? '',
  endsAt: d.endsAt ?? '',
});

function BoostForm({ boost, onDone }: { boost: AdminBoost | null; onDone: () => void }) {
  const { t } = useTranslation('rewards-console');
  const { f, save } = useConsoleForm(
    () => fromBoost(boost),
    (d) =>
      boost
        ? rewardsConsoleApi.updateBoost(boost.boostId, toBody(d))
        : rewardsConsoleApi.createBoost(toBody(d)),
    { invalidate: [rewardsConsoleKeys.boosts], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <BoostFields
          name={f.text('name')}
          nameHint={t('boosts.nameHint')}
          multiplier={f.text('multiplier')}
          earning={f.text('earning')}
        />
        <DateTimeField label={t('boosts.starts')} {...f.value('startsAt')} required />
        <DateTimeField label={t('boosts.ends')} {...f.value('endsAt')} required />
        <Select
          label={t('boosts.scope')}
          {...f.text('scope')}
          options={[
            { value: 'organization', label: t('boosts.scopes.organization') },
            { value: 'fan', label: t('boosts.scopes.fan') },
          ]}
        />
        {f.values.scope === 'fan' && (
          <Field
            label={t('boosts.fanId')}
            hint={t('boosts.fanIdHint')}
            pattern="[0-9a-fA-F-]{36}"
            {...f.text('userId')}
            required
          />
        )}
      </FieldGrid>
    </ConsoleForm>
  );
}

/** Boosts (product §12.4): windows, multiplier, earning kind, scope (the organization or one fan). */
export default function BoostsConsoleRoute() {
  const { t } = useTranslation('rewards-console');
  const { t: tc } = useTranslation('console');
  const list = useQuery({ queryKey: rewardsConsoleKeys.boosts, queryFn: rewardsConsoleApi.boosts });
  const { editing, edit, done, newButton } = useEditing();
  const remove = useConsoleMutation(rewardsConsoleApi.deleteBoost, {
    invalidate: [rewardsConsoleKeys.boosts],
  });
  const editingBoost = list.data?.find((b) => b.boostId === editing);
  return (
    <ConsolePage title={t('boosts.title')} actions={newButton(t('boosts.new'))}>
      <p className="text-sm text-muted">{t('boosts.intro')}</p>
      <ErrorNote error={list.error ?? remove.error} />
      {editing === 'new' && (
        <Panel title={t('boosts.new')}>
          <BoostForm boost={null} onDone={done} />
        </Panel>
      )}
      {editingBoost && (
        <Panel title={editingBoost.name}>
          <BoostForm key={editingBoost.boostId} boost={editingBoost} onDone={done} />
        </Panel>
      )}
      {list.data?.length === 0 && <p className="text-muted">{t('boosts.empty')}</p>}
      {list.data && list.data.length > 0 && (
        <DataTable
          items={list.data}
          itemKey={(b) => b.boostId}
          columns={[
            { head: t('boosts.name'), className: 'font-semibold', cell: (b) => b.name },
            { head: t('boosts.multiplier'), className: 'tabular-nums', cell: (b) => `×${b.multiplier}` },
            { head: t('boosts.earning'), cell: (b) => t(`boosts.earnings.${b.earning}`) },
            {
              head: t('boosts.scope'),
              cell: (b) => (
                <>
                  {b.userId ? (
                    <span className="font-mono text-xs">{b.userId}</span>
                  ) : (
                    t('boosts.scopes.organization')
                  )}
                  {b.badgeId && <span className="block text-xs text-muted">{t('boosts.fromBadge')}</span>}
                </>
              ),
            },
            {
              head: t('boosts.window'),
              className: 'whitespace-nowrap',
              cell: (b) => `${formatDateTime(b.startsAt)} → ${formatDateTime(b.endsAt)}`,
            },
            {
              head: t('boosts.status'),
              cell: (b) => (
                <Badge tone={b.status === 'active' ? 'ok' : 'default'}>
                  {t(`boosts.statuses.${b.status}`)}
                </Badge>
              ),
            },
            {
              head: '',
              className: 'whitespace-nowrap',
              cell: (b) => (
                <RowActions
                  editLabel={tc('common.edit')}
                  onEdit={() => edit(b.boostId)}
                  removeLabel={tc('common.delete')}
                  confirmText={t('boosts.deleteConfirm', { name: b.name })}
                  removing={remove.isPending && remove.variables === b.boostId}
                  onRemove={() => remove.mutate(b.boostId)}
                />
              ),
            },
          ]}
        />
      )}
    </ConsolePage>
  );
}
