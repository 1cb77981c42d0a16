import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/engine.ts';
import { cpuWindows } from './ledger-limit.ts';
import { logRate } from './path-limits.ts';
import { fanId } from './seed.ts';
import type { RecordedStatement } from './statement-capture.ts';
import { type ReplayCall, replayScript, transactionOf, typedLiteral } from './statement-replay.ts';

let at = 0;
const statement = (
  connection: number,
  text: string,
  params: RecordedStatement['params'] = [],
  pipelined = false,
) => ({
  at: at++,
  connection,
  pipelined,
  text,
  params,
});

const INSERT = 'insert into replayed (fan_id, target, note, at, entrant) values ($1, $2, $3, $4, $5)';
const LOCK = 'select id from replayed_fans where id = $1 for update';
const TARGETS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/**
 * What a captured call of a write looks like: a throttle statement outside the transaction, the
 * `begin` sent with the fan's lock, the write, the `commit` sent with it; a live event after.
 */
function call(fan: number, round: number, status = 200): ReplayCall {
  const id = fanId(fan + 1);
  const target = TARGETS[round % 2]!;
  const entrant = `${(fan * 7 + round).toString(16).padStart(4, '0')}abcdef0123456789abcd`.slice(0, 24);
  return {
    fan,
    round,
    status,
    fanId: id,
    statements: [
      statement(1, 'insert into rate_limit_counters (key) values ($1)', [`answer:fan:${id}`]),
      statement(2, 'begin'),
      statement(2, LOCK, [id], true),
      statement(2, INSERT, [
        id,
        target,
        "it's 10:30 \\ done",
        `2026-12-07T15:2${round}:50.668+00:00`,
        entrant,
      ]),
      statement(2, 'commit', [], true),
      statement(3, 'select pg_notify($1, $2)', ['paddock_live', `{"fan":"${id}"}`]),
    ],
  };
}

const types = new Map([
  [INSERT, ['uuid', 'uuid', 'text', 'timestamp with time zone', 'text']],
  [LOCK, ['uuid']],
]);

describe('the replay of a write path’s own statements', () => {
  it('keeps only the transaction a call ran on its own connection', () => {
    const texts = transactionOf(call(4, 0).statements).map((s) => s.text);
    expect(texts).toEqual(['begin', LOCK, INSERT, 'commit']);
    expect(transactionOf([statement(1, 'select 1')])).toEqual([]);
  });

  it('writes constants pgbench passes untouched: colons, quotes and backslashes escaped, typed', () => {
    expect(typedLiteral("10:30 it's \\", 'text')).toBe("U&'10\\003A30 it''s \\\\'::text");
    expect(typedLiteral(null, 'date')).toBe('NULL::date');
    expect(typedLiteral({ bytea: '0aff' }, 'bytea')).toBe("U&'\\\\x0aff'::bytea");
  });

  it('maps call n to the fan and round the load plan gives it, one branch per statement sequence', () => {
    const calls = [0, 1, 2].flatMap((round) => [
      call(1000, round),
      call(1001, round, round === 2 ? 422 : 200),
    ]);
    const replay = replayScript({ fans: 1000, clients: 50, calls, parameterTypes: types });
    // Round 2 refused (422): two rounds write, so 2,000 calls before a fan would repeat one.
    expect(replay).toMatchObject({ rounds: 2, supply: 2000, branches: 1 });
    expect(replay.script).toContain('\\set n :client_id + 50 * :i');
    expect(replay.script).toContain('\\set place :n % 1000');
    expect(replay.script).toContain('\\set round :n / 1000');
    // The throttle and the live event stay out; the lock goes with the begin, the commit with the write.
    expect(replay.script).not.toMatch(/rate_limit_counters|pg_notify/);
    expect(replay.script).toMatch(
      /\\startpipeline\nbegin;\nselect id from replayed_fans where id = \(overlay.*:fan.*\)\)? for update;\n\\endpipeline/,
    );
    expect(replay.script).toMatch(/\\startpipeline\ninsert into replayed .*;\ncommit;\n\\endpipeline/);
  });

  it('repeats the rounds when every captured round wrote', () => {
    const calls = [0, 1].flatMap((round) => [call(10, round), call(11, round)]);
    expect(replayScript({ fans: 10, clients: 5, calls, parameterTypes: types })).toMatchObject({
      rounds: 2,
      supply: null,
    });
    expect(replayScript({ fans: 10, clients: 5, calls, parameterTypes: types }).script).toContain(
      '\\set round (:n / 10) % 2',
    );
  });

  it("stops before a round whose calls carry a row of the fan's own (a quiz's response, by id)", () => {
    const withRow = (c: ReplayCall, id: string): ReplayCall => ({
      ...c,
      statements: c.statements.map((s) => (s.text === LOCK ? { ...s, params: [id] } : s)),
    });
    const calls = [
      call(10, 0),
      call(11, 0),
      withRow(call(10, 1), 'aaaaaaaa-0000-4000-8000-000000000010'),
      withRow(call(11, 1), 'aaaaaaaa-0000-4000-8000-000000000011'),
    ];
    expect(replayScript({ fans: 10, clients: 5, calls, parameterTypes: types })).toMatchObject({
      rounds: 1,
      supply: 10,
    });
  });

  it('refuses a capture whose first round wrote nothing, and a parameter without a type', () => {
    expect(() =>
      replayScript({ fans: 10, clients: 5, calls: [call(10, 0, 422), call(11, 0)], parameterTypes: types }),
    ).toThrow(/wrote nothing/);
    expect(() =>
      replayScript({ fans: 10, clients: 5, calls: [call(10, 0), call(11, 0)], parameterTypes: new Map() }),
    ).toThrow(/No type for \$1/);
  });

  describe('run on a database, as pgbench would run it', () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({ databaseUrl: undefined, dataDir: null });
      await sql`create table replayed_fans (id uuid primary key)`.execute(handle.db);
      await sql`create table replayed (fan_id uuid, target uuid, note text, at timestamptz, entrant text unique)`.execute(
        handle.db,
      );
      await sql`insert into replayed_fans select ${sql.raw("overlay(overlay(md5('bench-fan-' || g) placing '4' from 13) placing '8' from 17)::uuid")} from generate_series(1, 20) g`.execute(
        handle.db,
      );
    });
    afterAll(() => handle?.close());

    /** The branch's statements with pgbench's variables put in, as it binds them. */
    function run(script: string, variables: { fan: number; case: number }) {
      const statements = script
        .split('\n')
        .filter((l) => !l.startsWith('\\'))
        .map((l) => l.replace(/;$/, ''))
        .filter((l) => l !== 'begin' && l !== 'commit');
      return statements.map((s) =>
        s.replaceAll(':fan', `'${variables.fan}'`).replaceAll(':case::int', String(variables.case)),
      );
    }

    it("writes each fan's own row with the values of its round, every constant as captured", async () => {
      const calls = [0, 1].flatMap((round) => [call(10, round), call(11, round)]);
      const { script } = replayScript({ fans: 10, clients: 5, calls, parameterTypes: types });
      // Fan 3 (place 2, even) in round 1 is case 2; fan 4 (place 3, odd) in round 0 is case 1.
      for (const [fan, c] of [
        [3, 2],
        [4, 1],
      ] as const) {
        for (const s of run(script, { fan, case: c })) await sql.raw(s).execute(handle.db);
      }
      const rows = await sql<{ fan: string; target: string; note: string; at: Date; entrant: string }>`
        select fan_id as fan, target, note, at, entrant from replayed order by at`.execute(handle.db);
      expect(rows.rows.map((r) => [r.fan, r.target, r.note, r.at.toISOString()])).toEqual([
        [fanId(4), TARGETS[0], "it's 10:30 \\ done", '2026-12-07T15:20:50.668Z'],
        [fanId(3), TARGETS[1], "it's 10:30 \\ done", '2026-12-07T15:21:50.668Z'],
      ]);
      // The entrant the server derives per fan and draw: another value of its length, unique per fan.
      expect(rows.rows.map((r) => r.entrant.length)).toEqual([24, 24]);
      expect(new Set(rows.rows.map((r) => r.entrant)).size).toBe(2);
    });
  });
});

describe("pgbench's transaction rate from its logs", () => {
  it('leaves out the first second, and counts the transactions inside the CPU windows', () => {
    // client, transaction, latency µs, script, epoch s, epoch µs: one transaction every 100 ms for 4 s.
    const lines = Array.from(
      { length: 40 },
      (_, k) => `0 ${k} 900 0 ${1000 + Math.floor(k / 10)} ${(k % 10) * 100_000}`,
    );
    const rate = logRate(
      [lines.join('\n')],
      [
        [1001, 1002],
        [1003, 1003.5],
      ],
    );
    expect(rate.transactions).toBe(40);
    expect(rate.tps).toBeCloseTo(30 / 2.9, 5);
    // (1001, 1002] holds 1001.1 … 1002.0, (1003, 1003.5] holds 1003.1 … 1003.5.
    expect(rate.inWindow).toBe(15);
  });
});

describe("the database's CPU over a replay", () => {
  const reading = (at: number, cpu: [number, number][]) => ({ at, cpu: new Map(cpu) });

  it('keeps only the intervals in which no backend ended, since one that ended took its CPU along', () => {
    const { backendSeconds, windows, window } = cpuWindows([
      reading(1, [
        [10, 0.5],
        [11, 0.5],
      ]),
      reading(1.5, [
        [10, 0.9],
        [11, 0.8],
      ]),
      // Backend 11 ended here: this interval is left out.
      reading(2, [[10, 1.2]]),
      // A backend that connected meanwhile counts from zero.
      reading(2.5, [
        [10, 1.4],
        [12, 0.1],
      ]),
    ]);
    expect(windows).toEqual([
      [1, 1.5],
      [2, 2.5],
    ]);
    expect(window).toBeCloseTo(1, 9);
    expect(backendSeconds).toBeCloseTo(0.4 + 0.3 + 0.2 + 0.1, 9);
  });

  it('has no figure when no interval survived', () => {
    expect(cpuWindows([reading(1, [[10, 1]]), reading(1.5, [])]).backendSeconds).toBeNull();
  });
});
