// Random partwise histories written as Pydantic AI JSON and read back: every part and field Pydantic AI
// can hold comes back equal, and every one that does not is named by a warning pointer. Compared part by
// part in order with the documented normalizations (docs/convert-pydantic-ai.md): consecutive request
// messages share one ModelRequest, a request part's role follows its kind, empty reasoning text reads as
// none, and a response part with a payload reads back naming the payload's provider.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { History, Message, Part, Role } from "../../../generated/types.js";
import { fromPydanticAiMessages } from "../../../src/interop/pydantic-ai/read-pydantic-ai.js";
import { toPydanticAiMessages } from "../../../src/interop/pydantic-ai/write-pydantic-ai.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";

type Loose = Record<string, unknown>;

/** The role a part reads back in: a response keeps `assistant`; in a request, tool results are `tool`, system texts `system`, the rest `user`. */
function roleAfter(role: Role, part: Part): Role {
  if (role === "assistant") return role;
  if (part.type === "tool_result") return "tool";
  return role === "system" ? "system" : "user";
}

/** Warning pointers below `pointer`, relative and split into segments. */
function below(lost: readonly string[], pointer: string): string[][] {
  return lost.filter((each) => each.startsWith(`${pointer}/`)).map((each) => each.slice(pointer.length + 1).split("/"));
}

function deletePath(value: Loose, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    delete value[head];
    return;
  }
  const inner = value[head];
  if (typeof inner === "object" && inner !== null) deletePath(inner as Loose, rest);
}

/** JSON without nulls, empty attributes, and empty or null reasoning text and summary. */
function normalized(part: Loose): Loose {
  const copy = JSON.parse(JSON.stringify(part, (_key, value: unknown) => (value === null ? undefined : value))) as Loose;
  if (copy.type === "reasoning") {
    if (copy.text === "") delete copy.text;
    if (copy.summary === "") delete copy.summary;
  }
  if (copy.attributes !== undefined && Object.keys(copy.attributes as Loose).length === 0) delete copy.attributes;
  if (Array.isArray(copy.content)) copy.content = (copy.content as Loose[]).map(normalized);
  return copy;
}

/**
 * The expected and actual part with every reported piece masked on both sides: a reported field is
 * deleted from both, a reported tool-result content item is dropped from the expected one (it is absent
 * from the actual one).
 */
function masked(expected: Part, actual: Part, lost: readonly string[], pointer: string): [Loose, Loose] {
  const left = structuredClone(expected) as unknown as Loose;
  const right = structuredClone(actual) as unknown as Loose;
  const paths = below(lost, pointer);
  const droppedItems = new Set(paths.filter((path) => path.length === 2 && path[0] === "content").map((path) => Number(path[1])));
  for (const path of paths) {
    if (path[0] === "content") continue;
    deletePath(left, path);
    deletePath(right, path);
  }
  if (expected.type === "tool_result" && actual.type === "tool_result") {
    const kept = expected.content.map((inner, index) => ({ inner, index })).filter(({ index }) => !droppedItems.has(index));
    const pairs = kept.map(({ inner, index }, position) => masked(inner, actual.content[position] ?? inner, lost, `${pointer}/content/${index}`));
    left.content = pairs.map(([inner]) => inner);
    right.content = pairs.map(([, inner]) => inner);
    expect(actual.content).toHaveLength(kept.length);
  }
  return [normalized(left), normalized(right)];
}

/** A response part with a payload and no producer reads back naming the payload's provider (Pydantic AI needs `provider_name` beside a signature). */
function withProducer(part: Part, role: Role, lost: readonly string[], pointer: string): Part {
  const payloadKept = part.payload != null && !lost.includes(`${pointer}/payload`);
  if (role !== "assistant" || !payloadKept || part.attributes?.provider !== undefined) return part;
  return { ...part, attributes: { ...(part.attributes ?? {}), provider: part.payload!.provider } };
}

/**
 * False when an assistant message holds consecutive OpenAI reasoning parts of one item id: Pydantic AI
 * keeps an item as one ThinkingPart per summary, so they read back joined (a documented normalization).
 */
function itemsDistinct(history: History): boolean {
  return history.messages.every((message) => message.role !== "assistant" || message.parts.every((part, index) => {
    const next = message.parts[index + 1];
    return part.type !== "reasoning" || next?.type !== "reasoning" || part.attributes?.itemId === undefined || part.attributes.itemId !== next.attributes?.itemId;
  }));
}

describe("toPydanticAiMessages", () => {
  it("gives back every piece Pydantic AI can hold and reports every other one when random histories go there and back", () => {
    fc.assert(
      fc.property(historyArbitrary.filter(itemsDistinct), (history) => {
        const written = toPydanticAiMessages(history);
        const read = fromPydanticAiMessages(JSON.parse(JSON.stringify(written.messages)));
        expect(read.warnings).toEqual([]);
        const lost = written.warnings.map((warning) => warning.pointer ?? "");
        expect(written.warnings.every((warning) => warning.code === "convert/part-lost")).toBe(true);
        const expected = history.messages.flatMap((message, messageIndex) => message.parts.map((part, partIndex) => ({ message, part, pointer: `/messages/${messageIndex}/parts/${partIndex}` })))
          .filter(({ pointer }) => !lost.includes(pointer));
        const actual = read.messages.flatMap((message: Message) => message.parts.map((part) => ({ role: message.role, part })));
        expect(actual.map(({ role }) => role)).toEqual(expected.map(({ message, part }) => roleAfter(message.role, part)));
        expected.forEach(({ message, part, pointer }, index) => {
          const [left, right] = masked(withProducer(part, message.role, lost, pointer), actual[index]!.part, lost, pointer);
          expect(right).toEqual(left);
        });
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
