import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/console/fields.tsx';
import { removeAt, replaceAt } from '../../../ui/console/list-editing.tsx';
import { newQuestion, type QuestionDraft } from './challenge-draft.ts';
import { OptionRows } from './option-rows.tsx';

const MAX_QUESTIONS = 10;

/** A trivia challenge's questions, each with its answers and the right one marked. */
export function TriviaQuestionsEditor({
  value: questions,
  onChange,
}: {
  value: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
}) {
  const { t } = useTranslation('challenges-console');
  return (
    <>
      {questions.map((q, qi) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: questions are edited in place
        <div key={qi} className="flex flex-col gap-2 rounded-xl border border-line p-3">
          <Field
            label={t('challenge.question', { n: qi + 1 })}
            value={q.text}
            onChange={(e) => onChange(replaceAt(questions, qi, { text: e.target.value }))}
            required
          />
          <OptionRows
            label={t('challenge.options')}
            correctMode
            options={q.options}
            onChange={(options) => onChange(replaceAt(questions, qi, { options }))}
          />
          {questions.length > 1 && (
            <Button
              variant="ghost"
              className="self-start text-xs"
              onClick={() => onChange(removeAt(questions, qi))}
            >
              {t('challenge.removeQuestion')}
            </Button>
          )}
        </div>
      ))}
      {questions.length < MAX_QUESTIONS && (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => onChange([...questions, newQuestion()])}
        >
          {t('challenge.addQuestion')}
        </Button>
      )}
    </>
  );
}
