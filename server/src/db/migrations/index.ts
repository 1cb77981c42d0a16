import type { Migration } from 'kysely';
import * as core from './0001_core.ts';

/**
 * Every migration, in order. One file per domain step; names sort by their number prefix.
 * Add a new file rather than editing one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
};
