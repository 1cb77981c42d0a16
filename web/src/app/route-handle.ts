import type { UIMatch } from 'react-router';
import { DEFAULT_ACCESS, type RouteAccess } from './access-rules.ts';

/** What the route table says about a route; the guard and the shell read it from `useMatches()`. */
export interface RouteHandle {
  access?: RouteAccess;
}

/** The deepest matched route's access flags (children override their layouts). */
export function accessOf(matches: UIMatch[]): RouteAccess {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.access) return handle.access;
  }
  return DEFAULT_ACCESS;
}
