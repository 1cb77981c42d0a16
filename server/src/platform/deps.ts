import type { SessionTokens } from '../auth/session-tokens.ts';
import type { SigningKeys } from '../auth/signing-keys.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/engine.ts';
import type { Clock } from './clock.ts';
import type { FileStore } from './file-store.ts';

/** Everything a route needs from outside itself; tests build it with their own clock and database. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  keys: SigningKeys;
  tokens: SessionTokens;
  files: FileStore;
}
