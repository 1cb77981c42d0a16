import { describe, expect, it } from 'vitest';
import { apiCall, createFan, createOrg, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/admin/challenges/{id}/results', () => {
  it('shows the operator the votes per option even when the poll hides results until it closes', async () => {
    const org = await createOrg(t);
    const operator = await createFan(t, org, { roles: ['operator'] });
    const created = await apiCall(t, operator, 'POST', '/api/admin/challenges', {
      subtype: 'poll',
      title: 'Best livery',
      visibleFrom: '2026-05-01T00:00:00Z',
      expiresOn: '2026-07-01T00:00:00Z',
      hideResultsUntilClose: true,
      options: [
        { text: 'Papaya', points: 5 },
        { text: 'Black', points: 5 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().challengeId;
    for (const responseIndex of [1, 1, 0]) {
      const fan = await createFan(t, org);
      expect((await apiCall(t, fan, 'POST', `/api/challenge/${id}`, { responseIndex })).statusCode).toBe(200);
    }
    const res = await apiCall(t, operator, 'GET', `/api/admin/challenges/${id}/results`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalResponses: 3,
      options: [
        { index: 0, text: 'Papaya', votes: 1, percent: 33 },
        { index: 1, text: 'Black', votes: 2, percent: 67 },
      ],
    });
  });
});
