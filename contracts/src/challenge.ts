export const CHALLENGE_SUBTYPES = ['poll', 'pickem', 'arcade', 'trivia', 'keyword'] as const;
export type ChallengeSubtype = (typeof CHALLENGE_SUBTYPES)[number];
export const CHALLENGE_TYPES = ['poll', 'input', 'trivia'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

/**
 * Product §10.2.4: the arcade reaction times that count. Faster is a jump start (no human reacts
 * that fast), slower an abandoned start; the server refuses both, the game and the console's
 * bracket editor offer nothing outside them.
 */
export const ARCADE_REACTION_MS = { min: 100, max: 5_000 } as const;

/** The longest typed answer (a keyword, product §10.2.6) POST /challenge accepts. */
export const MAX_TEXT_RESPONSE_LENGTH = 200;

/** Product §10.2.1: the type each subtype belongs to. */
export const TYPE_OF_SUBTYPE: Record<ChallengeSubtype, ChallengeType> = {
  poll: 'poll',
  pickem: 'poll',
  arcade: 'input',
  trivia: 'trivia',
  keyword: 'input',
};

/** Product §4: a challenge is completed when a response exists or its expiry has passed. */
export function isChallengeCompleted(
  challenge: {
    expiresOn: string | null;
    userResponse: unknown | null;
    subtype?: string;
    questions?: { triviaUserResponse: unknown | null }[];
  },
  now: Date,
): boolean {
  if (challenge.expiresOn && new Date(challenge.expiresOn).getTime() <= now.getTime()) return true;
  if (challenge.subtype === 'trivia') return isTriviaCompleted(challenge.questions ?? []);
  return challenge.userResponse != null;
}

/** Product §4: trivia is completed when every question has a user response. */
export function isTriviaCompleted(questions: { triviaUserResponse: unknown | null }[]): boolean {
  return questions.length > 0 && questions.every((q) => q.triviaUserResponse != null);
}

/** Product §10.2.6: keywords compare case- and space-insensitively. */
export function normaliseKeyword(value: string): string {
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}
