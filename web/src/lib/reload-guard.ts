/**
 * Product §9 page-reload guard: when a lazy route's chunk fails to load (usually a new deploy
 * replaced it), reload once to fetch the new build — but never again within 10 s, so a real
 * outage shows the error page instead of a reload loop.
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'paddock.chunk-reload-at';

/** Pure: whether to reload now, given when the last guarded reload happened. */
export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= RELOAD_GUARD_MS;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Wraps a lazy import: on a chunk failure reload once (guarded); otherwise rethrow. */
export async function importWithReloadGuard<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && typeof window !== 'undefined') {
      const raw = window.sessionStorage.getItem(RELOAD_GUARD_KEY);
      const last = raw === null ? null : Number(raw);
      if (shouldReload(Date.now(), last)) {
        window.sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<T>(() => {}); // the page is going away
      }
    }
    throw error;
  }
}
