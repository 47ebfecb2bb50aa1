// Small builders for session tests: messages of a tool loop, a controllable clock, and the error a
// promise rejects with.
import type { Message } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import {
  message,
  opaquePayload,
  reasoningPart,
  textPart,
  toolCallPart,
  toolResultPart,
  unknownPart,
} from "../../src/parts/constructors.js";

export const system = (text: string): Message => message("system", [textPart(text)]);
export const user = (text: string): Message => message("user", [textPart(text)]);
export const assistant = (text: string): Message => message("assistant", [textPart(text)]);

/** An assistant message with signed reasoning and the tool call it led to. */
export const toolCall = (id: string, name = "get_weather"): Message => message("assistant", [
  reasoningPart({ text: `call ${name}`, payload: opaquePayload("anthropic", "signature", `sig-${id}`) }),
  toolCallPart({ id, name, arguments: '{"city":"Oslo"}' }),
]);

export const toolResult = (id: string, name = "get_weather"): Message =>
  message("tool", [toolResultPart({ id, name, content: "rain, 7 °C" })]);

/** An assistant message holding only redacted reasoning: not empty, it must be kept and replayed. */
export const reasoningOnly = (): Message =>
  message("assistant", [reasoningPart({ text: null, payload: opaquePayload("anthropic", "redacted_thinking", "EmwKAhgB") })]);

/** An assistant message holding only a block partwise has no part for. */
export const unknownOnly = (): Message =>
  message("assistant", [unknownPart({ provider: "anthropic", kind: "server_tool_use", rawJson: '{"type":"server_tool_use","id":"srv_1"}' })]);

/** A clock that stands still until moved. */
export function manualClock(start = "2026-11-30T10:00:00.000Z") {
  let now = Date.parse(start);
  return {
    clock: () => new Date(now),
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}

/** The PartwiseError a promise (or function) fails with; fails the test when it does not fail. */
export async function failure(action: Promise<unknown> | (() => unknown)): Promise<PartwiseError> {
  try {
    await (typeof action === "function" ? action() : action);
  } catch (error) {
    if (PartwiseError.isPartwiseError(error)) return error;
    throw error;
  }
  throw new Error("expected a PartwiseError, but the action succeeded");
}
