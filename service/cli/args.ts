import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * What the service's commands (seed.ts, import.ts) share in reading their arguments: usage errors and
 * `--help` said the same way, and `--db FILE`, which each of them requires.
 */

/** A command: its name in messages (`service:seed`) and its usage line. */
export interface Command {
  name: string;
  usage: string;
}

/** Prints `name: msg` and the usage on stderr and exits 2 (a usage error). */
export function usageError(cmd: Command, msg: string): never {
  console.error(`${cmd.name}: ${msg}\n${cmd.usage}`);
  process.exit(2);
}

/**
 * The command's arguments as node:util parseArgs reads them with `config`, whose options include `db`
 * (a string) and `help` (a boolean): null after printing the usage for `--help`; a usage error
 * ({@link usageError}) for an argument it does not take or a missing `--db`.
 */
export function readArgs<T extends ParseArgsConfig>(
  cmd: Command,
  config: T,
): (ReturnType<typeof parseArgs<T>> & { db: string }) | null {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    usageError(cmd, (e as Error).message);
  }
  const values = parsed.values as { db?: string; help?: boolean };
  if (values.help) {
    console.log(cmd.usage);
    return null;
  }
  if (!values.db) usageError(cmd, '--db FILE is required');
  return { ...parsed, db: values.db };
}
