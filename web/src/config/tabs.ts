/**
 * Product §2 tab state: it follows the first path segment of the current route; the default tab
 * is the dashboard, and it only changes when that segment is a known tab and tabs are enabled.
 * The pages the profile lists (history, referral, downloads, about, benefits) belong to the
 * profile tab, also when opened directly or from a link elsewhere (a reload of
 * /history highlighted HOME). Other pages keep the tab the fan came from.
 */
export const TABS = ['dashboard', 'challenges', 'media', 'sweepstakes', 'profile'] as const;
export type Tab = (typeof TABS)[number];
export const DEFAULT_TAB: Tab = 'dashboard';

/** Pages reached from the profile's list: the profile tab stays highlighted on them. */
export const PROFILE_PAGES = ['history', 'referral', 'downloads', 'about', 'benefits'] as const;

export function nextTab(current: Tab, pathname: string, tabsEnabled = true): Tab {
  if (!tabsEnabled) return current;
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  if ((PROFILE_PAGES as readonly string[]).includes(segment)) return 'profile';
  return (TABS as readonly string[]).includes(segment) ? (segment as Tab) : current;
}
