import type { AdminChallengeInput } from '@paddock/contracts/api/challenges';
import { unprocessable } from '../../platform/errors.ts';
import type { ChallengeSettings } from './challenge-tables.ts';

const invalid = (message: string) => unprocessable('invalid_challenge', message);

/** The full definition of a challenge after create or patch, validated as a whole. */
export interface Definition {
  subtype: AdminChallengeInput['subtype'];
  title: string;
  description: string;
  mediaId: string | null;
  visibleFrom: string;
  expiresOn: string | null;
  hideResultsUntilClose: boolean;
  options: { text: string; points: number; isCorrect?: boolean | undefined }[] | undefined;
  questions:
    | { text: string; options: { text: string; points: number; isCorrect?: boolean | undefined }[] }[]
    | undefined;
  settings: ChallengeSettings;
}

/** Every rule a challenge of its subtype must satisfy; 422 invalid_challenge names the first broken one. */
export function validate(def: Definition) {
  const { subtype } = def;
  if (def.expiresOn && new Date(def.expiresOn).getTime() <= new Date(def.visibleFrom).getTime()) {
    throw invalid('expiresOn must be after visibleFrom');
  }
  const usesOptions = subtype === 'poll' || subtype === 'pickem';
  if (usesOptions && !def.options?.length) throw invalid(`A ${subtype} needs 2–8 options`);
  if (!usesOptions && def.options?.length) throw invalid(`A ${subtype} has no top-level options`);
  if (subtype === 'trivia' && !def.questions?.length) throw invalid('A trivia quiz needs 1–10 questions');
  if (subtype !== 'trivia' && def.questions?.length) throw invalid(`A ${subtype} has no questions`);
  if (def.options?.some((o) => o.isCorrect)) {
    throw invalid("isCorrect is for trivia options; a pick'em's answer is set by settlement");
  }
  for (const [i, q] of (def.questions ?? []).entries()) {
    const correct = q.options.filter((o) => o.isCorrect);
    if (correct.length !== 1) throw invalid(`Question ${i + 1} needs exactly one correct option`);
    if ((correct[0]?.points ?? 0) <= 0)
      throw invalid(`Question ${i + 1}: the correct option must be worth points`);
  }
  if (subtype === 'pickem' && !def.expiresOn) {
    throw invalid("A pick'em needs expiresOn: predictions close before the operator settles it");
  }
  if (subtype === 'keyword') {
    if (!def.settings.keyword) throw invalid('A keyword challenge needs its keyword');
    if (!def.settings.points) throw invalid('A keyword challenge needs points');
  } else if (def.settings.keyword != null || def.settings.points != null) {
    throw invalid('keyword and points are for keyword challenges (other subtypes pay per option)');
  }
  if (subtype === 'arcade') {
    const brackets = def.settings.arcadeBrackets ?? [];
    if (brackets.length === 0) throw invalid('An arcade challenge needs score brackets');
    const ms = brackets.map((b) => b.maxMs);
    if (new Set(ms).size !== ms.length) throw invalid('Arcade brackets need distinct maxMs values');
  } else if (def.settings.arcadeBrackets) {
    throw invalid('arcadeBrackets are for arcade challenges');
  }
  if (def.hideResultsUntilClose && !usesOptions) {
    throw invalid("hideResultsUntilClose applies to polls and pick'ems");
  }
}

export function settingsOf(
  input: Pick<AdminChallengeInput, 'keyword' | 'points' | 'arcadeBrackets'>,
): ChallengeSettings {
  const settings: ChallengeSettings = {};
  if (input.keyword !== undefined) settings.keyword = input.keyword;
  if (input.points !== undefined) settings.points = input.points;
  if (input.arcadeBrackets !== undefined) {
    settings.arcadeBrackets = [...input.arcadeBrackets].sort((a, b) => a.maxMs - b.maxMs);
  }
  return settings;
}
