import type { AnswerContext } from './answer-common.ts';
import { answerOption } from './answer-poll.ts';

/**
 * POST /challenge/{id} for a pick'em: a prediction, answered like a poll but paid only when
 * the operator settles the outcome (challenge-settlement.ts), so nothing is paid now.
 */
export const answerPickem = (ctx: AnswerContext) => answerOption(ctx, false);
