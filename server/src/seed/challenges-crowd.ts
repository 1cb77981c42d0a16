import { calendarDate } from '@paddock/contracts';
import type { Insertable } from 'kysely';
import type { Database } from '../db/engine.ts';
import type { Organization } from '../db/schema.ts';
import type { ChallengeResponsesTable, TriviaAnswersTable } from '../modules/challenges/challenge-tables.ts';
import { previousDay, rewardForStreak } from '../modules/checkin/checkin-service.ts';
import type { DatedLedgerEntry } from '../modules/ledger/ledger-replay.ts';
import type { CrowdFan } from './profile-crowd.ts';
import { insertChunks } from './seed-batches.ts';
import type { SeedRandom } from './seed-random.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What the crowd did, as rows to insert in batches; points only as ledger lines. */
export interface CrowdActivity {
  responses: Insertable<ChallengeResponsesTable>[];
  triviaAnswers: Insertable<TriviaAnswersTable>[];
  checkins: {
    organizationId: string;
    userId: string;
    day: string;
    streak: number;
    points: number;
    createdAt: Date;
  }[];
  ledger: DatedLedgerEntry[];
}

interface OpenChallenge {
  id: string;
  subtype: string;
  title: string;
  visibleFrom: number;
  closes: number;
  outcomeIndex: number | null;
  settledAt: number | null;
  keyword: string | null;
  keywordPoints: number;
  /** Top-level options (poll, pick'em), in order. */
  options: { points: number }[];
  /** How the crowd leans: one weight per option, fixed per challenge. */
  leaning: number[];
  questions: { id: string; options: { points: number; isCorrect: boolean }[] }[];
}

const LABEL: Record<string, string> = {
  poll: 'Poll',
  pickem: "Pick'em",
  trivia: 'Trivia',
  keyword: 'Keyword',
};
/** How likely a fully engaged fan is to answer each kind. */
const TAKE_UP: Record<string, number> = { poll: 0.9, pickem: 0.8, trivia: 0.65, keyword: 0.5 };

/** The challenges the crowd can have answered: already open, of the kinds answered in one go. */
async function openChallenges(db: Database, org: Organization, now: Date, rnd: SeedRandom) {
  const rows = await db
    .selectFrom('challenges')
    .selectAll()
    .where('organizationId', '=', org.id)
    .where('visibleFrom', '<=', now)
    .where('subtype', 'in', ['poll', 'pickem', 'trivia', 'keyword'])
    .orderBy('visibleFrom')
    .execute();
  const options = await db
    .selectFrom('challengeOptions')
    .select(['challengeId', 'questionId', 'orderIndex', 'points', 'isCorrect'])
    .where('organizationId', '=', org.id)
    .orderBy('orderIndex')
    .execute();
  const questions = await db
    .selectFrom('challengeQuestions')
    .select(['id', 'challengeId'])
    .where('organizationId', '=', org.id)
    .orderBy('orderIndex')
    .execute();
  return rows.map((c): OpenChallenge => {
    const top = options.filter((o) => o.challengeId === c.id && o.questionId === null);
    return {
      id: c.id,
      subtype: c.subtype,
      title: c.title,
      visibleFrom: new Date(c.visibleFrom).getTime(),
      closes: Math.min(c.expiresOn ? new Date(c.expiresOn).getTime() : Infinity, now.getTime() - 5 * MINUTE),
      outcomeIndex: c.outcomeIndex,
      settledAt: c.settledAt ? new Date(c.settledAt).getTime() : null,
      keyword: c.settings.keyword ?? null,
      keywordPoints: c.settings.points ?? 0,
      options: top,
      // Favourites and long shots, never a unanimous vote.
      leaning: top.map(() => 1 + rnd.int(0, 6)),
      questions: questions
        .filter((q) => q.challengeId === c.id)
        .map((q) => ({ id: q.id, options: options.filter((o) => o.questionId === q.id) })),
    };
  });
}

/**
 * The crowd's answers: polls and pick'em predictions leaning per challenge, finished quizzes
 * (right more often for knowledgeable fans), keywords, each at a moment inside the challenge's
 * window after the fan joined, and paid as the answer services pay (same kinds, descriptions and
 * once-only keys). A settled pick'em pays its right predictions at settlement.
 */
export async function crowdAnswers(
  db: Database,
  org: Organization,
  now: Date,
  fans: CrowdFan[],
  rnd: SeedRandom,
  out: CrowdActivity,
) {
  const challenges = await openChallenges(db, org, now, rnd);
  for (const fan of fans) {
    for (const c of challenges) {
      const from = Math.max(c.visibleFrom, fan.joinedAt.getTime());
      if (from >= c.closes || !rnd.chance((TAKE_UP[c.subtype] ?? 0) * fan.engagement)) continue;
      const at = rnd.between(from, c.closes);
      const base = {
        organizationId: org.id,
        challengeId: c.id,
        userId: fan.id,
        status: 'completed' as const,
      };
      const pay = (amount: number, onceKey: string, description: string, when = at) => {
        if (amount > 0) {
          out.ledger.push({
            organizationId: org.id,
            userId: fan.id,
            amount,
            kind: 'challenge',
            reference: c.id,
            description,
            onceKey,
            at: when,
          });
        }
      };
      const label = `${LABEL[c.subtype]}: ${c.title}`;
      if (c.subtype === 'poll' || c.subtype === 'pickem') {
        const optionIndex = rnd.weighted(c.leaning);
        let points = 0;
        if (c.subtype === 'poll') {
          points = c.options[optionIndex]?.points ?? 0;
          pay(points, `challenge:${c.id}`, label);
        } else if (c.outcomeIndex === optionIndex && c.settledAt !== null) {
          points = c.options[optionIndex]?.points ?? 0;
          pay(points, `pickem:${c.id}:r1`, `${label} (correct prediction)`, new Date(c.settledAt));
        }
        out.responses.push({ ...base, optionIndex, pointsAwarded: points, createdAt: at, completedAt: at });
      } else if (c.subtype === 'trivia') {
        let total = 0;
        for (const [n, q] of c.questions.entries()) {
          const right = q.options.findIndex((o) => o.isCorrect);
          const wrong = q.options.map((_, i) => i).filter((i) => i !== right);
          const optionIndex = rnd.chance(0.35 + 0.55 * fan.skill) ? right : rnd.pick(wrong);
          const points = optionIndex === right ? (q.options[right]?.points ?? 0) : 0;
          pay(points, `trivia:${q.id}:v1`, `${label} (Q${n + 1})`);
          total += points;
          out.triviaAnswers.push({
            organizationId: org.id,
            challengeId: c.id,
            questionId: q.id,
            userId: fan.id,
            optionIndex,
            correct: optionIndex === right,
            points,
            answeredAt: at,
          });
        }
        out.responses.push({ ...base, pointsAwarded: total, createdAt: at, completedAt: at });
      } else if (c.keyword) {
        pay(c.keywordPoints, `challenge:${c.id}`, label);
        out.responses.push({
          ...base,
          responseText: c.keyword,
          correct: true,
          pointsAwarded: c.keywordPoints,
          createdAt: at,
          completedAt: at,
        });
      }
    }
  }
}

/**
 * The crowd's daily check-ins over the past five weeks (some already
 * check in today): keen fans keep streaks going, casual ones drop in. Paid from the
 * organization's table as the check-in service pays (product §10.3).
 */
export function crowdCheckins(
  org: Organization,
  now: Date,
  fans: CrowdFan[],
  rnd: SeedRandom,
  out: CrowdActivity,
) {
  for (const fan of fans) {
    let streak = 0;
    let lastDay: string | null = null;
    for (let back = 35; back >= 1; back--) {
      const at = new Date(now.getTime() - back * DAY + rnd.int(-120, 120) * MINUTE);
      if (at < fan.joinedAt) continue;
      const day = calendarDate(at, org.timeZone);
      const yesterdayDone = lastDay !== null && lastDay === previousDay(day);
      // Yesterday's check-in makes today's likelier: streaks are what the table rewards.
      if (day === lastDay || !rnd.chance(fan.engagement * (yesterdayDone ? 0.9 : 0.45))) continue;
      streak = yesterdayDone ? streak + 1 : 1;
      lastDay = day;
      const points = rewardForStreak(org, streak);
      out.checkins.push({ organizationId: org.id, userId: fan.id, day, streak, points, createdAt: at });
      if (points > 0) {
        out.ledger.push({
          organizationId: org.id,
          userId: fan.id,
          amount: points,
          kind: 'checkin',
          reference: day,
          description: `Daily check-in (day ${streak})`,
          onceKey: `checkin:${day}`,
          at,
        });
      }
    }
  }
}

/** The crowd's answers: poll and pick'em responses and finished quizzes, in batches. */
export async function insertCrowdAnswers(db: Database, activity: CrowdActivity) {
  await insertChunks(activity.responses, (rows) =>
    db.insertInto('challengeResponses').values(rows).execute(),
  );
  await insertChunks(activity.triviaAnswers, (rows) => db.insertInto('triviaAnswers').values(rows).execute());
}
