/**
 * zxcvbn-ts with the same `passwords-common` dictionary the server refuses passwords from
 * (decision 030). This module is only ever loaded with a dynamic import from the strength
 * meter, the first time a fan types a new password, so the ~1 MB dictionary never weighs on
 * the landing page's first load (product §13.9).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** 0 (guessable in moments) … 4 (very unguessable), zxcvbn's score. */
export function passwordScore(password: string, userInputs: string[] = []): 0 | 1 | 2 | 3 | 4 {
  return zxcvbn.check(password, userInputs).score;
}
