import type { Challenge, ResultsTally, TallyOption } from '@paddock/contracts/api/challenges';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys.ts';

const isOption = (value: unknown): value is TallyOption => {
  const o = value as TallyOption;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.index === 'number' &&
    typeof o.votes === 'number' &&
    typeof o.percent === 'number'
  );
};

/**
 * The tally from a broadcast payload, or null when it is not one (a field renamed, a bad frame).
 * Checked by hand: the contract's zod schema would bring zod into every live screen's bundle.
 */
export function readTally(payload: Record<string, unknown>): ResultsTally | null {
  const { challengeId, totalResponses, options, questions } = payload;
  if (typeof challengeId !== 'string' || typeof totalResponses !== 'number') return null;
  if (!Array.isArray(options) || !options.every(isOption) || !Array.isArray(questions)) return null;
  const parsed: ResultsTally['questions'] = [];
  for (const q of questions as { questionId?: unknown; index?: unknown; options?: unknown }[]) {
    if (typeof q?.questionId !== 'string' || !Array.isArray(q.options) || !q.options.every(isOption))
      return null;
    parsed.push({ questionId: q.questionId, index: Number(q.index), options: q.options });
  }
  return { challengeId, totalResponses, options, questions: parsed };
}

/** Whether the fan's view shows this challenge's results (product §10.2.1.6): then the topic may be joined. */
export function showsResults(challenge: Challenge): boolean {
  if (challenge.subtype === 'trivia') return challenge.questions.some((q) => q.options.some((o) => o.result));
  return challenge.options.some((o) => o.result);
}

/**
 * The challenge with the tally written in, so the bars move without a refetch. Only numbers the
 * view already shows are replaced (results stay hidden where they are hidden), and a tally
 * older than the view (fewer responses: announcements of two processes may cross) is ignored.
 */
export function applyTally(challenge: Challenge, tally: ResultsTally): Challenge {
  if (challenge.challengeId !== tally.challengeId || challenge.totalResponses === null) return challenge;
  if (tally.totalResponses < challenge.totalResponses) return challenge;
  const shares = (options: Challenge['options'], from: TallyOption[]) =>
    options.map((o) => {
      const t = from.find((x) => x.index === o.index);
      return o.result && t ? { ...o, result: { votes: t.votes, percent: t.percent } } : o;
    });
  return {
    ...challenge,
    totalResponses: tally.totalResponses,
    options: shares(challenge.options, tally.options),
    questions: challenge.questions.map((q) => {
      const t = tally.questions.find((x) => x.questionId === q.questionId);
      return t ? { ...q, options: shares(q.options, t.options) } : q;
    }),
  };
}

/** Writes a tally into the cached challenge and every cached list holding it (no refetch). */
export function writeTally(queryClient: QueryClient, tally: ResultsTally) {
  queryClient.setQueryData<Challenge>(
    queryKeys.challenge(tally.challengeId),
    (c) => c && applyTally(c, tally),
  );
  queryClient.setQueriesData<{ items?: Challenge[] }>({ queryKey: queryKeys.challenges() }, (list) =>
    list && Array.isArray(list.items)
      ? { ...list, items: list.items.map((c) => applyTally(c, tally)) }
      : list,
  );
}
