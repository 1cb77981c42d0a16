import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { DateTimeField, Field } from '../../../ui/console/fields.tsx';
import { ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { Pager, Table, Td, usePagedQuery } from '../../../ui/console/table.tsx';
import { useFormFields } from '../../../ui/console/use-form-fields.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { auditChanges } from '../lib/audit-diff.ts';

/** The audit log (product §11.10): who did what, when, with before/after; filterable, newest first. */
export default function AdminAuditRoute() {
  const { t } = useTranslation('admin');
  const f = useFormFields({
    action: '',
    actor: '',
    target: '',
    from: null as string | null,
    to: null as string | null,
  });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const paged = usePagedQuery(adminKeys.audit(filters), (cursor) => adminApi.audit(filters, cursor));
  const audit = paged.query;
  return (
    <ConsolePage title={t('audit.title')}>
      <form
        className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const next: Record<string, string> = {};
          for (const [k, v] of Object.entries(f.values)) if (v?.trim()) next[k] = v.trim();
          paged.setCursor(undefined);
          setFilters(next);
        }}
      >
        <Field label={t('audit.action')} placeholder="fan.adjust_points" {...f.text('action')} />
        <Field label={t('audit.actor')} placeholder="operator@…" {...f.text('actor')} />
        <Field label={t('audit.target')} {...f.text('target')} />
        <DateTimeField label={t('audit.from')} {...f.value('from')} />
        <DateTimeField label={t('audit.to')} {...f.value('to')} />
        <Button type="submit">{t('audit.filter')}</Button>
      </form>
      <ErrorNote error={audit.error} />
      <Table
        head={[t('audit.when'), t('audit.actor'), t('audit.action'), t('audit.target'), t('audit.changes')]}
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
            <Td className="min-w-64 text-xs">
              <ul className="flex flex-col gap-1">
                {auditChanges(a.before, a.after).map((c) => (
                  <li key={c.field} className="[overflow-wrap:anywhere]">
                    <span className="font-mono text-muted">{c.field}</span>{' '}
                    {/* A creation has nothing before: only the value set is shown. */}
                    {c.before !== '—' && (
                      <>
                        <del className="text-red-200/80">{c.before}</del> →{' '}
                      </>
                    )}
                    <ins className="text-emerald-200 no-underline">{c.after}</ins>
                  </li>
                ))}
              </ul>
            </Td>
          </tr>
        ))}
      </Table>
      {audit.data?.items.length === 0 && <p className="text-muted">{t('audit.none')}</p>}
      <Pager paged={paged} />
    </ConsolePage>
  );
}
