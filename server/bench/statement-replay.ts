/**
 * A write path's own SQL as a pgbench script (decision 013, amendment of 2026-12-07): the
 * statements the server sent inside each captured call's transaction (statement-capture.ts),
 * replayed for the same calls the load plan makes. Call n goes to fan n mod F in round n div F,
 * as in load-plan.ts; pgbench client c makes calls c, c + clients, c + 2 × clients…
 *
 * What stays as the server sent it: each statement's text (so the same plans), the statements
 * that went in one network write (a pipeline here, db/deferred-begin.ts there), and the values.
 * What varies: the fan's id (an expression of pgbench's `:fan`), and the values that differ from
 * call to call (a poll's id, a question's): a CASE on `:case`, so that one prepared statement
 * serves every call, as one named statement does in the server. Values travel as typed
 * constants, their types the ones PostgreSQL infers for the server's parameters
 * (`parameterTypes`). Statements outside the transaction (the throttle's counters, the
 * Idempotency-Key claims and stored answers, the session checks, cache fills, live events) are batched or cached in the server and are not replayed:
 * they stay in the server's cost, never in the limit's.
 */
import type { CapturedCall, RecordedStatement } from './statement-capture.ts';
import { fanIdSql } from './seed.ts';

/** A captured call with the id of the fan who made it. */
export interface ReplayCall extends CapturedCall {
  fanId: string;
}

export interface ReplayScript {
  /** pgbench's script (`-M prepared -D i=0`). */
  script: string;
  /**
   * How many calls pgbench may make before a fan would make a call the replay cannot stand for
   * (F × the leading rounds that wrote and carry no per-fan row id: a repeated once-only write,
   * a quiz's last answer); null when every captured round can be replayed and the rounds repeat
   * (sweepstake entries).
   */
  supply: number | null;
  /** The rounds the script replays. */
  rounds: number;
  /** The distinct statement sequences (one \if branch each). */
  branches: number;
}

const bare = (text: string) => text.trim().toLowerCase();

/** The statements of every transaction a call ran on its own connection, `begin` to `commit` or `rollback`. */
export function transactionOf(statements: readonly RecordedStatement[]): RecordedStatement[] {
  const out: RecordedStatement[] = [];
  let open: number | null = null;
  for (const s of statements) {
    const text = bare(s.text);
    if (open === null) {
      if (text === 'begin') {
        open = s.connection;
        out.push(s);
      }
      continue;
    }
    if (s.connection !== open) continue;
    out.push(s);
    if (text === 'commit' || text === 'rollback') open = null;
  }
  return out;
}

/** Whether a call wrote: answered 2xx and ran a transaction that committed. */
function wrote(call: CapturedCall): boolean {
  const tx = transactionOf(call.statements);
  return call.status >= 200 && call.status < 300 && tx.some((s) => bare(s.text) === 'commit');
}

/**
 * A constant pgbench passes to PostgreSQL untouched: a Unicode-escaped string (pgbench would
 * take a colon inside a plain literal, as in a timestamp, for one of its variables) cast to the
 * parameter's type.
 */
export function typedLiteral(value: RecordedStatement['params'][number], type: string): string {
  if (value === null) return `NULL::${type}`;
  const text = typeof value === 'string' ? value : `\\x${value.bytea}`;
  const escaped = text.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\003A');
  return `U&'${escaped}'::${type}`;
}

/**
 * The script for `calls`, the calls of one path for fans of both parities over rounds 0…R−1
 * (their `fan` is the fan's place in the rotation; its parity picks the poll option), for
 * `fans` fans and `clients` clients. `parameterTypes`: each statement text's parameter types.
 */
export function replayScript(input: {
  fans: number;
  clients: number;
  calls: readonly ReplayCall[];
  parameterTypes: ReadonlyMap<string, readonly string[]>;
}): ReplayScript {
  const { fans, clients, calls, parameterTypes } = input;
  const byCase = new Map<number, ReplayCall>();
  for (const call of calls) byCase.set(caseOf(call.round, call.fan), call);
  const captured = Math.max(...calls.map((c) => c.round)) + 1;
  let rounds = 0;
  while (rounds < captured && replayable(callAt(byCase, rounds, 0), callAt(byCase, rounds, 1))) rounds++;
  if (rounds === 0) throw new Error('The first captured round wrote nothing: nothing to replay');
  const repeats = rounds === captured;

  // One branch per distinct sequence of statement texts, shared by the cases that run it.
  const branches = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const parity of [0, 1]) {
      const key = transactionOf(callAt(byCase, round, parity).statements)
        .map((s) => s.text)
        .join('\u0000');
      const cases = branches.get(key) ?? [];
      cases.push(caseOf(round, parity));
      branches.set(key, cases);
    }
  }
  const branchOf = [...branches.values()];
  const lines = [
    `\\set n :client_id + ${clients} * :i`,
    '\\set i :i + 1',
    `\\set place :n % ${fans}`,
    '\\set fan :place + 1',
    repeats ? `\\set round (:n / ${fans}) % ${rounds}` : `\\set round :n / ${fans}`,
    '\\set case 2 * :round + :place % 2',
    `\\set branch CASE ${branchOf.map((cases, b) => `WHEN ${cases.map((c) => `:case = ${c}`).join(' OR ')} THEN ${b}`).join(' ')} ELSE -1 END`,
  ];
  branchOf.forEach((cases, b) => {
    lines.push(`${b === 0 ? '\\if' : '\\elif'} :branch = ${b}`);
    lines.push(
      ...branchBody(
        cases.map((c) => byCase.get(c)!),
        cases,
        parameterTypes,
      ),
    );
  });
  lines.push('\\endif', '');
  return {
    script: lines.join('\n'),
    supply: repeats ? null : fans * rounds,
    rounds,
    branches: branchOf.length,
  };
}

const caseOf = (round: number, fan: number) => 2 * round + (fan % 2);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether a round's two calls (one fan of each parity) can stand for every fan's: both wrote,
 * and neither carries an id of a row the fan wrote earlier (a quiz's response, read back to be
 * completed), which differs from fan to fan and which pgbench could not find for its own fan.
 * An id that differs between the two and is neither fan's own is such a row's.
 */
function replayable(a: ReplayCall, b: ReplayCall): boolean {
  if (!wrote(a) || !wrote(b)) return false;
  const [sa, sb] = [transactionOf(a.statements), transactionOf(b.statements)];
  if (sa.length !== sb.length) return true;
  return sa.every((s, k) =>
    s.params.every((v, j) => {
      const w = sb[k]!.params[j];
      const own = v === a.fanId && w === b.fanId;
      return (
        own || v === w || typeof v !== 'string' || typeof w !== 'string' || !UUID.test(v) || !UUID.test(w)
      );
    }),
  );
}

function callAt(byCase: Map<number, ReplayCall>, round: number, parity: number): ReplayCall {
  const call = byCase.get(caseOf(round, parity));
  if (!call) throw new Error(`No captured call for round ${round}, fans of parity ${parity}`);
  return call;
}

/**
 * Whether the values are ones the server derives from the fan (a sweepstake's anonymised
 * entrant: an HMAC of the draw and the fan): hex of one length that two fans never share in
 * the same round. pgbench cannot compute the server's HMAC, so the replay hashes the captured
 * value with the fan's number instead: as unique per fan and draw, of the same length.
 */
function fanDerived(values: readonly RecordedStatement['params'][number][], calls: readonly ReplayCall[]) {
  const first = values[0];
  if (typeof first !== 'string' || !/^[0-9a-f]{16,32}$/.test(first)) return false;
  if (values.some((v) => typeof v !== 'string' || v.length !== first.length || !/^[0-9a-f]+$/.test(v)))
    return false;
  const byRound = new Map<number, Map<string, string>>();
  for (const [c, v] of values.entries()) {
    const call = calls[c]!;
    const round = byRound.get(call.round) ?? new Map<string, string>();
    round.set(call.fanId, v as string);
    byRound.set(call.round, round);
  }
  return [...byRound.values()].some((fans) => fans.size > 1 && new Set(fans.values()).size === fans.size);
}

/** The statements of one branch, each value a constant, the fan's id or a CASE over the cases. */
function branchBody(
  calls: readonly ReplayCall[],
  cases: readonly number[],
  parameterTypes: ReadonlyMap<string, readonly string[]>,
): string[] {
  const sequences = calls.map((call) => transactionOf(call.statements));
  const first = sequences[0]!;
  const out: string[] = [];
  first.forEach((statement, k) => {
    if (/(?<!:):(?!:)/.test(statement.text)) {
      throw new Error(`A statement pgbench would read a variable in: ${statement.text.slice(0, 120)}`);
    }
    const types = parameterTypes.get(statement.text) ?? [];
    const text = statement.text.replace(/\$(\d+)/g, (_, digits: string) => {
      const j = Number(digits) - 1;
      const type = types[j];
      if (!type) throw new Error(`No type for $${digits} of: ${statement.text.slice(0, 120)}`);
      const values = sequences.map((s) => s[k]!.params[j] ?? null);
      if (values.every((v, c) => v === calls[c]!.fanId)) return `(${fanIdSql(':fan')})`;
      if (values.every((v) => JSON.stringify(v) === JSON.stringify(values[0]))) {
        return typedLiteral(values[0]!, type);
      }
      const derived = fanDerived(values, calls);
      const whens = values
        .map((v, c) => `when ${cases[c]} then ${typedLiteral(v, derived ? 'text' : type)}`)
        .join(' ');
      const byCase = `(case :case::int ${whens} end)`;
      return derived ? `substr(md5(${byCase} || :fan), 1, ${(values[0] as string).length})::${type}` : byCase;
    });
    const next = first[k + 1];
    const opens = next?.pipelined && !statement.pipelined;
    if (opens) out.push('\\startpipeline');
    out.push(`${text.trim()};`);
    if (statement.pipelined && !next?.pipelined) out.push('\\endpipeline');
  });
  return out;
}
