import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/console/fields.tsx';
import { ListEditor } from '../../../ui/console/list-editing.tsx';
import { newQuestion, type QuestionDraft } from './challenge-draft.ts';
import { OptionRows } from './option-rows.tsx';

/** A trivia challenge's questions (at most ten), each with its answers and the right one marked. */
export function TriviaQuestionsEditor(props: {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
}) {
  const { t } = useTranslation('challenges-console');
  return (
    <ListEditor
      {...props}
      min={1}
      max={10}
      addLabel={t('challenge.addQuestion')}
      removeLabel={t('challenge.removeQuestion')}
      newItem={newQuestion}
      rowClassName="flex flex-col gap-2 rounded-xl border border-line p-3 [&>button]:self-start"
    >
      {(q, set, i) => (
        <>
          <Field
            label={t('challenge.question', { n: i + 1 })}
            value={q.text}
            onChange={(e) => set({ text: e.target.value })}
            required
          />
          <OptionRows
            label={t('challenge.options')}
            correctMode
            options={q.options}
            onChange={(options) => set({ options })}
          />
        </>
      )}
    </ListEditor>
  );
}
