import { isChallengeCompleted } from '@paddock/contracts';
import type { Challenge, ChallengeOption, TriviaQuestion } from '@paddock/contracts/api/challenges';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/engine.ts';
import { ExpiringMap } from '../../platform/expiring-map.ts';
import type {
  ChallengeOptionsTable,
  ChallengeQuestionsTable,
  ChallengeResponsesTable,
  ChallengesTable,
  TriviaAnswersTable,
} from './challenge-tables.ts';

export type ChallengeRow = Selectable<ChallengesTable>;
type OptionRow = Selectable<ChallengeOptionsTable>;
type QuestionRow = Selectable<ChallengeQuestionsTable>;
type ResponseRow = Selectable<ChallengeResponsesTable>;
type TriviaAnswerRow = Selectable<TriviaAnswersTable>;

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

/** Everything needed to present a set of challenges to one caller, loaded in a fixed number of queries. */
interface ChallengeData {
  options: Map<string, OptionRow[]>;
  questions: Map<string, QuestionRow[]>;
  questionOptions: Map<string, OptionRow[]>;
  responses: Map<string, ResponseRow>;
  triviaAnswers: Map<string, TriviaAnswerRow>;
  /** `${challengeId}:${optionIndex}` or `${questionId}:${optionIndex}` → votes. */
  votes: Map<string, number>;
  /** challengeId → fans who responded (trivia: who started). */
  totals: Map<string, number>;
}

/**
 * What a caller presenting one challenge already holds (an answer that read the options and
 * wrote the fan's response): those reads are skipped. Options are known only for a challenge
 * without questions (not trivia).
 */
export interface KnownViewData {
  options?: OptionRow[];
  response?: ResponseRow;
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

/** The caller's own responses to these challenges; none when anonymous. */
function ownResponses(db: Database, userId: string | null, challengeIds: string[]) {
  if (!userId) return [];
  return db
    .selectFrom('challengeResponses')
    .selectAll()
    .where('userId', '=', userId)
    .where('challengeId', 'in', challengeIds)
    .execute();
}

/** The caller's answers to these trivia challenges' questions; none when anonymous or no trivia. */
function ownTriviaAnswers(db: Database, userId: string | null, triviaIds: string[]) {
  if (!userId || triviaIds.length === 0) return [];
  return db
    .selectFrom('triviaAnswers')
    .selectAll()
    .where('userId', '=', userId)
    .where('challengeId', 'in', triviaIds)
    .execute();
}

async function loadData(
  db: Database,
  userId: string | null,
  rows: ChallengeRow[],
  known: KnownViewData = {},
): Promise<ChallengeData> {
  const data: ChallengeData = {
    options: new Map(),
    questions: new Map(),
    questionOptions: new Map(),
    responses: new Map(),
    triviaAnswers: new Map(),
    votes: new Map(),
    totals: new Map(),
  };
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return data;
  // Trivia keeps its answers and counts in trivia_answers, every other subtype in
  // challenge_responses: each table is read only for the challenges that use it.
  const triviaIds = rows.filter((r) => r.subtype === 'trivia').map((r) => r.id);
  const [[options, questions], responses, answers, aggregates] = await Promise.all([
    known.options && triviaIds.length === 0 ? [known.options, []] : optionsAndQuestions(db, ids, triviaIds),
    known.response ? [known.response] : ownResponses(db, userId, ids),
    ownTriviaAnswers(db, userId, triviaIds),
    voteAggregates(db, ids, new Set(triviaIds)),
  ]);
  for (const o of options) {
    if (o.questionId) push(data.questionOptions, o.questionId, o);
    else push(data.options, o.challengeId, o);
  }
  for (const q of questions) push(data.questions, q.challengeId, q);
  for (const r of responses) data.responses.set(r.challengeId, r);
  for (const a of answers) data.triviaAnswers.set(a.questionId, a);
  for (const id of ids) {
    const aggregate = aggregates.get(id);
    if (!aggregate) continue;
    for (const [key, votes] of aggregate.votes) data.votes.set(key, votes);
    data.totals.set(id, aggregate.total);
  }
  return data;
}

/** One challenge's results: votes per `${challengeOrQuestionId}:${optionIndex}` and fans who responded. */
interface VoteAggregate {
  votes: Map<string, number>;
  total: number;
}

/**
 * Every reader of a live poll sees the same counts, and counting them means reading every
 * response: at race-day volume that was the cost of GET /challenge. They are kept for at most
 * a second (decision 032), and an answer recorded by this process drops its challenge's
 * counts at once (forgetVotes), so a fan always sees their own vote counted.
 */
const VOTES_FOR_MS = 1_000;
const voteCache = new ExpiringMap<VoteAggregate>(VOTES_FOR_MS);

export function forgetVotes(challengeId: string) {
  voteCache.delete(challengeId);
}

export async function voteAggregates(
  db: Database,
  ids: string[],
  trivia: Set<string>,
): Promise<Map<string, VoteAggregate>> {
  const out = new Map<string, VoteAggregate>();
  const missing: string[] = [];
  for (const id of ids) {
    const hit = voteCache.get(id);
    if (hit) out.set(id, hit);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  // Only trivia has rows in trivia_answers: other challenges skip those two counts.
  const triviaMissing = missing.filter((id) => trivia.has(id));
  // One count per (challenge, option) over every completed response, those without an option
  // (keyword, arcade) included: the option counts are the votes, their sum the fans who responded.
  const [responseCounts, triviaVotes, triviaTotals] = await Promise.all([
    db
      .selectFrom('challengeResponses')
      .select(['challengeId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('votes')])
      .where('challengeId', 'in', missing)
      .where('status', '=', 'completed')
      .groupBy(['challengeId', 'optionIndex'])
      .execute(),
    triviaMissing.length === 0
      ? []
      : db
          .selectFrom('triviaAnswers')
          .select(['challengeId', 'questionId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('votes')])
          .where('challengeId', 'in', triviaMissing)
          .groupBy(['challengeId', 'questionId', 'optionIndex'])
          .execute(),
    triviaMissing.length === 0
      ? []
      : db
          .selectFrom('triviaAnswers')
          .select(['challengeId', (eb) => eb.fn.count<number>('userId').distinct().as('total')])
          .where('challengeId', 'in', triviaMissing)
          .groupBy('challengeId')
          .execute(),
  ]);
  for (const id of missing) out.set(id, { votes: new Map(), total: 0 });
  for (const v of responseCounts) {
    const aggregate = out.get(v.challengeId)!;
    aggregate.total += Number(v.votes);
    if (v.optionIndex != null) aggregate.votes.set(`${v.challengeId}:${v.optionIndex}`, Number(v.votes));
  }
  for (const v of triviaVotes)
    out.get(v.challengeId)!.votes.set(`${v.questionId}:${v.optionIndex}`, Number(v.votes));
  // Trivia counts every fan who answered at least one question.
  for (const t of triviaTotals) out.get(t.challengeId)!.total = Number(t.total);
  for (const id of missing) voteCache.set(id, out.get(id)!);
  return out;
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
  const closed = isClosed(row, now);
  return (answered || closed) && !(row.hideResultsUntilClose && !closed);
}

/** Votes and percent of the options' votes for each option, in the options' order. */
export function optionResults(options: { orderIndex: number }[], votesOf: (optionIndex: number) => number) {
  const votes = options.map((o) => votesOf(o.orderIndex));
  const total = votes.reduce((sum, v) => sum + v, 0);
  return votes.map((v) => ({ votes: v, percent: percent(v, total) }));
}

function present(row: ChallengeRow, data: ChallengeData, now: Date, signedIn: boolean): Challenge {
  const expired = isClosed(row, now);
  const resultsAllowed = (answered: boolean) => resultsVisible(row, answered, now);
  const response = data.responses.get(row.id) ?? null;
  const settings = row.settings ?? {};

  const options = data.options.get(row.id) ?? [];
  const answeredOptions = response?.status === 'completed';
  const optionVotes = optionResults(options, (i) => data.votes.get(`${row.id}:${i}`) ?? 0);
  const presentedOptions: ChallengeOption[] = options.map((o, i) => {
    return {
      index: o.orderIndex,
      text: o.text,
      points: o.points,
      // An unsettled pick'em has no right answer yet; once settled the outcome is public.
      correct:
        row.subtype === 'pickem' && row.outcomeIndex != null ? o.orderIndex === row.outcomeIndex : null,
      result: resultsAllowed(answeredOptions) ? (optionVotes[i] ?? null) : null,
    };
  });

  const quizDone = expired || response?.status === 'completed';
  const questions: TriviaQuestion[] = (data.questions.get(row.id) ?? []).map((q) => {
    const answer = data.triviaAnswers.get(q.id) ?? null;
    const qOptions = data.questionOptions.get(q.id) ?? [];
    const qVotes = optionResults(qOptions, (i) => data.votes.get(`${q.id}:${i}`) ?? 0);
    // Product §10.2.5: verdicts, right answers and results leave the server only once the fan
    // has completed the quiz (which locks it) or the quiz has closed.
    const revealed = quizDone;
    // Only the correct option carries points in the database, so every option shows the
    // question's worth; per-option points would give the answer away.
    const worth = Math.max(0, ...qOptions.filter((o) => o.isCorrect).map((o) => o.points));
    return {
      questionId: q.id,
      index: q.orderIndex,
      text: q.text,
      options: qOptions.map((o, i) => {
        return {
          index: o.orderIndex,
          text: o.text,
          points: worth,
          correct: revealed ? o.isCorrect : null,
          result: resultsAllowed(revealed) ? (qVotes[i] ?? null) : null,
        };
      }),
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

  const answeredAny = userResponse != null;
  const brackets = settings.arcadeBrackets ?? null;
  const maxPoints = (() => {
    switch (row.subtype) {
      case 'keyword':
        return settings.points ?? 0;
      case 'arcade':
        return Math.max(0, ...(brackets ?? []).map((b) => b.points));
      case 'trivia':
        return questions.reduce(
          (sum, q) =>
            sum +
            Math.max(
              0,
              ...(data.questionOptions.get(q.questionId) ?? [])
                .filter((o) => o.isCorrect)
                .map((o) => o.points),
            ),
          0,
        );
      default:
        return Math.max(0, ...options.map((o) => o.points));
    }
  })();

  const view: Challenge = {
    ...challengeBasics(row),
    expired,
    maxPoints,
    userResponse: signedIn ? userResponse : null,
    pollResponseIndex:
      signedIn && (row.subtype === 'poll' || row.subtype === 'pickem') && response?.status === 'completed'
        ? response.optionIndex
        : null,
    options: presentedOptions,
    questions,
    outcome: row.subtype === 'pickem' ? row.outcomeIndex : null,
    settledAt: iso(row.settledAt),
    totalResponses: resultsAllowed(answeredAny) ? (data.totals.get(row.id) ?? 0) : null,
    arcadeBrackets: row.subtype === 'arcade' ? brackets : null,
    completed: false,
  };
  view.completed = isChallengeCompleted(view, now);
  return view;
}

/** Presents challenges as one caller sees them (product §3 "Challenge"); `userId` null = anonymous. */
export async function presentChallenges(
  db: Database,
  userId: string | null,
  rows: ChallengeRow[],
  now: Date,
  known?: KnownViewData,
): Promise<Challenge[]> {
  const data = await loadData(db, userId, rows, known);
  return rows.map((row) => present(row, data, now, userId != null));
}
