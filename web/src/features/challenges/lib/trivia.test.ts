import { describe, expect, it } from 'vitest';
import { firstUnansweredIndex, triviaComplete, triviaScore } from './trivia.ts';

const answered = (correct: boolean, points: number) => ({
  triviaUserResponse: { responseIndex: 0, correct, points },
});
const open = { triviaUserResponse: null };

describe('trivia, question by question (product §4)', () => {
  it('shows the first question without an answer', () => {
    expect(firstUnansweredIndex([open, open])).toBe(0);
    expect(firstUnansweredIndex([answered(true, 10), open, open])).toBe(1);
    expect(firstUnansweredIndex([answered(true, 10), answered(false, 0)])).toBe(-1);
  });
  it('is complete only when every question has an answer', () => {
    expect(triviaComplete([answered(true, 10), open])).toBe(false);
    expect(triviaComplete([answered(true, 10), answered(false, 0)])).toBe(true);
    expect(triviaComplete([])).toBe(false);
  });
  it('adds up the points of the correct answers only', () => {
    expect(triviaScore([answered(true, 10), answered(false, 0), answered(true, 25)])).toBe(35);
  });
});
