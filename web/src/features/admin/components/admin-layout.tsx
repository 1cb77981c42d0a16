import {
  Activity,
  Award,
  BarChart3,
  Flag,
  Gift,
  History,
  LayoutDashboard,
  QrCode,
  Settings,
  Trophy,
  ShoppingBag,
  Users,
  Video,
  Zap,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { useMe } from '../../../lib/user.ts';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';

const NAV = [
  { to: '/admin', key: 'dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/fans', key: 'fans', icon: Users },
  { to: '/admin/audit', key: 'audit', icon: History },
  { to: '/admin/challenges', key: 'challenges', icon: Flag },
  { to: '/admin/sweepstakes', key: 'sweepstakes', icon: Gift },
  { to: '/admin/content', key: 'content', icon: Video },
  { to: '/admin/activations', key: 'activations', icon: QrCode },
  { to: '/admin/offers', key: 'offers', icon: ShoppingBag },
  { to: '/admin/boosts', key: 'boosts', icon: Zap },
  { to: '/admin/badges', key: 'badges', icon: Award },
  { to: '/admin/leaderboard', key: 'leaderboard', icon: Trophy },
  { to: '/admin/settings', key: 'settings', icon: Settings },
] as const;

export const isOperator = (roles: readonly string[] | undefined) =>
  Boolean(roles?.some((r) => r === 'operator' || r === 'admin'));

/**
 * The console shell: a sidebar on a laptop or tablet, a scrolling tab row on narrow screens.
 * The server refuses every /api/admin call to a fan anyway; this page only says so clearly.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (!isOperator(me.data?.roles)) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <Activity aria-hidden className="size-10 text-muted" />
        <h1 className="font-display text-2xl font-black uppercase">{t('operatorsOnly.title')}</h1>
        <p className="text-muted">{t('operatorsOnly.body')}</p>
        <Link to="/dashboard" className="rounded-xl bg-brand px-4 py-2.5 font-semibold">
          {t('operatorsOnly.back')}
        </Link>
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col md:flex-row">
      <nav
        aria-label={t('nav.label')}
        className="sticky top-0 z-10 flex shrink-0 gap-1 overflow-x-auto border-b border-line bg-surface p-2 md:h-dvh md:w-56 md:flex-col md:border-r md:border-b-0 md:p-3"
      >
        <p className="hidden px-3 pb-3 font-display text-lg font-black uppercase md:flex md:items-center md:gap-2">
          <BarChart3 aria-hidden className="size-5 text-accent" /> {t('title')}
        </p>
        {NAV.map(({ to, key, icon: Icon, ...rest }) => (
          <NavLink
            key={to}
            to={to}
            end={'end' in rest}
            className={({ isActive }) =>
              `flex min-h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-semibold ${
                isActive ? 'bg-brand text-white' : 'text-white/80 hover:bg-surface-2'
              }`
            }
          >
            <Icon aria-hidden className="size-4" />
            {t(`nav.${key}`)}
          </NavLink>
        ))}
        <Link
          to="/dashboard"
          className="mt-auto hidden px-3 py-2 text-xs text-muted hover:text-white md:block"
        >
          {t('nav.backToApp')}
        </Link>
      </nav>
      <main className="min-w-0 flex-1 p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
