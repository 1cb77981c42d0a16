import { ADJUST_REASON } from '@paddock/contracts/api/admin';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { consoleKeys } from '../../../lib/console-api.ts';
import { useMe } from '../../../lib/user.ts';
import { Button } from '../../../ui/button.tsx';
import { useConsoleMutation } from '../../../ui/console/console-form.tsx';
import { formatDateTime } from '../../../ui/console/dates.ts';
import { Check, Field } from '../../../ui/console/fields.tsx';
import { Badge, ConsolePage, ErrorNote, Panel } from '../../../ui/console/page.tsx';
import { Table, Td } from '../../../ui/console/table.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { toast } from '../../../ui/toast-store.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';

/** The items, or `none` when there are none. */
function ListOrNone({
  className,
  none,
  children,
}: {
  className: string;
  none: string;
  children: ReactNode[];
}) {
  return children.length === 0 ? (
    <p className="text-sm text-muted">{none}</p>
  ) : (
    <ul className={className}>{children}</ul>
  );
}

/** A fan's profile, ledger, badges and entries; adjust points with a reason; block; roles. */
export default function AdminFanRoute() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const me = useMe();
  const fan = useQuery({ queryKey: adminKeys.fan(id), queryFn: () => adminApi.fan(id) });
  const ledger = useQuery({
    queryKey: adminKeys.fanTransactions(id),
    queryFn: () => adminApi.fanTransactions(id),
  });
  const refresh = { invalidate: [consoleKeys.all] };

  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useConsoleMutation(() => adminApi.adjustPoints(id, Number(amount), reason.trim()), {
    ...refresh,
    onSuccess: (r) => {
      toast({ title: t('fan.adjusted', { points: r.points }) });
      setAmount('');
      setReason('');
    },
  });
  const block = useConsoleMutation(
    (blocked: boolean) => (blocked ? adminApi.block(id) : adminApi.unblock(id)),
    refresh,
  );
  const roles = useConsoleMutation((next: string[]) => adminApi.setRoles(id, next), refresh);

  const f = fan.data;
  const amountValid = /^-?\d+$/.test(amount) && Number(amount) !== 0;
  const reasonValid = reason.trim().length >= ADJUST_REASON.min && reason.trim().length <= ADJUST_REASON.max;
  const isAdmin = me.data?.roles.includes('admin');

  return (
    <ConsolePage
      title={
        f ? [f.firstName, f.lastName].filter(Boolean).join(' ') || f.email || t('fan.title') : t('fan.title')
      }
      actions={
        <Link to="/admin/fans" className="text-sm text-accent">
          ← {t('fans.title')}
        </Link>
      }
    >
      <ErrorNote error={fan.error} />
      {!f ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[1fr_1fr]">
          <Panel title={t('fan.profile')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('fans.email')}</dt>
              <dd>{f.email ?? '—'}</dd>
              <dt className="text-muted">{t('fans.phone')}</dt>
              <dd>{f.phone ?? '—'}</dd>
              <dt className="text-muted">{t('fan.birthday')}</dt>
              <dd>{f.birthday ?? '—'}</dd>
              <dt className="text-muted">{t('fan.country')}</dt>
              <dd>{f.country ?? '—'}</dd>
              <dt className="text-muted">{t('fans.points')}</dt>
              <dd data-testid="fan-points">{f.points.toLocaleString()}</dd>
              <dt className="text-muted">{t('fan.lifetime')}</dt>
              <dd>{f.lifetimePoints.toLocaleString()}</dd>
              <dt className="text-muted">{t('fan.rank')}</dt>
              <dd>{f.rank ? `${f.rank.code} · ${f.rank.name}` : '—'}</dd>
              <dt className="text-muted">{t('fan.lastSignIn')}</dt>
              <dd>{formatDateTime(f.lastSignInAt)}</dd>
              <dt className="text-muted">{t('fans.status')}</dt>
              <dd className="flex gap-1">
                {f.blocked ? (
                  <Badge tone="warn">{t('fans.blocked')}</Badge>
                ) : (
                  <Badge tone="ok">{t('fan.active')}</Badge>
                )}
                {f.roles.map((r) => (
                  <Badge key={r}>{r}</Badge>
                ))}
              </dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button
                variant={f.blocked ? 'secondary' : 'danger'}
                loading={block.isPending}
                onClick={() => {
                  if (f.blocked || window.confirm(t('fan.blockConfirm'))) block.mutate(!f.blocked);
                }}
              >
                {f.blocked ? t('fan.unblock') : t('fan.block')}
              </Button>
            </div>
            <ErrorNote error={block.error} />
            {isAdmin && (
              <div className="mt-4 flex flex-col gap-2">
                <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('fan.roles')}</p>
                {(['operator', 'admin'] as const).map((role) => (
                  <Check
                    key={role}
                    label={role}
                    checked={f.roles.includes(role)}
                    onChange={(on) =>
                      roles.mutate(on ? [...new Set([...f.roles, role])] : f.roles.filter((r) => r !== role))
                    }
                  />
                ))}
                <ErrorNote error={roles.error} />
              </div>
            )}
          </Panel>
          <Panel title={t('fan.adjust')}>
            <form
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (amountValid && reasonValid) adjust.mutate();
              }}
            >
              <Field
                label={t('fan.amount')}
                hint={t('fan.amountHint')}
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                required
              />
              <Field
                label={t('fan.reason')}
                hint={t('fan.reasonHint', { min: ADJUST_REASON.min })}
                value={reason}
                maxLength={ADJUST_REASON.max}
                onChange={(e) => setReason(e.target.value)}
                required
              />
              <ErrorNote error={adjust.error} />
              <Button type="submit" loading={adjust.isPending} disabled={!amountValid || !reasonValid}>
                {t('fan.adjustButton')}
              </Button>
            </form>
            <h3 className="mt-5 mb-2 font-bold">{t('fan.badges')}</h3>
            <ListOrNone className="flex flex-wrap gap-1" none={t('fan.noBadges')}>
              {f.badges.map((b) => (
                <li key={b.id}>
                  <Badge>{b.name}</Badge>
                </li>
              ))}
            </ListOrNone>
            <h3 className="mt-4 mb-2 font-bold">{t('fan.entries')}</h3>
            <ListOrNone className="text-sm" none={t('fan.noEntries')}>
              {f.entries.map((e) => (
                <li key={e.sweepstakeId}>
                  {e.name}: {e.count}
                </li>
              ))}
            </ListOrNone>
          </Panel>
          <Panel title={t('fan.ledger')} className="lg:col-span-2">
            <ErrorNote error={ledger.error} />
            <Table head={[t('audit.when'), t('fan.amount'), t('fan.kind'), t('fan.description')]}>
              {ledger.data?.items.map((tx) => (
                <tr key={tx.id}>
                  <Td>{formatDateTime(tx.createdAt)}</Td>
                  <Td className={tx.amount < 0 ? 'text-red-300' : 'text-emerald-300'}>
                    {tx.amount > 0 ? `+${tx.amount}` : tx.amount}
                  </Td>
                  <Td>{tx.kind}</Td>
                  <Td>{tx.description}</Td>
                </tr>
              ))}
            </Table>
            {ledger.data?.items.length === 0 && (
              <p className="mt-2 text-sm text-muted">{t('fan.noLedger')}</p>
            )}
          </Panel>
        </div>
      )}
    </ConsolePage>
  );
}
