/**
 * Product §2 tab state: it follows the first path segment of the current route; the default tab
 * is the dashboard, and it only changes when that segment is a known tab and tabs are enabled
 * (so /history keeps the tab the fan came from highlighted).
 */
export const TABS = ['dashboard', 'challenges', 'media', 'sweepstakes', 'profile'] as const;
export type Tab = (typeof TABS)[number];
export const DEFAULT_TAB: Tab = 'dashboard';

export function nextTab(current: Tab, pathname: string, tabsEnabled = true): Tab {
  if (!tabsEnabled) return current;
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  return (TABS as readonly string[]).includes(segment) ? (segment as Tab) : current;
}
