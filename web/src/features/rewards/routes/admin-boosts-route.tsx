import type { AdminBoost, BoostEarning } from '@paddock/contracts/api/boosts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import {
  AdminPage,
  Badge,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Panel,
  RowActions,
  Select,
  Table,
  Td,
  toLocalInput,
} from '../../admin/components/admin-ui.tsx';
import { REWARDS_ADMIN_NS } from '../admin-i18n/load-rewards-admin-i18n.ts';
import { adminRewardsApi, adminRewardsKeys } from '../api/admin-rewards-api.ts';

const EARNINGS: BoostEarning[] = ['all', 'challenges', 'content', 'checkin'];

interface Draft {
  name: string;
  multiplier: string;
  earning: BoostEarning;
  scope: 'organization' | 'fan';
  userId: string;
  startsAt: string;
  endsAt: string;
}

const blank = (): Draft => ({
  name: 'race-weekend boost',
  multiplier: '2',
  earning: 'all',
  scope: 'organization',
  userId: '',
  startsAt: toLocalInput(new Date().toISOString()),
  endsAt: toLocalInput(new Date(Date.now() + 3 * 86_400_000).toISOString()),
});

const fromBoost = (b: AdminBoost): Draft => ({
  name: b.name,
  multiplier: String(b.multiplier),
  earning: b.earning,
  scope: b.userId ? 'fan' : 'organization',
  userId: b.userId ?? '',
  startsAt: toLocalInput(b.startsAt),
  endsAt: toLocalInput(b.endsAt),
});

const toBody = (d: Draft) => ({
  name: d.name,
  multiplier: Number(d.multiplier),
  earning: d.earning,
  userId: d.scope === 'fan' ? d.userId.trim() : null,
  startsAt: fromLocalInput(d.startsAt) ?? '',
  endsAt: fromLocalInput(d.endsAt) ?? '',
});

function BoostForm({ initial, id, onDone }: { initial: Draft; id: string | null; onDone: () => void }) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState(initial);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      id ? adminRewardsApi.updateBoost(id, toBody(d)) : adminRewardsApi.createBoost(toBody(d)),
    onSuccess: () => {
      toast({ title: ta('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.boosts });
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
          label={t('boosts.name')}
          value={d.name}
          onChange={(e) => set('name', e.target.value)}
          hint={t('boosts.nameHint')}
          required
        />
        <Field
          label={t('boosts.multiplier')}
          type="number"
          min={1.01}
          max={10}
          step={0.01}
          value={d.multiplier}
          onChange={(e) => set('multiplier', e.target.value)}
          required
        />
        <Select
          label={t('boosts.earning')}
          value={d.earning}
          onChange={(e) => set('earning', e.target.value as BoostEarning)}
          options={EARNINGS.map((value) => ({ value, label: t(`boosts.earnings.${value}`) }))}
        />
        <Field
          label={t('boosts.starts')}
          type="datetime-local"
          value={d.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
          required
        />
        <Field
          label={t('boosts.ends')}
          type="datetime-local"
          value={d.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
          required
        />
        <Select
          label={t('boosts.scope')}
          value={d.scope}
          onChange={(e) => set('scope', e.target.value as Draft['scope'])}
          options={[
            { value: 'organization', label: t('boosts.scopes.organization') },
            { value: 'fan', label: t('boosts.scopes.fan') },
          ]}
        />
        {d.scope === 'fan' && (
          <Field
            label={t('boosts.fanId')}
            value={d.userId}
            onChange={(e) => set('userId', e.target.value)}
            hint={t('boosts.fanIdHint')}
            pattern="[0-9a-fA-F-]{36}"
            required
          />
        )}
      </div>
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

/** Boosts (issue 6): windows, multiplier, earning kind, scope (the organization or one fan). */
export default function AdminBoostsRoute() {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminRewardsKeys.boosts, queryFn: adminRewardsApi.boosts });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: adminRewardsApi.deleteBoost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRewardsKeys.boosts }),
  });
  const editingBoost = list.data?.find((b) => b.boostId === editing);
  return (
    <AdminPage
      title={t('boosts.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t('boosts.new')}</Button>}
    >
      <p className="text-sm text-muted">{t('boosts.intro')}</p>
      <ErrorNote error={list.error ?? remove.error} />
      {editing === 'new' && (
        <Panel title={t('boosts.new')}>
          <BoostForm initial={blank()} id={null} onDone={() => setEditing(null)} />
        </Panel>
      )}
      {editingBoost && (
        <Panel title={editingBoost.name}>
          <BoostForm
            key={editingBoost.boostId}
            initial={fromBoost(editingBoost)}
            id={editingBoost.boostId}
            onDone={() => setEditing(null)}
          />
        </Panel>
      )}
      {list.data?.length === 0 && <p className="text-muted">{t('boosts.empty')}</p>}
      {list.data && list.data.length > 0 && (
        <Table
          head={[
            t('boosts.name'),
            t('boosts.multiplier'),
            t('boosts.earning'),
            t('boosts.scope'),
            t('boosts.window'),
            t('boosts.status'),
            '',
          ]}
        >
          {list.data.map((b) => (
            <tr key={b.boostId}>
              <Td className="font-semibold">{b.name}</Td>
              <Td className="tabular-nums">×{b.multiplier}</Td>
              <Td>{t(`boosts.earnings.${b.earning}`)}</Td>
              <Td>
                {b.userId ? (
                  <span className="font-mono text-xs">{b.userId}</span>
                ) : (
                  t('boosts.scopes.organization')
                )}
                {b.badgeId && <span className="block text-xs text-muted">{t('boosts.fromBadge')}</span>}
              </Td>
              <Td className="whitespace-nowrap">
                {formatDateTime(b.startsAt)} → {formatDateTime(b.endsAt)}
              </Td>
              <Td>
                <Badge tone={b.status === 'active' ? 'ok' : 'default'}>
                  {t(`boosts.statuses.${b.status}`)}
                </Badge>
              </Td>
              <Td className="whitespace-nowrap">
                <RowActions
                  editLabel={ta('common.edit')}
                  onEdit={() => setEditing(b.boostId)}
                  removeLabel={ta('common.delete')}
                  confirmText={t('boosts.deleteConfirm', { name: b.name })}
                  removing={remove.isPending && remove.variables === b.boostId}
                  onRemove={() => remove.mutate(b.boostId)}
                />
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </AdminPage>
  );
}
