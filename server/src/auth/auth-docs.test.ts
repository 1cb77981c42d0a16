import { expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

it('the OpenAPI document lists the auth endpoints with their response shapes', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  for (const p of [
    '/auth/v1/signup',
    '/auth/v1/token',
    '/auth/v1/verify',
    '/auth/v1/user',
    '/auth/v1/factors',
  ]) {
    expect(paths[p], p).toBeDefined();
  }
  expect(Object.keys(paths['/auth/v1/token']!.post!.responses)).toEqual(
    expect.arrayContaining(['200', '4XX']),
  );
});
