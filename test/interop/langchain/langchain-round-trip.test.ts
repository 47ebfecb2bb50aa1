// Random partwise histories through LangChain and back (stored JSON, message instances, and
// @langchain/core's own stored-message mapping): every part LangChain can hold comes back equal and
// every other piece is reported, with a pointer at exactly what differs.
import { mapChatMessagesToStoredMessages, mapStoredMessagesToChatMessages, type StoredMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ErrorObject, History, Message, Part } from "../../../generated/types.js";
import { fromLangChainMessages, fromStoredMessages, toLangChainMessages, toStoredMessages } from "../../../src/exports/langchain.js";
import { jsonEqual, partsEqual } from "../../../src/parts/equality.js";
import { historyArbitrary } from "../../support/arbitraries.js";
import { propertyRuns } from "../../support/property-runs.js";

interface ExpectedPart {
  readonly part: Part;
  readonly pointer: string;
}

interface ExpectedMessage {
  readonly role: Message["role"];
  readonly parts: ExpectedPart[];
  readonly metadata: Message["metadata"];
}

function lostPointers(warnings: readonly ErrorObject[]): string[] {
  return warnings.filter((warning) => warning.code === "convert/part-lost").map((warning) => warning.pointer ?? "");
}

const under = (pointers: readonly string[], pointer: string) => pointers.some((each) => each === pointer || each.startsWith(`${pointer}/`));

/**
 * Checks a round trip: the messages LangChain can hold (tool messages joined the way ToolMessages read back)
 * come back in order; a part is equal exactly when no part-lost warning points into it; a part or message
 * left out has a warning at its own pointer; and no warning points at anything that came back equal.
 */
function expectRoundTrip(history: History, lost: readonly string[], back: readonly Message[]): void {
  const expected: ExpectedMessage[] = [];
  const explained = new Set<string>();
  history.messages.forEach((message, index) => {
    const pointer = `/messages/${index}`;
    const parts = message.parts.map((part, partIndex) => ({ part, pointer: `${pointer}/parts/${partIndex}` }))
      .filter((entry) => {
        if (!lost.includes(entry.pointer)) return true;
        explained.add(entry.pointer);
        return false;
      });
    if (message.role === "tool" && parts.length === 0) {
      expect(lost).toContain(pointer);
      explained.add(pointer);
      return;
    }
    const previous = expected.at(-1);
    if (message.role === "tool" && previous?.role === "tool" && history.messages[index - 1]?.role === "tool") {
      expect(lost).toContain(pointer);
      explained.add(pointer).add(`${pointer}/metadata`);
      previous.parts.push(...parts);
      return;
    }
    expected.push({ role: message.role, parts, metadata: message.metadata });
  });
  expect(back.map((message) => message.role)).toEqual(expected.map((message) => message.role));
  expected.forEach((message, index) => {
    const read = back[index]!;
    const metadata = message.metadata !== undefined && Object.keys(message.metadata).length > 0 ? message.metadata : undefined;
    expect(jsonEqual(read.metadata, metadata)).toBe(true);
    expect(read.parts).toHaveLength(message.parts.length);
    message.parts.forEach(({ part, pointer }, partIndex) => {
      const equal = partsEqual(part, read.parts[partIndex]!);
      const reported = under(lost, pointer);
      expect({ pointer, part, read: read.parts[partIndex], equal }).toEqual({ pointer, part, read: read.parts[partIndex], equal: !reported });
      if (reported) lost.filter((each) => each.startsWith(`${pointer}/`)).forEach((each) => explained.add(each));
    });
  });
  expect(lost.filter((pointer) => !explained.has(pointer))).toEqual([]);
}

describe("toStoredMessages", () => {
  it("keeps every part LangChain can hold and reports every other piece when random histories go through the stored JSON and back", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const written = toStoredMessages(history);
        const read = fromStoredMessages(JSON.parse(JSON.stringify(written.messages)));
        expect(lostPointers(read.warnings)).toEqual([]);
        expectRoundTrip(history, lostPointers(written.warnings), read.messages);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("gives JSON that @langchain/core's mapStoredMessagesToChatMessages reads into the messages toLangChainMessages builds", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const stored = JSON.parse(JSON.stringify(toStoredMessages(history).messages)) as StoredMessage[];
        const fromCore = fromLangChainMessages(mapStoredMessagesToChatMessages(stored));
        const fromInstances = fromLangChainMessages(toLangChainMessages(history).messages);
        expect(fromCore).toEqual(fromInstances);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});

describe("toLangChainMessages", () => {
  it("keeps every part LangChain can hold and reports every other piece when random histories go through message instances and back", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const written = toLangChainMessages(history);
        const read = fromLangChainMessages(written.messages);
        expect(lostPointers(read.warnings)).toEqual([]);
        expectRoundTrip(history, lostPointers(written.warnings), read.messages);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe("fromStoredMessages", () => {
  it("reads what @langchain/core's mapChatMessagesToStoredMessages writes when random histories are converted to instances first", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        // LangChain's serializer (toDict) wraps any object with an `lc` key as {"__lc_escaped__": …}, which its
        // stored-message reader keeps, and rebuilds objects by assignment, losing a member named __proto__.
        const text = JSON.stringify(history);
        fc.pre(!text.includes('"lc"') && !text.includes('"__proto__"'));
        const written = toLangChainMessages(history);
        const stored = JSON.parse(JSON.stringify(mapChatMessagesToStoredMessages(written.messages))) as unknown;
        const read = fromStoredMessages(stored);
        expect(lostPointers(read.warnings)).toEqual([]);
        expectRoundTrip(history, lostPointers(written.warnings), read.messages);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
