// Parsing of option values shared by the commands.
import { UsageError } from "../errors/partwise-error.js";

/** A `--name N` value as a positive integer, undefined when the option is absent; a usage error otherwise. */
export function positiveIntegerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`--${name} expects a positive integer, got "${value}"`);
  return number;
}
