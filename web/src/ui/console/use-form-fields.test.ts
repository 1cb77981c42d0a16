import { describe, expect, it } from 'vitest';
import { bindFields } from './use-form-fields.ts';

interface Draft {
  name: string;
  source: 'file' | 'youtube';
  points: number;
  archived: boolean;
  startsAt: string | null;
}

const draft: Draft = { name: 'Lap one', source: 'file', points: 10, archived: false, startsAt: null };

/** Binds `draft` and records the patches its handlers write. */
function bound() {
  const patches: Partial<Draft>[] = [];
  return { fields: bindFields(draft, (patch) => patches.push(patch)), patches };
}

describe('console form field bindings', () => {
  it('shows the current values to each kind of input', () => {
    const { fields } = bound();
    expect(fields.text('name').value).toBe('Lap one');
    expect(fields.text('source').value).toBe('file');
    expect(fields.number('points')).toMatchObject({ type: 'number', value: 10 });
    expect(fields.check('archived').checked).toBe(false);
    expect(fields.value('startsAt').value).toBeNull();
  });

  it('writes only the edited field, converted to its type', () => {
    const { fields, patches } = bound();
    fields.text('name').onChange({ target: { value: 'Lap two' } });
    fields.text('source').onChange({ target: { value: 'youtube' } });
    fields.number('points').onChange({ target: { value: '25' } });
    fields.number('points').onChange({ target: { value: '' } });
    fields.check('archived').onChange(true);
    fields.value('startsAt').onChange('2025-07-06T14:00:00.000Z');
    expect(patches).toEqual([
      { name: 'Lap two' },
      { source: 'youtube' },
      { points: 25 },
      { points: 0 },
      { archived: true },
      { startsAt: '2025-07-06T14:00:00.000Z' },
    ]);
  });

  it('passes several values at once through set', () => {
    const { fields, patches } = bound();
    fields.set({ source: 'youtube', name: '' });
    expect(patches).toEqual([{ source: 'youtube', name: '' }]);
  });
});
