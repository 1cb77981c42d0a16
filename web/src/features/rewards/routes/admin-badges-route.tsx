import type { AdminBadge, MilestoneRule } from '@paddock/contracts/api/badges';
import type { BoostEarning } from '@paddock/contracts/api/boosts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast-store.ts';
import {
  AdminPage,
  Badge,
  Check,
  ErrorNote,
  Field,
  Panel,
  RowActions,
  Select,
  TextArea,
} from '../../admin/components/admin-ui.tsx';
import { MediaUpload } from '../../admin/components/media-upload.tsx';
import { REWARDS_ADMIN_NS } from '../admin-i18n/load-rewards-admin-i18n.ts';
import { adminRewardsApi, adminRewardsKeys } from '../api/admin-rewards-api.ts';

const EARNINGS: BoostEarning[] = ['all', 'challenges', 'content', 'checkin'];

interface Draft {
  name: string;
  description: string;
  imageMediaId: string | null;
  withBoost: boolean;
  boostName: string;
  boostMultiplier: string;
  boostEarning: BoostEarning;
  boostHours: string;
}

const fromBadge = (b: AdminBadge | null): Draft => ({
  name: b?.name ?? '',
  description: b?.description ?? '',
  imageMediaId: b?.imageMediaId ?? null,
  withBoost: Boolean(b?.boost),
  boostName: b?.boost?.name ?? 'badge boost',
  boostMultiplier: String(b?.boost?.multiplier ?? 2),
  boostEarning: b?.boost?.earning ?? 'all',
  boostHours: String(b?.boost ? Math.round((b.boost.durationMinutes / 60) * 100) / 100 : 24),
});

const toBody = (d: Draft) => ({
  name: d.name,
  description: d.description,
  imageMediaId: d.imageMediaId,
  boost: d.withBoost
    ? {
        name: d.boostName,
        multiplier: Number(d.boostMultiplier),
        earning: d.boostEarning,
        durationMinutes: Math.max(1, Math.round(Number(d.boostHours) * 60)),
      }
    : null,
});

function BadgeForm({ badge, onDone }: { badge: AdminBadge | null; onDone: () => void }) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [d, setD] = useState(() => fromBadge(badge));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      badge ? adminRewardsApi.updateBadge(badge.badgeId, toBody(d)) : adminRewardsApi.createBadge(toBody(d)),
    onSuccess: () => {
      toast({ title: ta('common.saved') });
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.badges });
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
      <Field label={t('badges.name')} value={d.name} onChange={(e) => set('name', e.target.value)} required />
      <TextArea
        label={t('badges.description')}
        value={d.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <MediaUpload
        label={t('badges.image')}
        purpose="image"
        value={d.imageMediaId}
        onChange={(v) => set('imageMediaId', v)}
      />
      <Check label={t('badges.withBoost')} checked={d.withBoost} onChange={(v) => set('withBoost', v)} />
      {d.withBoost && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            label={t('boosts.name')}
            value={d.boostName}
            onChange={(e) => set('boostName', e.target.value)}
            required
          />
          <Field
            label={t('boosts.multiplier')}
            type="number"
            min={1.01}
            max={10}
            step={0.01}
            value={d.boostMultiplier}
            onChange={(e) => set('boostMultiplier', e.target.value)}
            required
          />
          <Select
            label={t('boosts.earning')}
            value={d.boostEarning}
            onChange={(e) => set('boostEarning', e.target.value as BoostEarning)}
            options={EARNINGS.map((value) => ({ value, label: t(`boosts.earnings.${value}`) }))}
          />
          <Field
            label={t('badges.boostHours')}
            type="number"
            min={0.02}
            step={0.01}
            value={d.boostHours}
            onChange={(e) => set('boostHours', e.target.value)}
            required
          />
        </div>
      )}
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

function MilestoneRow({ rule }: { rule: MilestoneRule }) {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const queryClient = useQueryClient();
  const toggle = useMutation({
    meta: { silent: true },
    mutationFn: (enabled: boolean) => adminRewardsApi.updateMilestone(rule.key, { enabled }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.milestones });
      void queryClient.invalidateQueries({ queryKey: adminRewardsKeys.badges });
    },
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{rule.badge.name}</p>
        <p className="text-sm text-muted">
          {rule.rule} · {t('badges.holders', { count: rule.badge.holders })}
        </p>
        <ErrorNote error={toggle.error} />
      </div>
      <Check
        label={rule.enabled ? t('badges.ruleOn') : t('badges.ruleOff')}
        checked={rule.enabled}
        onChange={(v) => toggle.mutate(v)}
      />
    </li>
  );
}

/** Badges (issue 6): definitions (with an optional boost they grant) and the automatic milestone rules. */
export default function AdminBadgesRoute() {
  const { t } = useTranslation(REWARDS_ADMIN_NS);
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const badges = useQuery({ queryKey: adminRewardsKeys.badges, queryFn: adminRewardsApi.badges });
  const milestones = useQuery({ queryKey: adminRewardsKeys.milestones, queryFn: adminRewardsApi.milestones });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: adminRewardsApi.deleteBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRewardsKeys.badges }),
  });
  return (
    <AdminPage
      title={t('badges.title')}
      actions={editing === null && <Button onClick={() => setEditing('new')}>{t('badges.new')}</Button>}
    >
      <Panel title={t('badges.milestones')}>
        <ErrorNote error={milestones.error} />
        <ul className="divide-y divide-line">
          {milestones.data?.map((rule) => (
            <MilestoneRow key={rule.key} rule={rule} />
          ))}
        </ul>
      </Panel>
      <ErrorNote error={badges.error ?? remove.error} />
      {editing === 'new' && (
        <Panel title={t('badges.new')}>
          <BadgeForm badge={null} onDone={() => setEditing(null)} />
        </Panel>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {badges.data?.map((b) => (
          <Panel key={b.badgeId}>
            {editing === b.badgeId ? (
              <BadgeForm badge={b} onDone={() => setEditing(null)} />
            ) : (
              <div className="flex gap-3">
                {b.imageUrl ? (
                  <img src={b.imageUrl} alt="" className="size-14 shrink-0 rounded-full object-cover" />
                ) : (
                  <span className="grid size-14 shrink-0 place-items-center rounded-full bg-surface-2 text-accent">
                    <Award aria-hidden className="size-7" />
                  </span>
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="flex-1 font-bold">{b.name}</h2>
                    <Badge>{b.milestoneKey ? t('badges.milestone') : b.source}</Badge>
                  </div>
                  {b.description && <p className="text-sm text-muted">{b.description}</p>}
                  <p className="text-sm">
                    {t('badges.holders', { count: b.holders })}
                    {b.boost &&
                      ` · ${t('badges.grants', {
                        multiplier: b.boost.multiplier,
                        earning: t(`boosts.earnings.${b.boost.earning}`),
                        hours: Math.round((b.boost.durationMinutes / 60) * 100) / 100,
                      })}`}
                  </p>
                  <div className="flex gap-2">
                    <RowActions
                      editLabel={ta('common.edit')}
                      onEdit={() => setEditing(b.badgeId)}
                      removeLabel={ta('common.delete')}
                      confirmText={t('badges.deleteConfirm', { name: b.name })}
                      removing={remove.isPending && remove.variables === b.badgeId}
                      onRemove={
                        b.holders === 0 && !b.milestoneKey ? () => remove.mutate(b.badgeId) : undefined
                      }
                    />
                  </div>
                </div>
              </div>
            )}
          </Panel>
        ))}
      </div>
    </AdminPage>
  );
}
