import fp from 'fastify-plugin';
import { requireOperator } from './operator-guard.ts';

/**
 * Defence in depth for /api/admin: registered first and without encapsulation, so its hook
 * runs for every admin route — including ones added later by other modules — before the
 * body is parsed or validated. A fan therefore gets 403 (and an anonymous caller 401) even
 * for a malformed or huge request, and a route that forgets its own check is still guarded.
 * Routes keep their own `requireOperator` (with 'admin' where only an admin may act).
 */
export const operatorGate = fp(
  async (admin) => {
    admin.addHook('onRequest', async (request) => {
      await requireOperator(request);
    });
  },
  { name: 'paddock-operator-gate' },
);
