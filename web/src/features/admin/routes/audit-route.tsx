import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import {
  AdminPage,
  ErrorNote,
  Field,
  formatDateTime,
  fromLocalInput,
  Table,
  Td,
} from '../components/admin-ui.tsx';

const EMPTY = { action: '', actor: '', target: '', from: '', to: '' };

const brief = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit log (issue 5): who did what, when, with before/after; filterable, newest first. */
export default function AdminAuditRoute() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [cursor, setCursor] = useState<string | undefined>();
  const audit = useQuery({
    queryKey: [...adminKeys.audit(filters), cursor ?? ''],
    queryFn: () => adminApi.audit(filters, cursor),
  });
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  return (
    <AdminPage title={t('audit.title')}>
      <form
        className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const next: Record<string, string> = {};
          for (const [k, v] of Object.entries(draft)) {
            if (!v.trim()) continue;
            next[k] = k === 'from' || k === 'to' ? (fromLocalInput(v) ?? '') : v.trim();
          }
          setCursor(undefined);
          setFilters(next);
        }}
      >
        <Field
          label={t('audit.action')}
          placeholder="fan.adjust_points"
          value={draft.action}
          onChange={set('action')}
        />
        <Field
          label={t('audit.actor')}
          placeholder="operator@…"
          value={draft.actor}
          onChange={set('actor')}
        />
        <Field label={t('audit.target')} value={draft.target} onChange={set('target')} />
        <Field label={t('audit.from')} type="datetime-local" value={draft.from} onChange={set('from')} />
        <Field label={t('audit.to')} type="datetime-local" value={draft.to} onChange={set('to')} />
        <Button type="submit">{t('audit.filter')}</Button>
      </form>
      <ErrorNote error={audit.error} />
      <Table
        head={[
          t('audit.when'),
          t('audit.actor'),
          t('audit.action'),
          t('audit.target'),
          t('audit.before'),
          t('audit.after'),
        ]}
      >
        {audit.data?.items.map((a) => (
          <tr key={a.id}>
            <Td className="whitespace-nowrap">{formatDateTime(a.createdAt)}</Td>
            <Td>{a.actorEmail ?? a.actorUserId ?? '—'}</Td>
            <Td className="font-mono text-xs">{a.action}</Td>
            <Td className="font-mono text-xs">
              {a.targetType}
              {a.targetId ? ` ${a.targetId.slice(0, 8)}` : ''}
            </Td>
            <Td className="max-w-64 break-all font-mono text-xs text-muted">{brief(a.before)}</Td>
            <Td className="max-w-64 break-all font-mono text-xs">{brief(a.after)}</Td>
          </tr>
        ))}
      </Table>
      {audit.data?.items.length === 0 && <p className="text-muted">{t('audit.none')}</p>}
      <div className="flex gap-2">
        {cursor && (
          <Button variant="secondary" onClick={() => setCursor(undefined)}>
            {t('common.first')}
          </Button>
        )}
        {audit.data?.nextCursor && (
          <Button variant="secondary" onClick={() => setCursor(audit.data?.nextCursor ?? undefined)}>
            {t('common.next')}
          </Button>
        )}
      </div>
    </AdminPage>
  );
}
