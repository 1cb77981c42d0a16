import { describe, expect, it } from 'vitest';
import { formValuesFrom, toUserUpdate } from './profile-form.ts';

const base = { ...formValuesFrom(null), firstName: 'Ana', lastName: 'Ruiz', username: 'ana_r' };

describe('profile form → PATCH /api/user/me', () => {
  it('sends empty phoneNumber and birthday as null (product §5)', () => {
    const result = toUserUpdate(base);
    expect(result).toEqual({
      ok: true,
      data: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        username: 'ana_r',
        birthday: null,
        zipCode: null,
        phoneNumber: null,
      },
    });
  });
  it('refuses what the server refuses, per field', () => {
    const result = toUserUpdate({ ...base, username: 'a', birthday: '2020-13-45' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['birthday', 'username']);
    }
  });
  it('only sends the fields asked for', () => {
    const result = toUserUpdate({ ...base, birthday: '2001-02-03' }, ['birthday']);
    expect(result).toEqual({ ok: true, data: { birthday: '2001-02-03' } });
  });
});
