import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics } from '../../../lib/analytics.ts';

/** Product §9: the page-transition wait before looking for a hash anchor. */
const ANCHOR_WAIT_MS = 100;

/**
 * Product §2: navigation scrolls to the top on a page change, and to the hash anchor when there
 * is one; product §1: a page view is sent on every navigation.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    analytics.page(pathname);
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what triggers the scroll
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const timer = setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView({ block: 'start' });
      else window.scrollTo({ top: 0, left: 0 });
    }, ANCHOR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash]);

  return null;
}
