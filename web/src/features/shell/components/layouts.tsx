import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';

/**
 * The page area beside the navigation: a phone-width column on phones; from 1024 px wide the
 * navigation is a side bar, and the content takes the room right of it (up to 64rem), where
 * screens such as the dashboard lay out two columns.
 */
export function NavigatedPage({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="min-h-dvh pb-[calc(5rem+env(safe-area-inset-bottom))] lg:pb-10 lg:pl-60">
        <div className="mx-auto w-full max-w-md lg:max-w-5xl lg:px-6 lg:pt-4">{children}</div>
      </div>
      <BottomNav />
    </>
  );
}

/** Product §2 "default" layout: the page beside the navigation (bottom bar or side bar). */
export function DefaultLayout() {
  return (
    <NavigatedPage>
      <Outlet />
    </NavigatedPage>
  );
}

/** Product §2 "no-bottom-nav" layout: a focused column, wider on large screens, no navigation. */
export function NoBottomNavLayout() {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-md pb-[env(safe-area-inset-bottom)] lg:max-w-2xl lg:pt-6">
      <Outlet />
    </div>
  );
}
