// Parsing of command lines and option values shared by the commands.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../errors/partwise-error.js";

/**
 * node:util parseArgs with its errors (an unknown option, a missing value, "-acme" read as short options)
 * raised as usage errors, so every command reports a bad command line with a typed `cli/usage`.
 */
export function parseCommandLine<Config extends ParseArgsConfig>(config: Config): ReturnType<typeof parseArgs<Config>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if (error instanceof Error && String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS")) throw new UsageError(error.message, { cause: error });
    throw error;
  }
}

/** A `--name N` value as a positive integer, undefined when the option is absent; a usage error otherwise. */
export function positiveIntegerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`--${name} expects a positive integer, got "${value}"`);
  return number;
}
