import { z } from 'zod';
import {
  ARCADE_REACTION_MS,
  CHALLENGE_SUBTYPES,
  CHALLENGE_TYPES,
  MAX_TEXT_RESPONSE_LENGTH,
} from '../challenge.ts';

/**
 * Challenge API shapes (product §3 "Challenge", §7 /challenge calls), shared by the server's route
 * schemas and the web app's queries. Correct answers never appear in a fan-facing shape before
 * the fan has answered (product §10.2.1).
 */

export const challengeSubtypeSchema = z.enum(CHALLENGE_SUBTYPES);
export const challengeTypeSchema = z.enum(CHALLENGE_TYPES);
const isoDateTime = z.string().describe('ISO 8601 date-time');

/** Aggregate result of one option; present only when results may be shown. */
export const optionResultSchema = z.object({
  /** How many fans chose this option. */
  votes: z.number().int(),
  /** Share of all responses, 0–100, rounded to a whole number. */
  percent: z.number().int(),
});

/** One option's share in a live tally: its index and the `result` the API shows for it. */
export const tallyOptionSchema = optionResultSchema.extend({ index: z.number().int() });

/**
 * `poll_results` on the private `results:{challengeId}` channel (docs/realtime-compat.md §12,
 * decision 024): the numbers `GET /api/challenge/{id}` shows a fan who may see the results.
 */
export const resultsTallySchema = z.object({
  challengeId: z.uuid(),
  totalResponses: z.number().int(),
  /** Poll and pick'em options in order; empty for trivia. */
  options: z.array(tallyOptionSchema),
  /** Trivia: each question's options; empty for other subtypes. */
  questions: z.array(
    z.object({ questionId: z.uuid(), index: z.number().int(), options: z.array(tallyOptionSchema) }),
  ),
});
export type ResultsTally = z.infer<typeof resultsTallySchema>;
export type TallyOption = z.infer<typeof tallyOptionSchema>;

export const challengeOptionSchema = z.object({
  /** The option's initial order (product §9); send it back as `responseIndex`. */
  index: z.number().int(),
  text: z.string(),
  /** Points paid for this option (poll: on answering; pick'em: if it is the outcome; trivia: the question's worth, shown on every option, paid if correct). */
  points: z.number().int(),
  /** Trivia: whether this is the correct answer; pick'em: whether it is the settled outcome. Null until revealed. */
  correct: z.boolean().nullable(),
  /** Aggregate results, or null when hidden (not yet answered, or hidden until the challenge closes). */
  result: optionResultSchema.nullable(),
});

export const triviaUserResponseSchema = z.object({
  /** The option index the fan chose. */
  responseIndex: z.number().int(),
  /** Null until the quiz is complete or closed: the verdict is not revealed before (product §10.2.5). */
  correct: z.boolean().nullable(),
  /** Points this answer earned (0 when wrong, and 0 until the quiz is complete). */
  points: z.number().int(),
});

export const triviaQuestionSchema = z.object({
  questionId: z.uuid(),
  /** Question order within the quiz, from 0. */
  index: z.number().int(),
  text: z.string(),
  options: z.array(challengeOptionSchema),
  triviaUserResponse: triviaUserResponseSchema.nullable(),
});

export const challengeAnswerSchema = z.object({
  /** What the fan answered: the option text, the keyword typed, or the arcade reaction time in ms. */
  answer: z.string(),
  /** Null while unknown (a poll has no right answer; a pick'em before settlement). */
  correct: z.boolean().nullable(),
});

export const userResponseSchema = z.object({
  /** `in_progress` while a trivia quiz has unanswered questions. */
  status: z.enum(['in_progress', 'completed']),
  completedAt: isoDateTime.nullable(),
  /** Points the fan has earned from this challenge so far. */
  score: z.number().int(),
  answers: z.array(challengeAnswerSchema),
});

export const arcadeBracketSchema = z.object({
  /** A reaction time up to and including this many milliseconds earns `points`. */
  maxMs: z.number().int().min(ARCADE_REACTION_MS.min).max(ARCADE_REACTION_MS.max),
  points: z.number().int().min(0),
});

/** What fans and operators both see of a challenge, first in either's answer. */
const challengeCoreFields = {
  challengeId: z.uuid(),
  type: challengeTypeSchema,
  subtype: challengeSubtypeSchema,
  title: z.string(),
  description: z.string(),
  mediaId: z.uuid().nullable(),
  /** `/files/{mediaId}` or null. */
  imageUrl: z.string().nullable(),
  visibleFrom: isoDateTime,
  /** When answers stop being accepted; null = open-ended. */
  expiresOn: isoDateTime.nullable(),
};

export const challengeSchema = z.object({
  ...challengeCoreFields,
  /** True once expiresOn has passed. */
  expired: z.boolean(),
  /** The most points a fan can earn here (keyword/arcade: the top prize; trivia: all questions right). */
  maxPoints: z.number().int(),
  /** Poll only: results stay hidden until the poll closes. */
  hideResultsUntilClose: z.boolean(),
  /** The fan's response, or null (always null for an anonymous caller). */
  userResponse: userResponseSchema.nullable(),
  /** Poll / pick'em: the option index the fan chose. */
  pollResponseIndex: z.number().int().nullable(),
  /** Poll / pick'em options in their initial order; empty for other subtypes. */
  options: z.array(challengeOptionSchema),
  /** Trivia questions in order; empty for other subtypes. */
  questions: z.array(triviaQuestionSchema),
  /** Pick'em: the index of the winning option once settled. */
  outcome: z.number().int().nullable(),
  settledAt: isoDateTime.nullable(),
  /** Total responses, or null while results are hidden. */
  totalResponses: z.number().int().nullable(),
  /** Arcade: the score brackets (reaction time → points). */
  arcadeBrackets: z.array(arcadeBracketSchema).nullable(),
  /** Product §4: a response exists (trivia: every question answered) or the expiry has passed. */
  completed: z.boolean(),
});
export type Challenge = z.infer<typeof challengeSchema>;
export type ChallengeOption = z.infer<typeof challengeOptionSchema>;
export type TriviaQuestion = z.infer<typeof triviaQuestionSchema>;

export const challengeListQuerySchema = z.object({
  subtype: challengeSubtypeSchema.optional(),
});

export const challengeListSchema = z.object({
  items: z.array(challengeSchema),
});
export type ChallengeList = z.infer<typeof challengeListSchema>;

/**
 * POST /challenge/{id}. By subtype: poll / pick'em `{ responseIndex }`; keyword `{ response }`
 * (text); arcade `{ response, attemptToken }` (reaction time in ms); trivia `{ questionId, responseIndex }`.
 */
export const challengeAnswerBodySchema = z
  .object({
    responseIndex: z.number().int().min(0).optional(),
    questionId: z.uuid().optional(),
    response: z.union([z.string().max(MAX_TEXT_RESPONSE_LENGTH), z.number()]).optional(),
    attemptToken: z.string().max(500).optional(),
  })
  .strict();
export type ChallengeAnswerBody = z.infer<typeof challengeAnswerBodySchema>;

export const challengeAnswerResultSchema = z.object({
  /** Trivia / keyword: whether the answer was right; null for polls, arcade and unsettled pick'ems. */
  correct: z.boolean().nullable(),
  /** Points this answer earned (0 when wrong; 0 for a pick'em until it is settled). */
  points: z.number().int(),
  /** Whether the challenge is now completed for the fan. */
  completed: z.boolean(),
  /** The challenge as the fan now sees it (with results and answers revealed). */
  challenge: challengeSchema,
});
export type ChallengeAnswerResult = z.infer<typeof challengeAnswerResultSchema>;

/** POST /challenge/{id}/attempt: a single-use, signed arcade attempt (decision 007). */
export const arcadeAttemptSchema = z.object({
  attemptToken: z.string(),
  issuedAt: isoDateTime,
  /** The token stops being accepted after this moment. */
  expiresAt: isoDateTime,
  /** Milliseconds from issue until the lights go out (five lights, one per second, then a random hold). */
  lightsOutAfterMs: z.number().int(),
});
export type ArcadeAttempt = z.infer<typeof arcadeAttemptSchema>;

export const challengeHistorySchema = z.object({
  challengeId: z.uuid(),
  subtype: challengeSubtypeSchema,
  /** Null while results are hidden. */
  totalResponses: z.number().int().nullable(),
  /** Poll / pick'em per-option results (result null while hidden). */
  options: z.array(challengeOptionSchema),
  /** Trivia per-question results. */
  questions: z.array(triviaQuestionSchema),
  /** The fan's own answers, oldest first (a changed trivia answer shows only the current one). */
  myAnswers: z.array(
    z.object({
      questionId: z.uuid().nullable(),
      answer: z.string(),
      correct: z.boolean().nullable(),
      points: z.number().int(),
      answeredAt: isoDateTime,
    }),
  ),
  /** Net points the fan has earned from this challenge (awards minus reversals). */
  pointsEarned: z.number().int(),
});
export type ChallengeHistory = z.infer<typeof challengeHistorySchema>;

// ---- Operator console (/api/admin/challenges) ----

export const adminOptionInputSchema = z
  .object({
    text: z.string().trim().min(1).max(200),
    points: z.number().int().min(0).max(100_000).default(0),
    /** Trivia only: exactly one correct option per question. */
    isCorrect: z.boolean().optional(),
  })
  .strict();

export const adminQuestionInputSchema = z
  .object({
    text: z.string().trim().min(1).max(500),
    options: z.array(adminOptionInputSchema).min(2).max(8),
  })
  .strict();

export const adminChallengeInputSchema = z
  .object({
    subtype: challengeSubtypeSchema,
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2000).default(''),
    mediaId: z.uuid().nullable().optional(),
    visibleFrom: z.iso.datetime({ offset: true }),
    expiresOn: z.iso.datetime({ offset: true }).nullable().optional(),
    hideResultsUntilClose: z.boolean().optional(),
    /** Poll and pick'em: 2–8 options. */
    options: z.array(adminOptionInputSchema).min(2).max(8).optional(),
    /** Trivia: 1–10 questions. */
    questions: z.array(adminQuestionInputSchema).min(1).max(10).optional(),
    /** Keyword: the word revealed on broadcast or at the track. */
    keyword: z.string().trim().min(1).max(100).optional(),
    /** Keyword: points for the right word. */
    points: z.number().int().min(0).max(100_000).optional(),
    /** Arcade: reaction-time brackets. */
    arcadeBrackets: z.array(arcadeBracketSchema).min(1).max(10).optional(),
  })
  .strict();
export type AdminChallengeInput = z.infer<typeof adminChallengeInputSchema>;

export const adminChallengePatchSchema = adminChallengeInputSchema.omit({ subtype: true }).partial().strict();
export type AdminChallengePatch = z.infer<typeof adminChallengePatchSchema>;

/** An option as the operator sees it: with its points and whether it is a right answer. */
const adminOptionSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  points: z.number().int(),
  isCorrect: z.boolean(),
});

export const adminChallengeSchema = z.object({
  ...challengeCoreFields,
  archivedAt: isoDateTime.nullable(),
  hideResultsUntilClose: z.boolean(),
  /** Whether the organization hides it from the fan list (settings.hiddenChallengeIds). */
  hidden: z.boolean(),
  options: z.array(adminOptionSchema),
  questions: z.array(
    z.object({
      questionId: z.uuid(),
      index: z.number().int(),
      text: z.string(),
      options: z.array(adminOptionSchema),
    }),
  ),
  keyword: z.string().nullable(),
  points: z.number().int().nullable(),
  arcadeBrackets: z.array(arcadeBracketSchema).nullable(),
  outcome: z.number().int().nullable(),
  settledAt: isoDateTime.nullable(),
  responseCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminChallenge = z.infer<typeof adminChallengeSchema>;

export const adminChallengeListQuerySchema = z.object({
  subtype: challengeSubtypeSchema.optional(),
  includeArchived: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const adminChallengeListSchema = z.object({ items: z.array(adminChallengeSchema) });

export const settleBodySchema = z
  .object({
    /** Index of the option that happened. */
    outcomeIndex: z.number().int().min(0),
    /** True: report what settling would do, change nothing. */
    preview: z.boolean().optional(),
  })
  .strict();
export type SettleBody = z.infer<typeof settleBodySchema>;

export const settleResultSchema = z.object({
  preview: z.boolean(),
  outcomeIndex: z.number().int(),
  /** The outcome in force before this call (null if never settled). */
  previousOutcomeIndex: z.number().int().nullable(),
  /** Fans newly paid by this call (or who would be, in a preview). */
  fansPaid: z.number().int(),
  /** Points actually paid (or that would be), boosts included: what the fans' ledgers show. */
  pointsPaid: z.number().int(),
  /** The same payouts before boosts (the options' points). */
  basePointsPaid: z.number().int(),
  /** The boosts that applied, each with the fans it multiplied (product §12.2). */
  boosts: z.array(z.object({ label: z.string(), fans: z.number().int() })),
  /** Fans whose earlier award is reversed because the outcome was corrected. */
  fansReversed: z.number().int(),
  pointsReversed: z.number().int(),
  settledAt: isoDateTime.nullable(),
});
export type SettleResult = z.infer<typeof settleResultSchema>;

/** The 422 refusals of answering a challenge or starting an arcade attempt (product §8). */
export const CHALLENGE_REFUSALS = [
  'challenge_not_visible',
  'challenge_expired',
  'already_answered',
  'invalid_option',
  'invalid_question',
  'implausible_score',
  'wrong_keyword',
  'invalid_challenge',
] as const;
export type ChallengeRefusal = (typeof CHALLENGE_REFUSALS)[number];
/** The refusals of the operator's challenge editor and pick'em settlement. */
export const CHALLENGE_ADMIN_REFUSALS = [
  'invalid_challenge',
  'invalid_media',
  'invalid_option',
  'challenge_has_responses',
  'challenge_not_closed',
  'not_pickem',
] as const;
export type ChallengeAdminRefusal = (typeof CHALLENGE_ADMIN_REFUSALS)[number];
