import type { TriviaQuestion } from '@paddock/contracts/api/challenges';

/**
 * Trivia is played question by question (product §10.2.5): the first unanswered question is the one
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

/** Points earned so far across the quiz (correct answers only). */
export function triviaScore(questions: readonly Pick<TriviaQuestion, 'triviaUserResponse'>[]): number {
  return questions.reduce(
    (sum, q) => sum + (q.triviaUserResponse?.correct ? q.triviaUserResponse.points : 0),
    0,
  );
}
