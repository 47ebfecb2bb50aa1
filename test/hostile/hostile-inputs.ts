// Building blocks of the hostile cases in cases/: a valid history to mutate, nesting bombs, hostile names,
// files on disk, and operations that report a validator's first issue as an outcome.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { History } from "../../generated/types.js";
import { appendPointer } from "../../src/json/json-location.js";
import { validateFile } from "../../src/validation/validate-file.js";
import { temporaryDirectory } from "../support/temporary-directory.js";
import type { HostileOutcome } from "./hostile-case.js";

/** A small valid history: a question, a signed reasoning step with a tool call, its result and an answer. */
export const validHistory: History = {
  format: "partwise.history",
  version: 1,
  messages: [
    { role: "user", parts: [{ type: "text", text: "Weather in Oslo?" }] },
    {
      role: "assistant",
      parts: [
        { type: "reasoning", text: "call it", payload: { provider: "anthropic", kind: "signature", data: "c2ln" } },
        { type: "tool_call", toolCall: { id: "toolu_1", type: "function", name: "get_weather", arguments: "{\"city\":\"Oslo\"}" } },
      ],
    },
    { role: "tool", parts: [{ type: "tool_result", id: "toolu_1", name: "get_weather", content: [{ type: "text", text: "rain" }], isError: false }] },
    { role: "assistant", parts: [{ type: "text", text: "It rains." }] },
  ],
};

export const validHistoryText = JSON.stringify(validHistory);

/** Every pointer to a string, number or boolean of a value, with the path of keys to it. */
function leaves(value: unknown, pointer = ""): { pointer: string; path: (string | number)[] }[] {
  if (typeof value !== "object" || value === null) return [{ pointer, path: [] }];
  const entries = Array.isArray(value) ? value.map((element, index) => [index, element] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => leaves(child, appendPointer(pointer, key)).map((leaf) => ({ pointer: leaf.pointer, path: [key, ...leaf.path] })));
}

/** The valid history with one typed field set to an object or an array: every field, both ways. */
export function wrongTypeHistories(): { name: string; history: unknown }[] {
  return leaves(validHistory).flatMap(({ pointer, path }) =>
    ([["an object", { x: 1 }], ["an array", [1]]] as const).map(([label, wrong]) => {
      const mutated = structuredClone(validHistory) as unknown as Record<string | number, unknown>;
      let container = mutated;
      for (const key of path.slice(0, -1)) container = container[key] as Record<string | number, unknown>;
      container[path.at(-1)!] = wrong;
      return { name: `${label} at ${pointer}`, history: mutated };
    }));
}

/** Objects nested `depth` levels around an empty object (`depth + 1` levels in all). */
export function nestedObjects(depth: number): string {
  return '{"a":'.repeat(depth) + "{}" + "}".repeat(depth);
}

/** Arrays nested `depth` levels deep (balanced). */
export function nestedArrays(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** A tool result holding a tool result ... `depth` times, around a text part, as JSON text. */
export function nestedToolResults(depth: number): string {
  return '{"type":"tool_result","id":"r","content":['.repeat(depth) + '{"type":"text","text":"x"}' + '],"isError":false}'.repeat(depth);
}

/** A history document around one message given as JSON text. */
export function historyAround(messageText: string): string {
  return `{"format":"partwise.history","version":1,"messages":[${messageText}]}`;
}

/** Names that look up Object.prototype members, break out of paths or terminals, or are merely odd. */
export const hostileNames: readonly string[] = [
  "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "prototype",
  "", " ", "ANTHROPIC", "anthropic ", "anthropic\n", "anthropic\u0000", "open ai", "openai_chat",
  "../../etc/passwd", "😀", "\u001b[2J", "a".repeat(10_000),
];

const directory = temporaryDirectory("hostile");

/** Writes a file in this run's hostile-input directory (removed after the corpus) and returns its path. */
export function hostileFile(name: string, content: string | Uint8Array): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

/** Validates a file and returns the code of its first error, or "accepted" when it has none. */
export async function firstValidationError(path: string): Promise<HostileOutcome> {
  let first: string | undefined;
  await validateFile(path, { onIssue: (issue) => { if (issue.severity === "error") first ??= issue.code; } });
  return first ?? "accepted";
}
