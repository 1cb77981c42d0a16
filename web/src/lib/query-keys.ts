/** TanStack Query keys shared across features, so one invalidation refreshes every screen that shows the data. */
export const queryKeys = {
  me: ['user', 'me'] as const,
  transactions: ['user', 'me', 'transactions'] as const,
  organization: ['organization'] as const,
  challenges: (subtype?: string) =>
    subtype ? (['challenges', subtype] as const) : (['challenges'] as const),
  challenge: (id: string) => ['challenge', id] as const,
  checkin: ['checkin'] as const,
  videos: ['content', 'videos'] as const,
  articles: ['content', 'articles'] as const,
  stories: ['content', 'stories'] as const,
  sweepstakes: ['sweepstakes'] as const,
  sweepstake: (id: string) => ['sweepstake', id] as const,
  activations: ['activations'] as const,
  carousel: ['carousel'] as const,
  consents: ['consents'] as const,
  referral: ['referral'] as const,
  /** Every board: a prefix of `['leaderboard', board]`. */
  leaderboard: ['leaderboard'] as const,
  /** Every offers query: a prefix of the list and the current offer. */
  offers: ['offers'] as const,
  boosts: ['boosts'] as const,
};
