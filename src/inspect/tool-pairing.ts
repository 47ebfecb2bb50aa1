// Which tool result answers which tool call across a session log, by part id, paired first come first
// served per call id (per tool name for calls without one) like the compaction's turn rule (turns.ts).
// Pairs grow as events are appended, so a live page can link a call it showed earlier to its result.
import type { SessionEvent } from "../../generated/types.js";
import { isMessageEvent } from "../session/event-kinds.js";
import { callKey, forEachToolPart } from "../session/turns.js";

/** The id of a part in the page: its event's seq, then its index at each level of tool-result content. */
export function partId(seq: number, path: readonly number[]): string {
  return `p${seq}-${path.join("-")}`;
}

/** A call and the result that answers it. */
export interface ToolPair {
  readonly callId: string;
  /** The seq of the event holding the call. */
  readonly callSeq: number;
  readonly resultId: string;
}

/** The tool calls and results of a log, paired. */
export class ToolPairing {
  /** Per call key, the calls still waiting for a result, oldest first. */
  readonly #waiting = new Map<string, { id: string; seq: number }[]>();
  readonly #resultOfCall = new Map<string, string>();
  readonly #callOfResult = new Map<string, string>();

  /** Pairs the tool parts of an event that follows those already added; returns the pairs it completes. */
  add(event: SessionEvent): ToolPair[] {
    const pairs: ToolPair[] = [];
    if (!isMessageEvent(event)) return pairs;
    const seq = event.seq ?? 0;
    forEachToolPart(event.message.parts, (part, path) => {
      const id = partId(seq, path);
      if (part.type === "tool_call") {
        const key = callKey(part.toolCall.id, part.toolCall.name);
        const waiting = this.#waiting.get(key);
        if (waiting) waiting.push({ id, seq });
        else this.#waiting.set(key, [{ id, seq }]);
      } else if (part.type === "tool_result") {
        const key = callKey(part.id ?? "", part.name ?? "");
        const waiting = this.#waiting.get(key);
        const call = waiting?.shift();
        if (waiting?.length === 0) this.#waiting.delete(key);
        if (call === undefined) return;
        this.#resultOfCall.set(call.id, id);
        this.#callOfResult.set(id, call.id);
        pairs.push({ callId: call.id, callSeq: call.seq, resultId: id });
      }
    });
    return pairs;
  }

  /** The id of the result that answers a call, if any has yet. */
  resultOf(callId: string): string | undefined {
    return this.#resultOfCall.get(callId);
  }

  /** The id of the call a result answers, if any. */
  callOf(resultId: string): string | undefined {
    return this.#callOfResult.get(resultId);
  }
}
