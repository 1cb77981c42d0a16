import type { WeekendWindow } from '@paddock/contracts/api/leaderboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { ConsoleForm, useConsoleForm, useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { daysFromNow, formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field, FieldGrid } from '../../../ui/console/fields.tsx';
import { ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { Table, Td } from '../../../ui/console/table.tsx';
import { leaderboardConsoleApi, leaderboardConsoleKeys } from './leaderboard-console-api.ts';

const refresh = [leaderboardConsoleKeys.weekends, ['admin', 'leaderboard']] as const;

function WeekendForm({ window, onDone }: { window: WeekendWindow | null; onDone: () => void }) {
  const { t } = useTranslation('leaderboard-console');
  const { f, save } = useConsoleForm(
    () => ({
      name: window?.name ?? '',
      startsAt: (window?.startsAt ?? daysFromNow(4)) as string | null,
      endsAt: (window?.endsAt ?? daysFromNow(7)) as string | null,
    }),
    (d) => {
      const body = { name: d.name, startsAt: d.startsAt ?? '', endsAt: d.endsAt ?? '' };
      return window
        ? leaderboardConsoleApi.updateWeekend(window.id, body)
        : leaderboardConsoleApi.createWeekend(body);
    },
    { invalidate: refresh, onSuccess: onDone },
  );
  return (
    <ConsoleForm save={save} onCancel={onDone}>
      <FieldGrid columns={3}>
        <Field label={t('weekends.name')} {...f.text('name')} required />
        <DateTimeField label={t('weekends.starts')} {...f.value('startsAt')} />
        <DateTimeField label={t('weekends.ends')} {...f.value('endsAt')} />
      </FieldGrid>
    </ConsoleForm>
  );
}

/** Race-weekend windows: the weekend board counts points earned inside the current (or latest) one. */
export function WeekendWindows() {
  const { t } = useTranslation('leaderboard-console');
  const { t: tc } = useTranslation('console');
  const list = useQuery({
    queryKey: leaderboardConsoleKeys.weekends,
    queryFn: leaderboardConsoleApi.weekends,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useConsoleMutation((id: string) => leaderboardConsoleApi.deleteWeekend(id), {
    invalidate: refresh,
  });
  const items = list.data?.items ?? [];
  return (
    <Panel title={t('weekends.title')}>
      <p className="mb-3 text-sm text-muted">{t('weekends.hint')}</p>
      <ErrorNote error={list.error ?? remove.error} />
      {editing !== null ? (
        <WeekendForm
          key={editing}
          window={items.find((w) => w.id === editing) ?? null}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button onClick={() => setEditing('new')}>{t('weekends.new')}</Button>
      )}
      {items.length > 0 && (
        <div className="mt-3">
          <Table head={[t('weekends.name'), t('weekends.starts'), t('weekends.ends'), '']}>
            {items.map((w) => (
              <tr key={w.id}>
                <Td>{w.name}</Td>
                <Td>{formatDateTime(w.startsAt)}</Td>
                <Td>{formatDateTime(w.endsAt)}</Td>
                <Td className="text-right">
                  <Button variant="ghost" onClick={() => setEditing(w.id)}>
                    {tc('common.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() =>
                      window.confirm(t('weekends.confirmDelete', { name: w.name })) && remove.mutate(w.id)
                    }
                  >
                    {t('weekends.delete')}
                  </Button>
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </Panel>
  );
}
