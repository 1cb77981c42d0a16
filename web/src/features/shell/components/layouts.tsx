import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav.tsx';

/** Product §2 "default" layout: a centred phone-width column above the bottom navigation. */
export function DefaultLayout() {
  return (
    <>
      <div className="mx-auto min-h-dvh w-full max-w-md pb-[calc(5rem+env(safe-area-inset-bottom))]">
        <Outlet />
      </div>
      <BottomNav />
    </>
  );
}

/** Product §2 "no-bottom-nav" layout: the same column, the navigation bar hidden. */
export function NoBottomNavLayout() {
  return (
    <div className="mx-auto min-h-dvh w-full max-w-md pb-[env(safe-area-inset-bottom)]">
      <Outlet />
    </div>
  );
}
