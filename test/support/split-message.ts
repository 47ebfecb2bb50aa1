// Splits a message into the part chunks a streaming decoder could emit: every text, summary and
// tool-call arguments cut into random fragments (empty ones included), the payload as its own delta
// before, inside or after them, whole chunks for the other parts, and a final `done` chunk.
import fc from "fast-check";
import type { Message, Part, StreamChunk } from "../../generated/types.js";

/** Random decisions for one split: where to cut, where the payload goes, index offset, empty deltas. */
export interface SplitPlan {
  readonly cuts: readonly number[];
  readonly payloadSlots: readonly number[];
  readonly emptyDeltas: readonly number[];
  readonly indexOffset: number;
}

export const splitPlanArbitrary: fc.Arbitrary<SplitPlan> = fc.record({
  cuts: fc.array(fc.nat(), { maxLength: 40 }),
  payloadSlots: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
  emptyDeltas: fc.array(fc.nat(), { maxLength: 6 }),
  indexOffset: fc.nat({ max: 3 }),
});

function fragments(text: string, cuts: readonly number[], pick: () => number): string[] {
  if (text.length === 0) return [""];
  const positions = [...new Set(cuts.slice(0, 1 + (pick() % 6)).map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const position of [...positions, text.length]) {
    pieces.push(text.slice(from, position));
    from = position;
  }
  return pieces;
}

function deltasOf(part: Part, plan: SplitPlan, pick: () => number): { partial: boolean; part: Part }[] {
  const { payload, attributes } = part;
  const head = (fields: Record<string, unknown>): Part => {
    const first: Record<string, unknown> = { type: part.type, ...fields };
    if (attributes !== undefined) first.attributes = attributes;
    if (payload === null) first.payload = null;
    return first as unknown as Part;
  };
  let deltas: Part[];
  switch (part.type) {
    case "text":
      deltas = fragments(part.text, plan.cuts, pick).map((text, position) => (position === 0 ? head({ text }) : { type: "text", text }));
      break;
    case "reasoning": {
      const texts = part.text === undefined || part.text === null ? [] : fragments(part.text, plan.cuts, pick);
      const summaries = part.summary === undefined || part.summary === null ? [] : fragments(part.summary, [...plan.cuts].reverse(), pick);
      const first: Record<string, unknown> = {};
      if (part.text === null) first.text = null;
      if (part.summary === null) first.summary = null;
      deltas = [head(first)];
      // Interleave the text and summary fragments.
      while (texts.length > 0 || summaries.length > 0) {
        const takeText = texts.length > 0 && (summaries.length === 0 || pick() % 2 === 0);
        deltas.push(takeText ? { type: "reasoning", text: texts.shift() as string } : { type: "reasoning", summary: summaries.shift() as string });
      }
      break;
    }
    case "tool_call":
      deltas = fragments(part.toolCall.arguments, plan.cuts, pick).map((argumentsText, position) =>
        position === 0
          ? head({ toolCall: { ...part.toolCall, arguments: argumentsText } })
          : { type: "tool_call", toolCall: { id: "", type: "function", name: pick() % 2 ? "" : part.toolCall.name, arguments: argumentsText } });
      break;
    default:
      return [{ partial: false, part }];
  }
  for (const at of plan.emptyDeltas) {
    const empty = part.type === "text" ? { type: "text", text: "" } : part.type === "reasoning" ? { type: "reasoning" } : { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: "" } };
    deltas.splice(1 + (at % deltas.length), 0, empty as Part);
  }
  if (payload) {
    const carrier = { ...(part.type === "text" ? { type: "text", text: "" } : part.type === "reasoning" ? { type: "reasoning" } : { type: "tool_call", toolCall: { id: "", type: "function", name: "", arguments: "" } }), payload } as Part;
    // The payload travels alone (before, between or after the fragments) or on one of the fragments.
    const slot = pick() % (deltas.length * 2 + 1);
    if (slot <= deltas.length) deltas.splice(slot, 0, carrier);
    else deltas[slot - deltas.length - 1] = { ...deltas[slot - deltas.length - 1], payload } as Part;
  }
  return deltas.map((delta) => ({ partial: true, part: delta }));
}

/** The chunks of one response carrying `message`, in wire order, ending with `done`. */
export function splitMessage(message: Message, plan: SplitPlan, responseId?: string): StreamChunk[] {
  let counter = 0;
  const pick = () => plan.payloadSlots[counter++ % plan.payloadSlots.length]! + counter;
  const chunks: StreamChunk[] = [];
  message.parts.forEach((part, position) => {
    const index = plan.indexOffset + position * (1 + (plan.indexOffset % 2));
    for (const delta of deltasOf(part, plan, pick)) {
      chunks.push({ ...(responseId === undefined ? {} : { responseId }), index, ...delta });
    }
  });
  chunks.push({ ...(responseId === undefined ? {} : { responseId }), response: { model: "test-model" }, done: true });
  return chunks;
}

/** Interleaves several chunk sequences, keeping each one's order, as a wire carrying several responses could. */
export function interleave<T>(sequences: readonly (readonly T[])[], picks: readonly number[]): T[] {
  const queues = sequences.map((sequence) => [...sequence]);
  const result: T[] = [];
  for (let step = 0; queues.some((queue) => queue.length > 0); step++) {
    const open = queues.filter((queue) => queue.length > 0);
    const queue = open[(picks[step % Math.max(1, picks.length)] ?? 0) % open.length]!;
    result.push(queue.shift()!);
  }
  return result;
}
