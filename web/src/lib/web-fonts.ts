const CACHED_KEY = 'paddock:web-fonts';

let loading: Promise<void> | null = null;

/**
 * Inter and Titillium Web (fonts.css). On a first visit they load once the first screen is shown
 * (main.tsx): the first paint draws its text in the size-matched fallbacks (styles.css) either
 * way, so their 60 kB need not share a slow link with what it waits for (decision 021). Once
 * loaded they are cached (immutable, and by the service worker), so later visits load them at
 * boot and draw in them from the first paint, without a swap.
 */
export function loadWebFonts(): Promise<void> {
  loading ??= import('../fonts.css').then(() => {
    try {
      localStorage.setItem(CACHED_KEY, '1');
    } catch {
      // Storage refused: the next visit loads them after the first screen again.
    }
  });
  return loading;
}

/** Whether this device has loaded the fonts before (so they are in its cache). */
export function webFontsCached(): boolean {
  try {
    return localStorage.getItem(CACHED_KEY) === '1';
  } catch {
    return false;
  }
}
