import type { ChallengeSubtype } from '@paddock/contracts';
import type { AdminChallenge, AdminChallengeInput } from '@paddock/contracts/api/challenges';
import { daysFromNow } from '../../../ui/console/dates.ts';

/** The subtypes in the order the console lists them. */
export const SUBTYPES = [
  'poll',
  'pickem',
  'trivia',
  'keyword',
  'arcade',
] as const satisfies ChallengeSubtype[];

export interface OptionDraft {
  text: string;
  points: number;
  isCorrect?: boolean;
}
export interface QuestionDraft {
  text: string;
  options: OptionDraft[];
}
export interface BracketDraft {
  maxMs: number;
  points: number;
}

/**
 * What the challenge editor holds: every subtype's fields at once, so switching the subtype of
 * a new challenge keeps what was typed; only the chosen subtype's fields are sent.
 */
export interface ChallengeDraft {
  subtype: ChallengeSubtype;
  title: string;
  description: string;
  mediaId: string | null;
  visibleFrom: string | null;
  expiresOn: string | null;
  hideResultsUntilClose: boolean;
  options: OptionDraft[];
  questions: QuestionDraft[];
  keyword: string;
  points: number;
  arcadeBrackets: BracketDraft[];
}

const blankOptions = (): OptionDraft[] => [
  { text: '', points: 10 },
  { text: '', points: 10 },
];

export const newQuestion = (): QuestionDraft => ({
  text: '',
  options: blankOptions().map((o, i) => ({ ...o, isCorrect: i === 0 })),
});

const defaultBrackets = (): BracketDraft[] => [
  { maxMs: 250, points: 50 },
  { maxMs: 400, points: 25 },
  { maxMs: 1000, points: 10 },
];

export const newDraft = (): ChallengeDraft => ({
  subtype: 'poll',
  title: '',
  description: '',
  mediaId: null,
  visibleFrom: new Date().toISOString(),
  expiresOn: daysFromNow(7),
  hideResultsUntilClose: false,
  options: blankOptions(),
  questions: [newQuestion()],
  keyword: '',
  points: 25,
  arcadeBrackets: defaultBrackets(),
});

export const fromChallenge = (c: AdminChallenge): ChallengeDraft => ({
  ...newDraft(),
  subtype: c.subtype,
  title: c.title,
  description: c.description,
  mediaId: c.mediaId,
  visibleFrom: c.visibleFrom,
  expiresOn: c.expiresOn,
  hideResultsUntilClose: c.hideResultsUntilClose,
  options: c.options.length ? c.options.map((o) => ({ text: o.text, points: o.points })) : blankOptions(),
  questions: c.questions.length
    ? c.questions.map((q) => ({
        text: q.text,
        options: q.options.map((o) => ({ text: o.text, points: o.points, isCorrect: o.isCorrect })),
      }))
    : [newQuestion()],
  keyword: c.keyword ?? '',
  points: c.points ?? 25,
  arcadeBrackets: c.arcadeBrackets ?? defaultBrackets(),
});

/** The create body: the shared fields plus the chosen subtype's own. */
export function toInput(d: ChallengeDraft): AdminChallengeInput {
  const base = {
    subtype: d.subtype,
    title: d.title,
    description: d.description,
    mediaId: d.mediaId,
    visibleFrom: d.visibleFrom ?? new Date().toISOString(),
    expiresOn: d.expiresOn,
    hideResultsUntilClose: d.hideResultsUntilClose,
  };
  switch (d.subtype) {
    case 'poll':
    case 'pickem':
      return { ...base, options: d.options.map(({ text, points }) => ({ text, points })) };
    case 'trivia':
      return { ...base, questions: d.questions };
    case 'keyword':
      return { ...base, keyword: d.keyword, points: d.points };
    case 'arcade':
      return { ...base, arcadeBrackets: d.arcadeBrackets };
  }
}
