import type { Challenge, TriviaQuestion } from '@paddock/contracts/api/challenges';
import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Points } from '../../../ui/points.tsx';
import { firstUnansweredIndex, triviaComplete, triviaScore } from '../lib/trivia.ts';
import { OptionChoiceForm } from './option-choice-form.tsx';

/**
 * trivia / trivia, question by question. Each answer shows right or wrong and its points at
 * once; the quiz stays in progress until every question is answered (product §4). Answers can be
 * changed while the quiz is open: a previously correct answer loses its points and a correct
 * new one earns them (product §4), which the screen says before the fan changes anything.
 */
export function TriviaChallenge({ challenge }: { challenge: Challenge }) {
  const questions = [...challenge.questions].sort((a, b) => a.index - b.index);
  const next = firstUnansweredIndex(questions);
  // The question on screen: a question being changed, the one just answered (to show its
  // feedback), or else the first unanswered one.
  const [focus, setFocus] = useState<{ index: number; mode: 'answer' | 'feedback' } | null>(null);
  const current = focus ?? (next === -1 ? null : { index: next, mode: 'answer' as const });
  const complete = triviaComplete(questions);

  if (current === null || challenge.expired) {
    return (
      <TriviaSummary
        questions={questions}
        canChange={!challenge.expired}
        onChange={(index) => setFocus({ index, mode: 'answer' })}
        complete={complete}
      />
    );
  }
  const question = questions[current.index];
  if (!question) return null;
  return (
    <TriviaQuestionCard
      key={`${question.questionId}-${current.mode}`}
      challengeId={challenge.challengeId}
      question={question}
      number={current.index + 1}
      total={questions.length}
      mode={current.mode}
      onAnswered={() => setFocus({ index: current.index, mode: 'feedback' })}
      onNext={() => setFocus(null)}
    />
  );
}

function TriviaQuestionCard({
  challengeId,
  question,
  number,
  total,
  mode,
  onAnswered,
  onNext,
}: {
  challengeId: string;
  question: TriviaQuestion;
  number: number;
  total: number;
  mode: 'answer' | 'feedback';
  onAnswered: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('challenges');
  const previous = question.triviaUserResponse;
  const response = question.triviaUserResponse;

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`q-${question.questionId}`}>
      <p className="text-sm font-semibold tracking-widest text-muted uppercase">
        {t('trivia.progress', { number, total })}
      </p>
      <div className="h-1.5 overflow-hidden rounded-full bg-surface-2" aria-hidden>
        <div
          className="h-full origin-left bg-brand transition-transform duration-500"
          style={{ transform: `scaleX(${number / total})` }}
        />
      </div>
      <h2 id={`q-${question.questionId}`} className="font-display text-2xl leading-tight font-bold">
        {question.text}
      </h2>
      {mode === 'feedback' && response ? (
        <div aria-live="polite" className="flex flex-col gap-3">
          <div
            className={`flex items-center gap-3 rounded-xl border p-4 ${
              response.correct ? 'border-accent bg-accent/10' : 'border-red-500 bg-red-500/10'
            }`}
          >
            {response.correct ? (
              <CircleCheck className="size-7 shrink-0 text-accent" aria-hidden />
            ) : (
              <CircleX className="size-7 shrink-0 text-red-400" aria-hidden />
            )}
            <div>
              <p className="font-display text-lg font-bold">
                {response.correct ? t('trivia.correct') : t('trivia.wrong')}
              </p>
              <p className="text-sm text-muted">
                {t('trivia.yourAnswer', {
                  answer: question.options.find((o) => o.index === response.responseIndex)?.text ?? '',
                })}{' '}
                · <Points value={response.points} />
              </p>
            </div>
          </div>
          <Button full onClick={onNext}>
            {number < total ? t('trivia.next') : t('trivia.finish')}
          </Button>
        </div>
      ) : (
        <OptionChoiceForm
          challengeId={challengeId}
          questionId={question.questionId}
          name={`trivia-${question.questionId}`}
          legend={question.text}
          options={question.options}
          hint={
            previous && (
              <p className="rounded-xl border border-line bg-surface-2 p-3 text-sm text-muted">
                {t('trivia.changeRule')}
              </p>
            )
          }
          submitLabel={previous ? t('trivia.change') : t('actions.answer')}
          unchangedIndex={previous?.responseIndex}
          onAnswered={onAnswered}
        />
      )}
    </section>
  );
}

function TriviaSummary({
  questions,
  canChange,
  onChange,
  complete,
}: {
  questions: TriviaQuestion[];
  canChange: boolean;
  onChange: (index: number) => void;
  complete: boolean;
}) {
  const { t } = useTranslation('challenges');
  const right = questions.filter((q) => q.triviaUserResponse?.correct).length;
  return (
    <section className="flex flex-col gap-4">
      <div className="rounded-2xl border border-line bg-surface p-4 text-center">
        <p className="font-display text-3xl font-black">
          {t('trivia.score', { right, total: questions.length })}
        </p>
        <p className="mt-1 font-semibold text-accent">
          {t('earned')} <Points value={triviaScore(questions)} />
        </p>
        {!complete && <p className="mt-1 text-sm text-muted">{t('status.closed')}</p>}
      </div>
      <ol className="flex flex-col gap-2">
        {questions.map((q, i) => {
          const r = q.triviaUserResponse;
          return (
            <li
              key={q.questionId}
              className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3"
            >
              {r?.correct ? (
                <CircleCheck
                  className="mt-0.5 size-5 shrink-0 text-accent"
                  aria-label={t('trivia.correct')}
                />
              ) : (
                <CircleX className="mt-0.5 size-5 shrink-0 text-red-400" aria-label={t('trivia.wrong')} />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{q.text}</p>
                <p className="text-sm text-muted">
                  {r
                    ? t('trivia.yourAnswer', {
                        answer: q.options.find((o) => o.index === r.responseIndex)?.text ?? '',
                      })
                    : t('trivia.unanswered')}
                </p>
              </div>
              {canChange && r && (
                <Button variant="ghost" className="shrink-0 text-sm" onClick={() => onChange(i)}>
                  {t('trivia.changeShort')}
                  <span className="sr-only"> {q.text}</span>
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {canChange && <p className="text-sm text-muted">{t('trivia.changeRule')}</p>}
    </section>
  );
}
