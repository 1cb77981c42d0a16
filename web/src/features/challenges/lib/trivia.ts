import type { TriviaQuestion } from '@paddock/contracts/api/challenges';

/**
 * Trivia is played question by question (product §4): the first unanswered question is the one
 * to show; once every question has an answer the quiz is complete and the fan sees a summary.
 */
export function firstUnansweredIndex(
  questions: readonly Pick<TriviaQuestion, 'triviaUserResponse'>[],
): number {
  return questions.findIndex((q) => q.triviaUserResponse == null);
}

/** Product §4: complete when every question has a user response. */
export function triviaComplete(questions: readonly Pick<TriviaQuestion, 'triviaUserResponse'>[]): boolean {
  return questions.length > 0 && questions.every((q) => q.triviaUserResponse != null);
}

/**
 * Product §4 answer change: the points of a previously correct answer are removed and the new
 * answer's points are added if it is correct. This predicts the net change the server will
 * post, so the screen can say what changing an answer costs before the fan does it.
 */
export function answerChangeDelta(
  previous: { correct: boolean; points: number } | null,
  next: { correct: boolean; points: number },
): number {
  const removed = previous?.correct ? previous.points : 0;
  const added = next.correct ? next.points : 0;
  return added - removed;
}

/** Points earned so far across the quiz (correct answers only). */
export function triviaScore(questions: readonly Pick<TriviaQuestion, 'triviaUserResponse'>[]): number {
  return questions.reduce(
    (sum, q) => sum + (q.triviaUserResponse?.correct ? q.triviaUserResponse.points : 0),
    0,
  );
}
