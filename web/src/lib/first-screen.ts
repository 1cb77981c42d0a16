import { startTransition, useEffect, useState } from 'react';

// Whether the first screen has been drawn: boot (main.tsx) marks it once app/first-screen-data.ts's
// firstScreenShown has resolved. It lives in lib/ so that features can wait for it too.

let shown = false;
const shownListeners = new Set<() => void>();

/** Boot calls this once firstScreenShown has resolved: what waits for it may now load. */
export function markFirstScreenShown() {
  shown = true;
  for (const listener of shownListeners) listener();
  shownListeners.clear();
}

/**
 * Whether the first screen has been drawn (markFirstScreenShown). Parts every page has but the first
 * paint does not show (the toast region, the install offer) mount then, and the dashboard's cards
 * below the fold ask for their data then: their chunks, requests and first render no longer share
 * the slow link and the CPU with the first screen (decision 021). Everything waiting flips in one
 * transition, which React renders in slices that yield to the browser, not in one long task.
 */
export function useFirstScreenShown(): boolean {
  const [value, setValue] = useState(shown);
  useEffect(() => {
    if (shown) {
      setValue(true);
      return;
    }
    const flip = () => startTransition(() => setValue(true));
    shownListeners.add(flip);
    return () => {
      shownListeners.delete(flip);
    };
  }, []);
  return value;
}
