import type { AdminChallenge } from '@paddock/contracts/api/challenges';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { Select } from '../../../ui/console/fields.tsx';
import { Badge, ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { Table, Td, smallButton } from '../../../ui/console/table.tsx';
import { challengeConsoleApi, challengeConsoleKeys } from './challenge-console-api.ts';
import { SUBTYPES } from './challenge-draft.ts';

function status(c: AdminChallenge, now: number): { key: string; tone: 'default' | 'warn' | 'ok' } {
  if (c.archivedAt) return { key: 'archived', tone: 'warn' };
  if (new Date(c.visibleFrom).getTime() > now) return { key: 'scheduled', tone: 'default' };
  if (c.expiresOn && new Date(c.expiresOn).getTime() <= now) return { key: 'closed', tone: 'default' };
  return { key: 'live', tone: 'ok' };
}

/** Challenges of all five subtypes: list with status, responses, settlement and archive (product §11.2, §11.3). */
export default function ChallengesConsoleRoute() {
  const { t } = useTranslation('challenges-console');
  const { t: tc } = useTranslation('console');
  const [subtype, setSubtype] = useState('');
  const list = useQuery({
    queryKey: challengeConsoleKeys.challenges,
    queryFn: challengeConsoleApi.challenges,
  });
  const archive = useConsoleMutation(challengeConsoleApi.archiveChallenge, {
    invalidate: [challengeConsoleKeys.challenges],
  });
  const now = Date.now();
  const items = (list.data?.items ?? []).filter((c) => !subtype || c.subtype === subtype);
  return (
    <ConsolePage
      title={t('challenges.title')}
      actions={
        <Link to="/admin/challenges/new" className="rounded-xl bg-brand px-4 py-2.5 font-semibold">
          {t('challenges.new')}
        </Link>
      }
    >
      <Select
        label={t('challenges.subtype')}
        value={subtype}
        onChange={(e) => setSubtype(e.target.value)}
        options={[
          { value: '', label: tc('common.all') },
          ...SUBTYPES.map((s) => ({ value: s, label: t(`subtypes.${s}`) })),
        ]}
        className="max-w-xs"
      />
      <ErrorNote error={list.error ?? archive.error} />
      <Table
        head={[
          t('challenges.name'),
          t('challenges.subtype'),
          t('challenges.window'),
          t('challenges.responses'),
          t('challenges.status'),
          '',
        ]}
      >
        {items.map((c) => {
          const s = status(c, now);
          return (
            <tr key={c.challengeId}>
              <Td>
                <Link
                  to={`/admin/challenges/${c.challengeId}`}
                  className="font-semibold text-accent hover:underline"
                >
                  {c.title}
                </Link>
                {c.hidden && (
                  <span className="ml-2">
                    <Badge>{t('challenges.hidden')}</Badge>
                  </span>
                )}
              </Td>
              <Td>{t(`subtypes.${c.subtype}`)}</Td>
              <Td className="text-xs">
                {formatDateTime(c.visibleFrom)} → {formatDateTime(c.expiresOn)}
              </Td>
              <Td data-testid={`responses-${c.challengeId}`}>{c.responseCount}</Td>
              <Td>
                <span className="flex flex-wrap gap-1">
                  <Badge tone={s.tone}>{t(`challenges.statuses.${s.key}`)}</Badge>
                  {c.subtype === 'pickem' && c.settledAt && (
                    <Badge tone="ok">{t('challenges.settled')}</Badge>
                  )}
                </span>
              </Td>
              <Td>
                {!c.archivedAt && (
                  <Button
                    variant="ghost"
                    className={smallButton}
                    onClick={() =>
                      window.confirm(t('challenges.archiveConfirm')) && archive.mutate(c.challengeId)
                    }
                  >
                    {tc('common.archive')}
                  </Button>
                )}
              </Td>
            </tr>
          );
        })}
      </Table>
      {list.data && items.length === 0 && <p className="text-muted">{t('challenges.none')}</p>}
    </ConsolePage>
  );
}
