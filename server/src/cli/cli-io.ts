import type { FastifyInstance } from 'fastify';
import { parseArgs } from 'node:util';

/** Where a command writes; tests collect the lines. */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The server app on the same database, for commands that send mail (an operator invite). */
  app?: () => Promise<FastifyInstance>;
}

/** node:util parseArgs, strict; answers undefined (and says why) on bad arguments. */
export function parseCommandArgs(
  args: string[],
  options: Record<string, 'string' | 'boolean'>,
  io: Io,
  usage: string,
) {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(Object.entries(options).map(([n, type]) => [n, { type }])),
    });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return undefined;
  }
}
