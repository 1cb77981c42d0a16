import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, orgWithOperator, useTestApp } from '../test/test-app.ts';
import { unstorableField } from './text-guard.ts';

const t = useTestApp();

describe('finding 4: 500 for text the database cannot store (NUL, lone surrogate)', () => {
  it('finds the field holding a NUL or an unpaired surrogate, and passes paired emoji', () => {
    expect(unstorableField({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual(['b', 'c', '1']);
    expect(unstorableField({ name: '\ud800' })).toEqual(['name']);
    expect(unstorableField({ name: 'x\udc00y' })).toEqual(['name']);
    expect(unstorableField({ name: '🏎️ Ñandú «» ‮rtl' })).toBeNull();
    expect(unstorableField(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('POST /api/activations/activate-user {"slug":"a\\u0000b"} answers 400 validation_failed naming slug', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    for (const slug of ['a\u0000b', 'a\ud800b']) {
      const res = await apiCall(t, fan, 'POST', '/api/activations/activate-user', { slug });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ field: 'slug' }] });
      expect(res.json().message).toContain('slug');
    }
  });

  it('operator creates and edits refuse it with 400 naming the (nested) field, and write nothing', async () => {
    const { org, operator } = await orgWithOperator(t);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/admin/videos', { title: 'Lap\u0000', url: 'https://v.example/1' }, 'title'],
      ['PATCH', `/api/admin/videos/${randomUUID()}`, { description: '\udfff' }, 'description'],
      [
        'POST',
        '/api/admin/challenges',
        { title: 'Q', questions: [{ options: [{ label: 'x\u0000' }] }] },
        'questions.0.options.0.label',
      ],
      ['POST', '/api/admin/badges', { name: '\ud83d' }, 'name'],
      ['POST', '/api/admin/offers', { title: 'a', description: 'b\u0000' }, 'description'],
      ['POST', '/api/admin/sweepstakes', { title: '\u0000' }, 'title'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await apiCall(t, operator, method as 'POST', url, body);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'validation_failed']);
      expect(res.json().details).toEqual([{ field, message: expect.any(String) }]);
    }
    const videos = await t.db
      .selectFrom('videos')
      .select('id')
      .where('organizationId', '=', org.id)
      .execute();
    expect(videos).toEqual([]);
  });

  it('query strings, path parameters and the auth API are covered too', async () => {
    const org = await createOrg(t);
    const fan = await createFan(t, org);
    const param = await apiCall(t, fan, 'GET', '/api/activations/a%00b');
    expect([param.statusCode, param.json().code]).toEqual([400, 'validation_failed']);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { apikey: org.publishableKey },
      payload: { email: 'x@example.com', password: 'grid-walk-7431', data: { first_name: 'A\u0000' } },
    });
    expect([signup.statusCode, signup.json().code]).toEqual([400, 'validation_failed']);
    expect(signup.json().msg).toContain('data.first_name');
  });
});
