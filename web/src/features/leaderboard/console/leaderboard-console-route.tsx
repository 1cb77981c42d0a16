import { ADMIN_LEADERBOARD_BOARDS, type AdminLeaderboardBoard } from '@paddock/contracts/api/leaderboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/console-files.ts';
import { Button } from '../../../ui/button.tsx';
import { useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { Field, Select } from '../../../ui/console/fields.tsx';
import { Badge, ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { Table, Td } from '../../../ui/console/table.tsx';
import { leaderboardConsoleApi, leaderboardConsoleKeys } from './leaderboard-console-api.ts';
import { WeekendWindows } from './weekend-windows.tsx';

function SeasonStart() {
  const { t } = useTranslation('leaderboard-console');
  const settings = useQuery({
    queryKey: leaderboardConsoleKeys.settings,
    queryFn: leaderboardConsoleApi.settings,
  });
  const [day, setDay] = useState<string | null>(null);
  const save = useConsoleMutation(() => leaderboardConsoleApi.setSeasonStart(day ?? ''), {
    invalidate: [leaderboardConsoleKeys.settings, ['admin', 'leaderboard']],
  });
  return (
    <Panel title={t('season.title')}>
      <p className="mb-3 text-sm text-muted">{t('season.hint')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={t('season.starts')}
          type="date"
          value={day ?? settings.data?.seasonStartsOn ?? ''}
          onChange={(e) => setDay(e.target.value)}
          className="w-48"
        />
        <Button loading={save.isPending} disabled={!day} onClick={() => save.mutate()}>
          {t('season.save')}
        </Button>
      </div>
      <ErrorNote error={save.error ?? settings.error} />
    </Panel>
  );
}

/** Leaderboards (decision 025): each board with real identities, its CSV export, weekend windows, the season start. */
export default function LeaderboardConsoleRoute() {
  const { t } = useTranslation('leaderboard-console');
  const [board, setBoard] = useState<AdminLeaderboardBoard>('season');
  const data = useQuery({
    queryKey: leaderboardConsoleKeys.board(board),
    queryFn: () => leaderboardConsoleApi.board(board),
  });
  const [csvError, setCsvError] = useState<unknown>(null);
  return (
    <ConsolePage
      title={t('title')}
      actions={
        <Button
          variant="secondary"
          onClick={() =>
            downloadBlob(leaderboardConsoleApi.csvPath(board), `leaderboard-${board}.csv`).catch(setCsvError)
          }
        >
          {t('csv')}
        </Button>
      }
    >
      <ErrorNote error={data.error ?? csvError} />
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('board')}
          value={board}
          onChange={(e) => setBoard(e.target.value as AdminLeaderboardBoard)}
          options={ADMIN_LEADERBOARD_BOARDS.map((b) => ({ value: b, label: t(`boards.${b}`) }))}
          className="w-56"
        />
        <p className="pb-2 text-sm text-muted" data-testid="board-summary">
          {data.data?.period
            ? t('summary', {
                name: data.data.period.name ?? t(`boards.${board}`),
                since: formatDateTime(data.data.period.startsAt),
                count: data.data.total,
              })
            : t('noPeriod')}
        </p>
      </div>
      <Table head={['#', t('fan'), t('email'), t('points'), t('reached'), '']}>
        {(data.data?.items ?? []).map((row) => (
          <tr key={row.userId}>
            <Td className="tabular-nums">{row.position}</Td>
            <Td>{row.username ?? '—'}</Td>
            <Td>{row.email ?? '—'}</Td>
            <Td className="tabular-nums">{row.points}</Td>
            <Td>{formatDateTime(row.reachedAt)}</Td>
            <Td>{!row.shownByName && <Badge>{t('anonymous')}</Badge>}</Td>
          </tr>
        ))}
      </Table>
      <div className="grid gap-4 lg:grid-cols-2">
        <WeekendWindows />
        <SeasonStart />
      </div>
    </ConsolePage>
  );
}
