import type { AdminBadge, MilestoneRule } from '@paddock/contracts/api/badges';
import type { BoostEarning } from '@paddock/contracts/api/boosts';
import { useQuery } from '@tanstack/react-query';
import { Award } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PanelList, useEditing } from '../../../ui/console/editing.tsx';
import { ConsoleForm, useConsoleForm, useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { Check, Field, FieldGrid, TextArea } from '../../../ui/console/fields.tsx';
import { MediaUpload } from '../../../ui/console/media-upload.tsx';
import { Badge, ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { RowActions } from '../../../ui/console/table.tsx';
import { BoostFields } from './boost-fields.tsx';
import { rewardsConsoleApi, rewardsConsoleKeys } from './rewards-console-api.ts';

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
  const { t } = useTranslation('rewards-console');
  const { f, save } = useConsoleForm(
    () => fromBadge(badge),
    (d) =>
      badge
        ? rewardsConsoleApi.updateBadge(badge.badgeId, toBody(d))
        : rewardsConsoleApi.createBadge(toBody(d)),
    { invalidate: [rewardsConsoleKeys.badges], onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <Field label={t('badges.name')} {...f.text('name')} required />
      <TextArea label={t('badges.description')} {...f.text('description')} />
      <MediaUpload label={t('badges.image')} purpose="image" {...f.value('imageMediaId')} />
      <Check label={t('badges.withBoost')} {...f.check('withBoost')} />
      {f.values.withBoost && (
        <FieldGrid columns={4}>
          <BoostFields
            name={f.text('boostName')}
            multiplier={f.text('boostMultiplier')}
            earning={f.text('boostEarning')}
          />
          <Field
            label={t('badges.boostHours')}
            type="number"
            min={0.02}
            step={0.01}
            {...f.text('boostHours')}
            required
          />
        </FieldGrid>
      )}
    </ConsoleForm>
  );
}

function MilestoneRow({ rule }: { rule: MilestoneRule }) {
  const { t } = useTranslation('rewards-console');
  const toggle = useConsoleMutation(
    (enabled: boolean) => rewardsConsoleApi.updateMilestone(rule.key, { enabled }),
    { invalidate: [rewardsConsoleKeys.milestones, rewardsConsoleKeys.badges] },
  );
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

/** Badges (product §12.4): definitions (with an optional boost they grant) and the automatic milestone rules. */
export default function BadgesConsoleRoute() {
  const { t } = useTranslation('rewards-console');
  const { t: tc } = useTranslation('console');
  const badges = useQuery({ queryKey: rewardsConsoleKeys.badges, queryFn: rewardsConsoleApi.badges });
  const milestones = useQuery({
    queryKey: rewardsConsoleKeys.milestones,
    queryFn: rewardsConsoleApi.milestones,
  });
  const { editing, edit, done, newButton } = useEditing();
  const remove = useConsoleMutation(rewardsConsoleApi.deleteBadge, {
    invalidate: [rewardsConsoleKeys.badges],
  });
  return (
    <ConsolePage title={t('badges.title')} actions={newButton(t('badges.new'))}>
      <Panel title={t('badges.milestones')}>
        <ErrorNote error={milestones.error} />
        <ul className="divide-y divide-line">
          {milestones.data?.map((rule) => (
            <MilestoneRow key={rule.key} rule={rule} />
          ))}
        </ul>
      </Panel>
      <ErrorNote error={badges.error ?? remove.error} />
      <PanelList
        items={badges.data}
        itemKey={(b) => b.badgeId}
        editing={editing}
        newTitle={t('badges.new')}
        form={(b) => <BadgeForm badge={b} onDone={done} />}
        className="grid gap-3 md:grid-cols-2"
      >
        {(b) => (
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
                  editLabel={tc('common.edit')}
                  onEdit={() => edit(b.badgeId)}
                  removeLabel={tc('common.delete')}
                  confirmText={t('badges.deleteConfirm', { name: b.name })}
                  removing={remove.isPending && remove.variables === b.badgeId}
                  onRemove={b.holders === 0 && !b.milestoneKey ? () => remove.mutate(b.badgeId) : undefined}
                />
              </div>
            </div>
          </div>
        )}
      </PanelList>
    </ConsolePage>
  );
}
