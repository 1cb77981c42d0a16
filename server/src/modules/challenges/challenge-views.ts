import { isChallengeCompleted } from '@paddock/contracts';
import type { Challenge, ChallengeOption, TriviaQuestion } from '@paddock/contracts/api/challenges';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import {
  type OwnAnswers,
  type OwnResponse,
  type OwnTriviaAnswer,
  ownAnswers,
} from './challenge-fan-answers.ts';
import type { ChallengeOptionsTable, ChallengeQuestionsTable, ChallengesTable } from './challenge-tables.ts';
import { type VoteAggregate, voteAggregates } from './challenge-votes.ts';

export { forgetVotes, voteAggregates } from './challenge-votes.ts';

export type ChallengeRow = Selectable<ChallengesTable>;
type OptionRow = Selectable<ChallengeOptionsTable>;
type QuestionRow = Selectable<ChallengeQuestionsTable>;

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** What the fan's and the operator's views of a challenge both say straight from its row. */
export const challengeBasics = (row: ChallengeRow) => ({
  challengeId: row.id,
  type: row.type as Challenge['type'],
  subtype: row.subtype as Challenge['subtype'],
  title: row.title,
  description: row.description,
  mediaId: row.mediaId,
  imageUrl: row.mediaId ? `/files/${row.mediaId}` : null,
  visibleFrom: iso(row.visibleFrom) as string,
  expiresOn: iso(row.expiresOn),
  hideResultsUntilClose: row.hideResultsUntilClose,
});

/**
 * What a caller presenting one challenge already holds (an answer that read the options and
 * wrote the fan's response, or the catalogue's copy of its options): those reads are skipped.
 * A trivia quiz's options count as known only with its questions.
 */
export interface KnownViewData {
  /** Every option of the challenge, its questions' included, ordered by orderIndex. */
  options?: readonly OptionRow[];
  /** The challenge's questions in order (trivia). */
  questions?: readonly QuestionRow[];
  response?: OwnResponse;
  /** The fan's answer to each question they answered (trivia), as committed. */
  triviaAnswers?: Map<string, OwnTriviaAnswer>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The options (top-level and per question) and the questions of these challenges, in order.
 * Only trivia has questions: `triviaIds` (when the caller knows the subtypes) spares the query
 * for a list without trivia, such as the poll a fan just answered.
 */
export function optionsAndQuestions(db: Database, challengeIds: string[], triviaIds = challengeIds) {
  return Promise.all([
    db
      .selectFrom('challengeOptions')
      .selectAll()
      .where('challengeId', 'in', challengeIds)
      .orderBy('orderIndex')
      .execute(),
    triviaIds.length === 0
      ? []
      : db
          .selectFrom('challengeQuestions')
          .selectAll()
          .where('challengeId', 'in', triviaIds)
          .orderBy('orderIndex')
          .execute(),
  ]);
}

const triviaIdsOf = (rows: ChallengeRow[]) => rows.filter((r) => r.subtype === 'trivia').map((r) => r.id);

/**
 * The part of a challenge's view that is the same for every fan: its row, options and
 * questions as the operator wrote them, and what follows from them alone (a trivia question's
 * worth, the most points on offer). The organization's catalogue keeps these
 * (challenge-catalogue.ts); never mutated once built, as every request shares them.
 */
export interface ChallengeEntry {
  readonly row: ChallengeRow;
  readonly visibleFromMs: number;
  /** When it closes (null: never), for judging expiry against each request's clock. */
  readonly expiresOnMs: number | null;
  readonly basics: ReturnType<typeof challengeBasics>;
  readonly settledAt: string | null;
  readonly options: readonly OptionRow[];
  readonly questions: readonly EntryQuestion[];
  readonly maxPoints: number;
  /** Its options as presented while no results are shown (frozen, shared by every reader). */
  readonly optionsWithoutResults: readonly ChallengeOption[];
}

/** A trivia question of an entry, with its presentations that no fan's answer or count changes. */
interface EntryQuestion {
  readonly row: QuestionRow;
  readonly options: readonly OptionRow[];
  readonly worth: number;
  /**
   * The question as presented to a fan who has not answered it, while its results are hidden:
   * [before the reveal (no right answer), after it] (frozen, shared by every reader).
   */
  readonly unanswered: readonly [TriviaQuestion, TriviaQuestion];
}

const NO_QUESTIONS: TriviaQuestion[] = Object.freeze([]) as unknown as TriviaQuestion[];

/** A trivia question's options as presented, with their counts when results are shown. */
function questionOptions(
  options: readonly OptionRow[],
  worth: number,
  revealed: boolean,
  results: ReturnType<typeof optionResults> | null,
): ChallengeOption[] {
  return options.map((o, i) => ({
    index: o.orderIndex,
    text: o.text,
    points: worth,
    correct: revealed ? o.isCorrect : null,
    result: results ? (results[i] ?? null) : null,
  }));
}

/** A challenge's own options as presented (pick'em: right once settled), with counts when shown. */
function challengeOptions(
  row: ChallengeRow,
  options: readonly OptionRow[],
  results: ReturnType<typeof optionResults> | null,
): ChallengeOption[] {
  // An unsettled pick'em has no right answer yet; once settled the outcome is public.
  const settled = row.subtype === 'pickem' && row.outcomeIndex != null;
  return options.map((o, i) => ({
    index: o.orderIndex,
    text: o.text,
    points: o.points,
    correct: settled ? o.orderIndex === row.outcomeIndex : null,
    result: results ? (results[i] ?? null) : null,
  }));
}

/** Frozen deeply: shared views must never be changed by one request for the next. */
function frozen<T extends object>(value: T): T {
  for (const v of Object.values(value)) if (v && typeof v === 'object') frozen(v);
  return Object.freeze(value);
}

function unansweredQuestion(q: QuestionRow, options: readonly OptionRow[], worth: number, revealed: boolean) {
  return frozen<TriviaQuestion>({
    questionId: q.id,
    index: q.orderIndex,
    text: q.text,
    options: questionOptions(options, worth, revealed, null),
    triviaUserResponse: null,
  });
}

function maxPointsOf(row: ChallengeRow, options: OptionRow[], questionWorths: number[]) {
  const settings = row.settings ?? {};
  switch (row.subtype) {
    case 'keyword':
      return settings.points ?? 0;
    case 'arcade':
      return Math.max(0, ...(settings.arcadeBrackets ?? []).map((b) => b.points));
    case 'trivia':
      return questionWorths.reduce((sum, w) => sum + w, 0);
    default:
      return Math.max(0, ...options.map((o) => o.points));
  }
}

/** The fan-independent entries of these rows, given their options and questions (optionsAndQuestions). */
export function describeChallenges(
  rows: ChallengeRow[],
  options: readonly OptionRow[],
  questions: readonly QuestionRow[],
): ChallengeEntry[] {
  const topLevel = new Map<string, OptionRow[]>();
  const perQuestion = new Map<string, OptionRow[]>();
  const questionsOf = new Map<string, QuestionRow[]>();
  for (const o of options) {
    if (o.questionId) push(perQuestion, o.questionId, o);
    else push(topLevel, o.challengeId, o);
  }
  for (const q of questions) push(questionsOf, q.challengeId, q);
  return rows.map((row) => {
    const own = topLevel.get(row.id) ?? [];
    const qs = (questionsOf.get(row.id) ?? []).map((q) => {
      const qOptions = perQuestion.get(q.id) ?? [];
      // Only the correct option carries points in the database, so every option shows the
      // question's worth; per-option points would give the answer away.
      const worth = Math.max(0, ...qOptions.filter((o) => o.isCorrect).map((o) => o.points));
      const unanswered = [
        unansweredQuestion(q, qOptions, worth, false),
        unansweredQuestion(q, qOptions, worth, true),
      ] as const;
      return { row: q, options: qOptions, worth, unanswered };
    });
    return {
      row,
      visibleFromMs: new Date(row.visibleFrom).getTime(),
      expiresOnMs: row.expiresOn == null ? null : new Date(row.expiresOn).getTime(),
      basics: challengeBasics(row),
      settledAt: iso(row.settledAt),
      options: own,
      questions: qs,
      maxPoints: maxPointsOf(
        row,
        own,
        qs.map((q) => q.worth),
      ),
      optionsWithoutResults: frozen(challengeOptions(row, own, null)),
    };
  });
}

/** The caller's own answers and every reader's counts for these challenges. */
interface FanData extends OwnAnswers {
  votes: Map<string, VoteAggregate>;
}

/** One round trip for the fan's answers (none when anonymous), in parallel with the shared counts. */
async function fanData(
  db: Database,
  userId: string | null,
  rows: ChallengeRow[],
  known: KnownViewData = {},
): Promise<FanData> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { responses: new Map(), triviaAnswers: new Map(), votes: new Map() };
  // Trivia keeps its answers and counts in trivia_answers, every other subtype in
  // challenge_responses: each table is read only for the challenges that use it.
  const triviaIds = triviaIdsOf(rows);
  const [own, votes] = await Promise.all([
    ownAnswers(db, userId, known.response ? [] : ids, known.triviaAnswers ? [] : triviaIds),
    voteAggregates(db, ids, new Set(triviaIds)),
  ]);
  if (known.response) own.responses.set(known.response.challengeId, known.response);
  for (const [questionId, answer] of known.triviaAnswers ?? []) own.triviaAnswers.set(questionId, answer);
  return { ...own, votes };
}

const percent = (votes: number, total: number) => (total > 0 ? Math.round((votes * 100) / total) : 0);

export const isClosed = (row: Pick<ChallengeRow, 'expiresOn'>, now: Date) =>
  row.expiresOn != null && new Date(row.expiresOn).getTime() <= now.getTime();

/**
 * Product §10.2.1.6: a fan sees a challenge's results once they have answered it or it has
 * closed, and a poll configured to hide its results shows them to nobody until it closes. The
 * API's views, the live tally and the results topic's join all ask this.
 */
export function resultsVisible(
  row: Pick<ChallengeRow, 'expiresOn' | 'hideResultsUntilClose'>,
  answered: boolean,
  now: Date,
) {
  return resultsVisibleOnceClosed(row.hideResultsUntilClose, answered, isClosed(row, now));
}

/** resultsVisible, when the caller already knows whether the challenge has closed. */
function resultsVisibleOnceClosed(hideResultsUntilClose: boolean, answered: boolean, closed: boolean) {
  return (answered || closed) && !(hideResultsUntilClose && !closed);
}

/** Votes and percent of the options' votes for each option, in the options' order. */
export function optionResults(
  options: readonly { orderIndex: number }[],
  votesOf: (optionIndex: number) => number,
) {
  const votes = options.map((o) => votesOf(o.orderIndex));
  const total = votes.reduce((sum, v) => sum + v, 0);
  return votes.map((v) => ({ votes: v, percent: percent(v, total) }));
}

/**
 * One challenge as this caller sees it. What no fan's answer or count changes comes from the
 * entry's frozen presentations (built once per catalogue); only what the fan's own answers,
 * the counts or the clock decide is built per request.
 */
function present(entry: ChallengeEntry, data: FanData, now: Date, signedIn: boolean): Challenge {
  const { row, options } = entry;
  const expired = entry.expiresOnMs != null && entry.expiresOnMs <= now.getTime();
  const resultsAllowed = (answered: boolean) =>
    resultsVisibleOnceClosed(row.hideResultsUntilClose, answered, expired);
  const response = data.responses.get(row.id) ?? null;
  const aggregate = data.votes.get(row.id);
  const votesOf = (key: string) => aggregate?.votes.get(key) ?? 0;

  const presentedOptions = resultsAllowed(response?.status === 'completed')
    ? challengeOptions(
        row,
        options,
        optionResults(options, (i) => votesOf(`${row.id}:${i}`)),
      )
    : (entry.optionsWithoutResults as ChallengeOption[]);

  // Product §10.2.5: verdicts, right answers and results leave the server only once the fan
  // has completed the quiz (which locks it) or the quiz has closed.
  const revealed = expired || response?.status === 'completed';
  const questionResults = resultsAllowed(revealed);
  const questions: TriviaQuestion[] =
    entry.questions.length === 0
      ? NO_QUESTIONS
      : entry.questions.map(({ row: q, options: qOptions, worth, unanswered }) => {
          const answer = data.triviaAnswers.get(q.id) ?? null;
          if (!answer && !questionResults) return unanswered[revealed ? 1 : 0];
          const qVotes = questionResults ? optionResults(qOptions, (i) => votesOf(`${q.id}:${i}`)) : null;
          return {
            questionId: q.id,
            index: q.orderIndex,
            text: q.text,
            options: qVotes
              ? questionOptions(qOptions, worth, revealed, qVotes)
              : unanswered[revealed ? 1 : 0].options,
            triviaUserResponse: answer
              ? {
                  responseIndex: answer.optionIndex,
                  correct: revealed ? answer.correct : null,
                  points: answer.points,
                }
              : null,
          };
        });

  let userResponse: Challenge['userResponse'] = null;
  if (row.subtype === 'trivia') {
    const answered = questions.filter((q) => q.triviaUserResponse);
    if (answered.length > 0) {
      const complete = answered.length === questions.length;
      userResponse = {
        status: complete ? 'completed' : 'in_progress',
        completedAt: complete ? iso(response?.completedAt) : null,
        score: answered.reduce((sum, q) => sum + (q.triviaUserResponse?.points ?? 0), 0),
        answers: answered.map((q) => ({
          answer: q.options.find((o) => o.index === q.triviaUserResponse?.responseIndex)?.text ?? '',
          correct: q.triviaUserResponse?.correct ?? null,
        })),
      };
    }
  } else if (response?.status === 'completed') {
    let answer = response.responseText ?? '';
    if (row.subtype === 'poll' || row.subtype === 'pickem') {
      answer = options.find((o) => o.orderIndex === response.optionIndex)?.text ?? '';
    } else if (row.subtype === 'arcade') {
      answer = String(response.score ?? '');
    }
    const correct =
      row.subtype === 'pickem'
        ? row.outcomeIndex == null
          ? null
          : response.optionIndex === row.outcomeIndex
        : response.correct;
    userResponse = {
      status: 'completed',
      completedAt: iso(response.completedAt),
      score: response.pointsAwarded,
      answers: [{ answer, correct }],
    };
  }

  // Field by field, not `...entry.basics`: the spread followed by eleven more keys cost V8 its
  // slow path, ~150 µs of CPU per 11-challenge list against ~16 µs for presenting it this way,
  // and left objects fast-json-stringify wrote twice as slowly (measured in-process, tsx).
  const { basics } = entry;
  const view: Challenge = {
    challengeId: basics.challengeId,
    type: basics.type,
    subtype: basics.subtype,
    title: basics.title,
    description: basics.description,
    mediaId: basics.mediaId,
    imageUrl: basics.imageUrl,
    visibleFrom: basics.visibleFrom,
    expiresOn: basics.expiresOn,
    hideResultsUntilClose: basics.hideResultsUntilClose,
    expired,
    maxPoints: entry.maxPoints,
    userResponse: signedIn ? userResponse : null,
    pollResponseIndex:
      signedIn && (row.subtype === 'poll' || row.subtype === 'pickem') && response?.status === 'completed'
        ? response.optionIndex
        : null,
    options: presentedOptions,
    questions,
    outcome: row.subtype === 'pickem' ? row.outcomeIndex : null,
    settledAt: entry.settledAt,
    totalResponses: resultsAllowed(userResponse != null) ? (aggregate?.total ?? 0) : null,
    arcadeBrackets: row.subtype === 'arcade' ? (row.settings?.arcadeBrackets ?? null) : null,
    completed: false,
  };
  view.completed = isChallengeCompleted(view, now);
  return view;
}

/** Presents catalogue entries as one caller sees them: the caller's answers are read, never shared. */
export async function presentEntries(
  db: Database,
  userId: string | null,
  entries: ChallengeEntry[],
  now: Date,
): Promise<Challenge[]> {
  const data = await fanData(
    db,
    userId,
    entries.map((e) => e.row),
  );
  return entries.map((entry) => present(entry, data, now, userId != null));
}

/** Presents challenges as one caller sees them (product §3 "Challenge"); `userId` null = anonymous. */
export async function presentChallenges(
  db: Database,
  userId: string | null,
  rows: ChallengeRow[],
  now: Date,
  known: KnownViewData = {},
): Promise<Challenge[]> {
  if (rows.length === 0) return [];
  const triviaIds = triviaIdsOf(rows);
  const [[options, questions], data] = await Promise.all([
    known.options && (triviaIds.length === 0 || known.questions)
      ? [known.options, known.questions ?? []]
      : optionsAndQuestions(
          db,
          rows.map((r) => r.id),
          triviaIds,
        ),
    fanData(db, userId, rows, known),
  ]);
  return describeChallenges(rows, options, questions).map((entry) =>
    present(entry, data, now, userId != null),
  );
}
