import type { Challenge, TriviaQuestion } from '@paddock/contracts/api/challenges';
import { CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Points } from '../../../ui/points.tsx';
import { firstUnansweredIndex, triviaScore } from '../lib/trivia.ts';
import { OptionChoiceForm } from './option-choice-form.tsx';

/**
 * trivia / trivia, question by question (product §10.2.5). While the quiz is in progress an
 * answer is only recorded, with no verdict, and the fan may go back and change it; the answer
 * to the last open question completes the quiz, which reveals the verdicts, pays and locks it.
 */
export function TriviaChallenge({ challenge }: { challenge: Challenge }) {
  const questions = [...challenge.questions].sort((a, b) => a.index - b.index);
  const next = firstUnansweredIndex(questions);
  // A question the fan chose to change, else the first unanswered one.
  const [changing, setChanging] = useState<number | null>(null);
  const locked = challenge.expired || challenge.userResponse?.status === 'completed';
  const current = changing ?? (next === -1 ? null : next);

  if (locked || current === null) {
    return <TriviaSummary questions={questions} complete={!challenge.expired || next === -1} />;
  }
  const question = questions[current];
  if (!question) return null;
  return (
    <div className="flex flex-col gap-6">
      <TriviaQuestionCard
        key={question.questionId}
        challengeId={challenge.challengeId}
        question={question}
        number={current + 1}
        total={questions.length}
        onAnswered={() => setChanging(null)}
      />
      <AnswersSoFar questions={questions} current={current} onChange={setChanging} />
    </div>
  );
}

function TriviaQuestionCard({
  challengeId,
  question,
  number,
  total,
  onAnswered,
}: {
  challengeId: string;
  question: TriviaQuestion;
  number: number;
  total: number;
  onAnswered: () => void;
}) {
  const { t } = useTranslation('challenges');
  const previous = question.triviaUserResponse;
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
      <OptionChoiceForm
        challengeId={challengeId}
        questionId={question.questionId}
        name={`trivia-${question.questionId}`}
        legend={question.text}
        options={question.options}
        hint={
          <p className="rounded-xl border border-line bg-surface-2 p-3 text-sm text-muted">
            {t('trivia.rule')}
          </p>
        }
        submitLabel={previous ? t('trivia.change') : t('actions.answer')}
        answeredNote={t('trivia.saved')}
        unchangedIndex={previous?.responseIndex}
        onAnswered={onAnswered}
      />
    </section>
  );
}

/** The answers given so far, each changeable until the quiz is complete. */
function AnswersSoFar({
  questions,
  current,
  onChange,
}: {
  questions: TriviaQuestion[];
  current: number;
  onChange: (index: number) => void;
}) {
  const { t } = useTranslation('challenges');
  const answered = questions
    .map((q, i) => ({ q, i }))
    .filter(({ q, i }) => q.triviaUserResponse && i !== current);
  if (answered.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="trivia-so-far">
      <h3 id="trivia-so-far" className="text-sm font-semibold text-muted">
        {t('trivia.soFar')}
      </h3>
      <ol className="flex flex-col gap-2">
        {answered.map(({ q, i }) => (
          <li
            key={q.questionId}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{q.text}</p>
              <p className="text-sm text-muted">
                {t('trivia.yourAnswer', {
                  answer: q.options.find((o) => o.index === q.triviaUserResponse?.responseIndex)?.text ?? '',
                })}
              </p>
            </div>
            <Button variant="ghost" className="shrink-0 text-sm" onClick={() => onChange(i)}>
              {t('trivia.changeShort')}
              <span className="sr-only"> {q.text}</span>
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Verdict({ correct, label }: { correct: boolean | null | undefined; label: string }) {
  if (correct === true)
    return <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-label={label} />;
  if (correct === false)
    return <CircleX className="mt-0.5 size-5 shrink-0 text-red-400" aria-label={label} />;
  return <CircleHelp className="mt-0.5 size-5 shrink-0 text-muted" aria-label={label} />;
}

function TriviaSummary({ questions, complete }: { questions: TriviaQuestion[]; complete: boolean }) {
  const { t } = useTranslation('challenges');
  const right = questions.filter((q) => q.triviaUserResponse?.correct).length;
  return (
    <section className="flex flex-col gap-4" aria-live="polite">
      <div className="rounded-2xl border border-line bg-surface p-4 text-center">
        <p className="font-display text-3xl font-black">
          {t('trivia.score', { right, total: questions.length })}
        </p>
        <p className="mt-1 font-semibold text-accent">
          {t('earned')} <Points value={triviaScore(questions)} />
        </p>
        {!complete && <p className="mt-1 text-sm text-muted">{t('trivia.closedIncomplete')}</p>}
      </div>
      <ol className="flex flex-col gap-2">
        {questions.map((q) => {
          const r = q.triviaUserResponse;
          const right = q.options.find((o) => o.correct === true);
          return (
            <li
              key={q.questionId}
              className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3"
            >
              <Verdict
                correct={r ? r.correct : false}
                label={r?.correct ? t('trivia.correct') : t('trivia.wrong')}
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{q.text}</p>
                <p className="text-sm text-muted">
                  {r
                    ? t('trivia.yourAnswer', {
                        answer: q.options.find((o) => o.index === r.responseIndex)?.text ?? '',
                      })
                    : t('trivia.unanswered')}
                </p>
                {right && r?.correct !== true && (
                  <p className="text-sm text-muted">{t('trivia.rightAnswer', { answer: right.text })}</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-sm text-muted">{t('trivia.lockedNote')}</p>
    </section>
  );
}
