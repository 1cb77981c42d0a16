import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/column-types.ts';

/** Per-subtype configuration kept in challenges.settings (never sent to fans as such). */
export interface ChallengeSettings {
  /** Keyword: the word to type. */
  keyword?: string;
  /** Keyword: points for the right word. */
  points?: number;
  /** Arcade: reaction time (ms, inclusive) → points, ascending by maxMs. */
  arcadeBrackets?: { maxMs: number; points: number }[];
}

export interface ChallengesTable {
  id: Generated<string>;
  organizationId: string;
  type: string;
  subtype: string;
  title: string;
  description: Generated<string>;
  mediaId: string | null;
  visibleFrom: Timestamp;
  expiresOn: Timestamp | null;
  archivedAt: Timestamp | null;
  hideResultsUntilClose: Generated<boolean>;
  settings: Json<ChallengeSettings>;
  outcomeIndex: number | null;
  settledAt: Timestamp | null;
  settlementRound: Generated<number>;
  createdBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface ChallengeQuestionsTable {
  id: Generated<string>;
  organizationId: string;
  challengeId: string;
  orderIndex: number;
  text: string;
}

export interface ChallengeOptionsTable {
  id: Generated<string>;
  organizationId: string;
  challengeId: string;
  questionId: string | null;
  orderIndex: number;
  text: string;
  points: Generated<number>;
  isCorrect: Generated<boolean>;
}

export interface ChallengeResponsesTable {
  id: Generated<string>;
  organizationId: string;
  challengeId: string;
  userId: string;
  status: 'in_progress' | 'completed';
  optionIndex: number | null;
  responseText: string | null;
  score: number | null;
  correct: boolean | null;
  pointsAwarded: Generated<number>;
  wrongAttempts: Generated<number>;
  createdAt: Generated<Date>;
  completedAt: Timestamp | null;
}

export interface TriviaAnswersTable {
  organizationId: string;
  challengeId: string;
  questionId: string;
  userId: string;
  optionIndex: number;
  correct: boolean;
  points: Generated<number>;
  version: Generated<number>;
  answeredAt: Timestamp;
}

export interface ArcadeAttemptsTable {
  id: Generated<string>;
  organizationId: string;
  challengeId: string;
  userId: string;
  issuedAt: Timestamp;
  expiresAt: Timestamp;
  lightsOutAfterMs: number;
  usedAt: Timestamp | null;
}

/** Kysely interfaces of the challenge tables (camelCase; see 0003_challenges.ts). */
export interface ChallengeTables {
  challenges: ChallengesTable;
  challengeQuestions: ChallengeQuestionsTable;
  challengeOptions: ChallengeOptionsTable;
  challengeResponses: ChallengeResponsesTable;
  triviaAnswers: TriviaAnswersTable;
  arcadeAttempts: ArcadeAttemptsTable;
}
