// Preloaded into a bench server (`node --import`, statement-capture.ts): every statement the
// server hands node-postgres goes to the file PADDOCK_STATEMENT_TRACE as one JSON line, with its
// parameters as node-postgres sends them (text, or null) and whether an earlier statement of the
// same connection was still unanswered (sent in the same network write, db/deferred-begin.ts).
// The bench replays one request's statements under pgbench (statement-replay.ts). Plain
// JavaScript: the production build runs without tsx.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const file = process.env.PADDOCK_STATEMENT_TRACE;
if (file) {
  // The server's own node-postgres, resolved from its checkout (its working directory).
  const pg = createRequire(path.join(process.cwd(), 'package.json'))('pg');
  const query = pg.Client.prototype.query;
  const connections = new WeakMap();
  let count = 0;
  pg.Client.prototype.query = function recorded(config, values, callback) {
    let connection = connections.get(this);
    if (!connection) {
      connection = { id: ++count, unanswered: 0 };
      connections.set(this, connection);
    }
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string') return query.call(this, config, values, callback);
    const raw =
      typeof config === 'object' && config.values ? config.values : Array.isArray(values) ? values : [];
    const params = raw.map((value) => {
      const prepared = pg.utils.prepareValue(value);
      return Buffer.isBuffer(prepared) ? { bytea: prepared.toString('hex') } : prepared;
    });
    const line = {
      at: Date.now(),
      connection: connection.id,
      pipelined: connection.unanswered > 0,
      text,
      params,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    connection.unanswered++;
    const settled = () => {
      connection.unanswered--;
    };
    const result = query.call(this, config, values, callback);
    if (result && typeof result.then === 'function') result.then(settled, settled);
    else settled();
    return result;
  };
}
