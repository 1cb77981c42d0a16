import type { DB } from './schema.ts';

/**
 * The module that owns each table. Only the owner queries its tables; any other module calls
 * the owner's service instead (db/table-ownership.test.ts scans the server source and fails on
 * a query of a table outside its owner). A module is a folder: `modules/<name>`, or `auth`,
 * `admin`, `platform`; a seed file `seed/<name>-….ts` counts as the module `<name>` whose demo
 * data it writes. Every table of DB must be listed (the `satisfies` below checks it).
 */
export const TABLE_OWNERS = {
  organizations: 'organization',
  ranks: 'organization',
  users: 'profile',
  fanIdentities: 'profile',
  sessions: 'auth',
  refreshTokens: 'auth',
  authUserStates: 'auth',
  authOneTimeTokens: 'auth',
  authFlowStates: 'auth',
  authMfaFactors: 'auth',
  authMfaChallenges: 'auth',
  authIdentities: 'auth',
  consentTypes: 'consent',
  userConsents: 'consent',
  consentHistory: 'consent',
  media: 'files',
  pointTransactions: 'ledger',
  auditLog: 'admin',
  outbox: 'platform',
  idempotencyKeys: 'platform',
  platformSecrets: 'platform',
  rateLimitCounters: 'platform',
  challenges: 'challenges',
  challengeQuestions: 'challenges',
  challengeOptions: 'challenges',
  challengeResponses: 'challenges',
  triviaAnswers: 'challenges',
  arcadeAttempts: 'challenges',
  checkins: 'checkin',
  videos: 'content',
  playlists: 'content',
  playlistVideos: 'content',
  articles: 'content',
  contentViews: 'content',
  stories: 'stories',
  storyChapters: 'stories',
  storyChapterViews: 'stories',
  sweepstakes: 'sweepstakes',
  sweepstakeEntries: 'sweepstakes',
  sweepstakeFreeEntries: 'sweepstakes',
  sweepstakeWinners: 'sweepstakes',
  activations: 'activations',
  activationBadges: 'activations',
  activationUsers: 'activations',
  badges: 'rewards',
  userBadges: 'rewards',
  badgeBoosts: 'rewards',
  milestoneBadges: 'rewards',
  offers: 'rewards',
  offerCodes: 'rewards',
  offerClaims: 'rewards',
  boosts: 'rewards',
  carouselDismissals: 'carousel',
  leaderboardScores: 'leaderboard',
  leaderboardWeekends: 'leaderboard',
  leaderboardSettings: 'leaderboard',
} as const satisfies Record<keyof DB, string>;

export type TableName = keyof typeof TABLE_OWNERS;

/**
 * The only queries of a table outside its owner, each for a reason that outweighs a service
 * call. Keep this list short: a new entry needs the same kind of reason.
 */
export const OWNERSHIP_EXCEPTIONS: readonly { table: TableName; module: string; why: string }[] = [
  {
    table: 'users',
    module: 'auth',
    why:
      'The GoTrue-compatible protocol creates the account row at sign-up and reads and writes its identity ' +
      'columns (e-mail, phone, password, confirmations, metadata, ban, last sign-in) on every auth flow; ' +
      'the profile module owns the rest of the row.',
  },
  {
    table: 'users',
    module: 'ledger',
    why:
      'postPoints moves the balance columns (points, lifetimePoints) in the same guarded UPDATE as the ' +
      'ledger row it inserts (decision 005), and reads them back for the balance it answers; a ' +
      'service call there would split one atomic statement.',
  },
  {
    table: 'pointTransactions',
    module: 'leaderboard',
    why:
      'The boards are computed from the ledger (decision 025). Seeding a season, the per-line trigger ' +
      'is paused and the boards are rebuilt from the ledger in one statement, the same SQL the ' +
      'trigger runs per line (leaderboard-replay.ts).',
  },
  {
    table: 'users',
    module: 'leaderboard',
    why:
      'A board is read in one statement (leaderboard-read.ts): the scores and the public identity of ' +
      'each fan shown (username, avatar, privacy flags) in one round trip, which is what keeps the ' +
      'read fast at 100,000 fans; it reads only those public columns.',
  },
  {
    table: 'organizations',
    module: 'leaderboard',
    why: "The same rebuild buckets each line by the organization's time zone, in that one statement.",
  },
];
