// Hostile stored histories through parseHistory, serialize and validate: truncations and corruptions of a
// valid document, nesting around MAX_NESTING_DEPTH and far past it, fields named like Object.prototype
// members, wrong types at every field, and JSON strings standing in for documents (issue 22, items 4, 6, 13, 14).
import { expect } from "vitest";
import { MAX_NESTING_DEPTH, parseHistory, parseMessage, serialize } from "../../../src/index.js";
import { type HostileCase, outcomeOf } from "../hostile-case.js";
import { firstValidationError, historyAround, hostileFile, nestedArrays, nestedObjects, nestedToolResults, validHistory, validHistoryText, wrongTypeHistories } from "../hostile-inputs.js";

const cases: HostileCase[] = [];

// Every cut of a valid document is invalid JSON (a proper prefix of an object never closes it).
for (let cut = 0; cut < validHistoryText.length; cut += 9) {
  cases.push({ name: `the valid history cut after ${cut} characters`, expected: "json/syntax", run: () => outcomeOf(() => parseHistory(validHistoryText.slice(0, cut))) });
}

// A raw control character anywhere (inside a string or between tokens) breaks the JSON.
for (let offset = 3; offset < validHistoryText.length; offset += 23) {
  const corrupted = `${validHistoryText.slice(0, offset)}\u0001${validHistoryText.slice(offset + 1)}`;
  cases.push({ name: `the valid history with U+0001 at offset ${offset}`, expected: "json/syntax", run: () => outcomeOf(() => parseHistory(corrupted)) });
}

// The history is level 1, messages 2, a message 3, its metadata 4: metadata of k wrappers reaches level 4 + k.
for (const wrappers of [100, 120, 123, 124, 125, 126, 130, 1_000, 8_000, 100_000]) {
  const text = historyAround(`{"role":"user","parts":[],"metadata":${nestedObjects(wrappers)}}`);
  const expected = 4 + wrappers <= MAX_NESTING_DEPTH ? "accepted" : "json/too-deep";
  cases.push({ name: `metadata nested ${wrappers} objects deep (parseHistory)`, expected, run: () => outcomeOf(() => parseHistory(text)) });
  cases.push({ name: `metadata nested ${wrappers} objects deep (validate)`, expected, run: () => firstValidationError(hostileFile(`metadata-${wrappers}.json`, `${text}\n`)) });
}

// Parts are level 5; each tool result adds its content array and the part inside: t results put the text at 5 + 2t.
for (const results of [30, 60, 61, 62, 63, 64, 100, 1_000, 10_000]) {
  const text = historyAround(`{"role":"tool","parts":[${nestedToolResults(results)}]}`);
  const expected = 5 + 2 * results <= MAX_NESTING_DEPTH ? "accepted" : "json/too-deep";
  cases.push({ name: `tool results nested ${results} deep (parseHistory)`, expected, run: () => outcomeOf(() => parseHistory(text)) });
  // On a JSONL line the message is the root (level 1), so its text sits at 3 + 2t; within the limit, the
  // results answer no call, which validate reports.
  cases.push({
    name: `tool results nested ${results} deep (validate JSONL)`,
    expected: 3 + 2 * results <= MAX_NESTING_DEPTH ? "history/invalid" : "json/too-deep",
    run: () => firstValidationError(hostileFile(`results-${results}.jsonl`, `{"role":"tool","parts":[${nestedToolResults(results)}]}\n`)),
  });
  cases.push({
    name: `tool results nested ${results} deep built in code (serialize)`,
    expected,
    run: () => outcomeOf(() => {
      let part: Record<string, unknown> = { type: "text", text: "x" };
      for (let level = 0; level < results; level++) part = { type: "tool_result", id: "r", content: [part], isError: false };
      return serialize({ format: "partwise.history", version: 1, messages: [{ role: "tool", parts: [part] }] } as never);
    }),
  });
}

// A bare message array nesting arrays: the array is itself a history, so its depth counts from it.
for (const depth of [127, 128, 129, 50_000]) {
  cases.push({
    name: `a message array nesting ${depth} arrays`,
    expected: depth <= MAX_NESTING_DEPTH ? "schema/invalid" : "json/too-deep",
    run: () => outcomeOf(() => parseHistory(nestedArrays(depth))),
  });
}
cases.push({ name: "a million unclosed brackets", expected: "json/syntax", run: () => outcomeOf(() => parseHistory("[".repeat(1_000_000))) });

// Fields named like Object.prototype members are fields like any other: kept by parse and serialize (the
// inputs are in the writer's canonical form, `attributes` included, so they are written back unchanged).
for (const field of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
  for (const [where, build] of [
    ["a part", (value: string) => `{"role":"user","parts":[{"type":"text","text":"t","attributes":{},"${field}":${value}}]}`],
    ["a message", (value: string) => `{"role":"user","parts":[],"${field}":${value}}`],
    ["metadata", (value: string) => `{"role":"user","parts":[],"metadata":{"${field}":${value}}}`],
    ["a tool call", (value: string) => `{"role":"assistant","parts":[{"type":"tool_call","toolCall":{"id":"c","type":"function","name":"f","arguments":"{}","${field}":${value}},"attributes":{}}]}`],
  ] as const) {
    for (const value of ['{"polluted":true}', '"text"', "null"]) {
      const text = build(value);
      cases.push({
        name: `a field named ${field} in ${where} holding ${value}`,
        expected: "accepted",
        run: () => outcomeOf(() => parseMessage(text)),
        verify: async () => {
          expect(serialize(parseMessage(text))).toBe(text);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      });
    }
  }
}

// Every typed field of the valid history set to a value of the wrong type.
for (const { name, history } of wrongTypeHistories()) {
  cases.push({ name, expected: "schema/invalid", run: () => outcomeOf(() => parseHistory(history)) });
}

// JSON text of a document inside a string is not the document.
cases.push({ name: "a history document that is a JSON string holding a history", expected: "schema/invalid", run: () => firstValidationError(hostileFile("string-history.json", `${JSON.stringify(validHistoryText)}\n\n`)) });
cases.push({ name: "a JSONL line that is a JSON string holding a message", expected: "schema/invalid", run: () => firstValidationError(hostileFile("string-line.jsonl", `${JSON.stringify(JSON.stringify(validHistory.messages[0]))}\n`)) });

export { cases };
