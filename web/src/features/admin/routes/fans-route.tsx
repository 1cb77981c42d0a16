import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/console/fields.tsx';
import { Badge, ConsolePage, ErrorNote } from '../../../ui/console/page.tsx';
import { Pager, Table, Td, usePagedQuery } from '../../../ui/console/table.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';

/** Fan search by e-mail, phone or name (product §11.9). */
export default function AdminFansRoute() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const paged = usePagedQuery(adminKeys.fans(q), (cursor) => adminApi.searchFans(q, cursor));
  const fans = paged.query;
  return (
    <ConsolePage title={t('fans.title')}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          paged.setCursor(undefined);
          setQ(draft.trim());
        }}
      >
        <Field
          label={t('fans.search')}
          placeholder={t('fans.searchHint')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-64 flex-1"
        />
        <Button type="submit">{t('fans.searchButton')}</Button>
      </form>
      <ErrorNote error={fans.error} />
      <Table head={[t('fans.name'), t('fans.email'), t('fans.phone'), t('fans.points'), t('fans.status')]}>
        {fans.data?.items.map((f) => (
          <tr key={f.userId} className="hover:bg-surface-2">
            <Td>
              <Link
                to={`/admin/fans/${f.userId}`}
                className="font-semibold text-accent underline-offset-2 hover:underline"
              >
                {[f.firstName, f.lastName].filter(Boolean).join(' ') ||
                  f.username ||
                  f.email ||
                  f.userId.slice(0, 8)}
              </Link>
            </Td>
            <Td>{f.email ?? '—'}</Td>
            <Td>{f.phone ?? '—'}</Td>
            <Td>
              {f.points.toLocaleString()}{' '}
              <span className="text-muted">/ {f.lifetimePoints.toLocaleString()}</span>
            </Td>
            <Td>
              <span className="flex flex-wrap gap-1">
                {f.blocked && <Badge tone="warn">{t('fans.blocked')}</Badge>}
                {f.roles.map((r) => (
                  <Badge key={r}>{r}</Badge>
                ))}
              </span>
            </Td>
          </tr>
        ))}
      </Table>
      {fans.data && fans.data.items.length === 0 && <p className="text-muted">{t('fans.none')}</p>}
      <Pager paged={paged} />
    </ConsolePage>
  );
}
