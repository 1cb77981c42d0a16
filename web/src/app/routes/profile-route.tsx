import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Download, History, Info, LogOut, Pencil, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format.ts';
import { signOut } from '../../lib/sign-out.ts';
import { displayName, useMe } from '../../lib/user.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { LocaleSwitch } from '../../ui/locale-switch.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { BadgeWallet } from '../../features/rewards/components/badge-wallet.tsx';

/**
 * `/profile` (and `/menu`): who the fan is, their badges (rewards), links to the rest of their
 * account, language and sign-out. It composes the profile and rewards features, so it lives in app/.
 */
export default function ProfileRoute() {
  const { t, i18n } = useTranslation('profile');
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const user = me.data;

  const links = [
    ...(user?.underage ? [] : [{ to: paths.profileEdit, icon: Pencil, label: t('links.edit') }]),
    { to: paths.history, icon: History, label: t('links.history') },
    { to: paths.referral, icon: Share2, label: t('links.referral') },
    { to: paths.downloads, icon: Download, label: t('links.downloads') },
    { to: paths.about, icon: Info, label: t('links.about') },
  ];

  async function leave() {
    setLeaving(true);
    await signOut(queryClient);
    navigate(paths.home, { replace: true });
  }

  return (
    <main className="flex flex-col gap-6 px-4 pt-6 pb-6">
      {user ? (
        <header className="flex flex-col items-center gap-3 text-center">
          <Avatar src={user.avatarUrl} name={displayName(user)} size={96} />
          <div>
            <h1 className="font-display text-2xl font-black uppercase">
              {[user.firstName, user.lastName].filter(Boolean).join(' ') || displayName(user)}
            </h1>
            {user.username && <p className="text-muted">@{user.username}</p>}
          </div>
          <dl className="grid w-full grid-cols-2 gap-2">
            <div className="rounded-2xl bg-surface p-3">
              <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{t('rank')}</dt>
              <dd className="font-display text-lg font-black">
                {user.rank ? `${user.rank.code} · ${user.rank.name}` : '—'}
              </dd>
            </div>
            <div className="rounded-2xl bg-surface p-3">
              <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{t('points')}</dt>
              <dd className="font-display text-lg font-black tabular-nums">
                {formatNumber(user.points, i18n.language)}
              </dd>
            </div>
          </dl>
        </header>
      ) : (
        <div className="flex flex-col items-center gap-3">
          <Skeleton className="size-24 rounded-full!" />
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-[74px] w-full" />
        </div>
      )}

      <BadgeWallet />

      <nav aria-label={t('links.label')}>
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {links.map(({ to, icon: Icon, label }) => (
            <li key={to}>
              <Link to={to} className="flex min-h-14 items-center gap-3 px-4 hover:bg-surface-2">
                <Icon className="size-5 text-accent" aria-hidden />
                <span className="flex-1 font-medium">{label}</span>
                <ChevronRight className="size-5 text-muted" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="rounded-2xl border border-line bg-surface p-4">
        <LocaleSwitch />
      </div>

      <Button variant="secondary" full loading={leaving} onClick={leave}>
        <LogOut className="size-5" aria-hidden />
        {t('signOut')}
      </Button>
    </main>
  );
}
