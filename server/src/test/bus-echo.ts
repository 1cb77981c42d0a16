import type { TestContext } from './test-app.ts';

/**
 * Resolves when this app's bus delivers the organization's `event` notice (an organization
 * memory's `changed`, platform/organization-memory.ts). A write drops the memory at once and
 * again when its own notice comes back over the bus (through PostgreSQL, later under load): a
 * test that warms a memory right after a write and then checks it really caches must wait for
 * that echo first, or the echo drops what it warmed. Call it before the write.
 */
export function busEcho(t: TestContext, event: string, organizationId: string): Promise<void> {
  return new Promise((resolve) => {
    const off = t.deps.events.subscribe((notice) => {
      if (notice.event !== event || notice.organizationId !== organizationId) return;
      off();
      resolve();
    });
  });
}
