import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { BarChart, LineChart } from '../../../ui/console/charts.tsx';
import { shortLabel } from '../../../ui/console/short-label.ts';
import { Select } from '../../../ui/console/fields.tsx';
import { ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';

/** Dashboard (product §11.11): participation per challenge, points issued/spent and active fans per day. */
export default function AdminDashboardRoute() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState(30);
  const stats = useQuery({ queryKey: adminKeys.stats(days), queryFn: () => adminApi.stats(days) });
  const s = stats.data;
  const labels = s?.days.map((d) => d.day.slice(5)) ?? [];
  return (
    <ConsolePage
      title={t('dashboard.title')}
      actions={
        <Select
          label={t('dashboard.period')}
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
          options={[7, 30, 90].map((d) => ({ value: String(d), label: t('dashboard.days', { count: d }) }))}
        />
      }
    >
      <ErrorNote error={stats.error} />
      {!s ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ['fans', s.totals.fans],
                ['issued', s.totals.issued],
                ['spent', s.totals.spent],
              ] as const
            ).map(([key, value]) => (
              <Panel key={key}>
                <p className="text-xs uppercase tracking-wide text-muted">{t(`dashboard.totals.${key}`)}</p>
                <p className="font-display text-3xl font-black">{value.toLocaleString()}</p>
              </Panel>
            ))}
          </div>
          <div className="grid gap-4 xl:grid-cols-2">
            <Panel title={t('dashboard.points')}>
              <LineChart
                title={t('dashboard.points')}
                labels={labels}
                series={[
                  {
                    name: t('dashboard.issued'),
                    values: s.days.map((d) => d.issued),
                    color: 'var(--color-accent)',
                  },
                  {
                    name: t('dashboard.spent'),
                    values: s.days.map((d) => d.spent),
                    color: 'var(--color-brand)',
                  },
                ]}
              />
            </Panel>
            <Panel title={t('dashboard.activeFans')}>
              <BarChart
                title={t('dashboard.activeFans')}
                data={s.days.map((d) => ({ label: d.day.slice(5), value: d.activeFans }))}
              />
            </Panel>
          </div>
          <Panel title={t('dashboard.participation')}>
            {s.participation.length === 0 ? (
              <p className="text-sm text-muted">{t('dashboard.noParticipation')}</p>
            ) : (
              <div className="max-w-3xl">
                <BarChart
                  title={t('dashboard.participation')}
                  color="var(--color-accent)"
                  data={s.participation
                    .slice(0, 12)
                    .map((p) => ({ label: shortLabel(p.name, 15), value: p.responses }))}
                />
              </div>
            )}
            <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
              {s.participation.map((p) => (
                <li key={p.challengeId} className="flex justify-between gap-2 border-b border-line py-1">
                  <span className="truncate">
                    {p.name} <span className="text-muted">· {p.subtype}</span>
                  </span>
                  <span className="font-semibold">{p.responses}</span>
                </li>
              ))}
            </ul>
          </Panel>
        </>
      )}
    </ConsolePage>
  );
}
