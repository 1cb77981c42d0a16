import { ARCADE_REACTION_MS } from '@paddock/contracts';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../ui/console/fields.tsx';
import { ListEditor } from '../../../ui/console/list-editing.tsx';
import type { BracketDraft } from './challenge-draft.ts';

/** An arcade challenge's reaction-time brackets: react within maxMs to earn the bracket's points. */
export function ArcadeBracketsEditor(props: {
  value: BracketDraft[];
  onChange: (next: BracketDraft[]) => void;
}) {
  const { t } = useTranslation('challenges-console');
  return (
    <ListEditor
      {...props}
      legend={t('challenge.brackets')}
      min={1}
      addLabel={t('challenge.addBracket')}
      newItem={() => ({ maxMs: 2000, points: 5 })}
      rowClassName="flex items-end gap-2"
    >
      {(b, set) => (
        <>
          <NumberField
            label={t('challenge.maxMs')}
            min={ARCADE_REACTION_MS.min}
            max={ARCADE_REACTION_MS.max}
            value={b.maxMs}
            onValue={(maxMs) => set({ maxMs })}
          />
          <NumberField
            label={t('challenge.points')}
            min={0}
            value={b.points}
            onValue={(points) => set({ points })}
          />
        </>
      )}
    </ListEditor>
  );
}
