import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, type Toast, toastReducer } from './toast-store.ts';

const t = (id: string, over: Partial<Toast> = {}): Toast => ({
  id,
  title: `toast ${id}`,
  open: true,
  variant: 'default',
  ...over,
});

describe('toast reducer (product §4/§9)', () => {
  it('shows only one toast at a time: a new one replaces the older', () => {
    expect(TOAST_LIMIT).toBe(1);
    const state = toastReducer([t('1')], { type: 'add', toast: t('2') });
    expect(state.map((x) => x.id)).toEqual(['2']);
  });
  it('updates a toast in place by id and leaves others alone', () => {
    const state = toastReducer([t('1')], { type: 'update', toast: { id: '1', title: 'changed' } });
    expect(state[0]?.title).toBe('changed');
    expect(toastReducer([t('1')], { type: 'update', toast: { id: '9', title: 'x' } })[0]?.title).toBe(
      'toast 1',
    );
  });
  it('dismissing closes (open false) without removing, so the exit animation can run', () => {
    const state = toastReducer([t('1')], { type: 'dismiss', id: '1' });
    expect(state).toEqual([{ ...t('1'), open: false }]);
  });
  it('dismiss without an id closes every toast', () => {
    expect(toastReducer([t('1')], { type: 'dismiss' }).every((x) => !x.open)).toBe(true);
  });
  it('remove drops the toast by id, or all of them without one', () => {
    expect(toastReducer([t('1')], { type: 'remove', id: '1' })).toEqual([]);
    expect(toastReducer([t('1')], { type: 'remove', id: '2' })).toHaveLength(1);
    expect(toastReducer([t('1')], { type: 'remove' })).toEqual([]);
  });
  it('keeps the destructive variant', () => {
    const state = toastReducer([], { type: 'add', toast: t('3', { variant: 'destructive' }) });
    expect(state[0]?.variant).toBe('destructive');
  });
});
