// Parsing of command lines and option values shared by the commands, and the wait of the commands that
// serve until stopped.
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

/** A `--name JSON` value as a JSON object (request fields), undefined when the option is absent; a usage error otherwise. */
export function jsonObjectOption(name: string, value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError(`--${name} must be a JSON object`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new UsageError(`--${name} must be a JSON object`);
  return parsed as Record<string, unknown>;
}

/** A `--port N` value (0 for any free port), undefined when the option is absent; a usage error otherwise. */
export function portOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new UsageError(`--port must be a port number (0-65535), not "${text}"`);
  return port;
}

/**
 * Resolves when a long-running command should stop: on `signal`'s abort ("stopped") when one is given
 * (tests), otherwise on the process's SIGINT or SIGTERM (the signal's name).
 */
export function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) return resolve("stopped");
      signal.addEventListener("abort", () => resolve("stopped"), { once: true });
      return;
    }
    const onSignal = (name: NodeJS.Signals) => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      resolve(name);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}
