import { Flag, Home, PlayCircle, Ticket, User } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { DEFAULT_TAB, nextTab, type Tab } from '../../../config/tabs.ts';

const ITEMS: { tab: Tab; to: string; icon: typeof Home }[] = [
  { tab: 'dashboard', to: paths.dashboard, icon: Home },
  { tab: 'challenges', to: paths.challengeList('poll'), icon: Flag },
  { tab: 'media', to: paths.media, icon: PlayCircle },
  { tab: 'sweepstakes', to: paths.sweepstakes, icon: Ticket },
  { tab: 'profile', to: paths.profile, icon: User },
];

// Module-level so the tab survives switching between the two layouts (product §2 tab state).
let rememberedTab: Tab = DEFAULT_TAB;

/**
 * The default layout's navigation; the highlighted tab follows product §2's tab state. A bar at
 * the bottom on phones; from 1024 px wide a side navigation on the left (the content moves right
 * of it, see layouts.tsx).
 */
export function BottomNav() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  // Derived during render (not in an effect) so the highlight never lags a frame behind.
  const tab = useMemo(() => {
    rememberedTab = nextTab(rememberedTab, location.pathname);
    return rememberedTab;
  }, [location.pathname]);

  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:inset-x-auto lg:top-0 lg:left-0 lg:w-60 lg:border-t-0 lg:border-r lg:pt-6 lg:pb-0"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5 lg:mx-0 lg:max-w-none lg:grid-cols-1 lg:gap-1 lg:px-3">
        {ITEMS.map(({ tab: item, to, icon: Icon }) => {
          const active = item === tab;
          return (
            <li key={item}>
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-16 flex-col items-center justify-center gap-1 text-[11px] font-semibold tracking-wide uppercase transition-colors lg:min-h-12 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-xl lg:px-2 lg:text-sm lg:tracking-normal lg:normal-case ${
                  active ? 'text-white lg:bg-surface' : 'text-muted hover:text-white lg:hover:bg-surface'
                }`}
              >
                <span
                  className={`grid h-7 w-12 place-items-center rounded-full transition-colors ${active ? 'bg-brand' : ''}`}
                >
                  <Icon className="size-5" aria-hidden strokeWidth={active ? 2.5 : 2} />
                </span>
                {t(`nav.${item}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
