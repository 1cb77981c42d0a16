import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff.ts';

describe('audit rows as a readable diff (product §11.10)', () => {
  it('an update lists only the fields that changed, nested ones by their path', () => {
    expect(
      auditChanges(
        { title: 'Win a cap', cost: 100, settings: { checkinRewards: [10, 20], timeZone: 'Europe/London' } },
        { title: 'Win a cap', cost: 150, settings: { checkinRewards: [10, 30], timeZone: 'Europe/London' } },
      ),
    ).toEqual([
      { field: 'cost', before: '100', after: '150' },
      { field: 'settings.checkinRewards', before: '10, 20', after: '10, 30' },
    ]);
  });

  it('a creation shows what was set, a deletion what was removed', () => {
    expect(auditChanges(null, { title: 'Spa seats', eligibleCountries: null })).toEqual([
      { field: 'title', before: '—', after: 'Spa seats' },
    ]);
    expect(auditChanges({ points: 40 }, undefined)).toEqual([{ field: 'points', before: '40', after: '—' }]);
  });

  it('a bare value is one field', () => {
    expect(auditChanges(10, 25)).toEqual([{ field: 'value', before: '10', after: '25' }]);
  });
});
