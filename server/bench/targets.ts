/**
 * The race weekend the fans act on, created through the operator API of the running server
 * (so validation, defaults and any cache invalidation are the product's own): 10 live polls,
 * one 10-question trivia quiz and 3 live sweepstakes.
 */

export interface Targets {
  polls: string[];
  trivia: string;
  questions: string[];
  sweepstakes: string[];
}

export const POLLS = 10;
export const SWEEPSTAKES = 3;

async function post<T>(url: string, token: string, orgKey: string, body: unknown): Promise<T> {
  // A freshly started server on a busy machine may shed load (503 overloaded, decision 014)
  // while it warms up: the setup waits as a client would, for up to a minute.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-token': orgKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if (response.status === 503 && attempt < 12) {
      await response.arrayBuffer();
      await new Promise((r) => setTimeout(r, 5_000));
      continue;
    }
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

/**
 * `reuse`: these draws instead of creating three (entries may repeat, so a later
 * pass of `--compare` finds them as the first did).
 */
export async function createTargets(
  baseUrl: string,
  operatorToken: string,
  orgKey: string,
  reuse: readonly string[] = [],
): Promise<Targets> {
  const now = Date.now();
  const window = {
    visibleFrom: new Date(now - 3_600_000).toISOString(),
    expiresOn: new Date(now + 7 * 86_400_000).toISOString(),
  };
  type Created = { challengeId: string; questions: { questionId: string }[] };
  const polls: string[] = [];
  for (let i = 1; i <= POLLS; i++) {
    const poll = await post<Created>(`${baseUrl}/api/admin/challenges`, operatorToken, orgKey, {
      subtype: 'poll',
      title: `Race-day poll ${i}: who takes the flag?`,
      ...window,
      options: [
        { text: 'Car 1', points: 10 },
        { text: 'Car 2', points: 10 },
        { text: 'Someone else', points: 10 },
      ],
    });
    polls.push(poll.challengeId);
  }
  const trivia = await post<Created>(`${baseUrl}/api/admin/challenges`, operatorToken, orgKey, {
    subtype: 'trivia',
    title: 'Race-day trivia',
    ...window,
    questions: Array.from({ length: 10 }, (_, q) => ({
      text: `Question ${q + 1}: which lap had the fastest pit stop?`,
      options: [
        { text: `Lap ${q + 10}`, points: 5, isCorrect: true },
        { text: `Lap ${q + 20}`, points: 5 },
      ],
    })),
  });
  const sweepstakes = [...reuse];
  for (let i = sweepstakes.length + 1; i <= SWEEPSTAKES; i++) {
    const sweep = await post<{ sweepstakeId: string }>(
      `${baseUrl}/api/admin/sweepstakes`,
      operatorToken,
      orgKey,
      {
        title: `Race-day draw ${i}`,
        prize: 'A signed race helmet',
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 7 * 86_400_000).toISOString(),
        costPerEntry: 1,
      },
    );
    sweepstakes.push(sweep.sweepstakeId);
  }
  return {
    polls,
    trivia: trivia.challengeId,
    questions: trivia.questions.map((q) => q.questionId),
    sweepstakes,
  };
}

/**
 * A fresh race weekend for the next pass of `--compare`: polls and a quiz no fan has answered,
 * as the first pass had (a fan answers each once, so the same ones would give a later pass only
 * refusals), the previous ones archived so the catalogue every read presents keeps its size.
 */
export async function nextTargets(
  baseUrl: string,
  operatorToken: string,
  orgKey: string,
  previous: Targets,
): Promise<Targets> {
  for (const id of [...previous.polls, previous.trivia]) {
    await post(`${baseUrl}/api/admin/challenges/${id}/archive`, operatorToken, orgKey, {});
  }
  return createTargets(baseUrl, operatorToken, orgKey, previous.sweepstakes);
}
