// The shared SSE wire reader: a chunk with good events and then a `data:` that is not JSON raises the
// located error with the events before it kept, so decodeStream decodes them first.
import { describe, expect, it } from "vitest";
import { serverSentEventReader, wireEventsBeforeFailure } from "../../src/providers/wire-readers.js";
import { thrownPartwiseError } from "../support/partwise-failure.js";

describe("serverSentEventReader", () => {
  it("keeps the events a chunk completed before a data payload that is not JSON with the error", () => {
    const reader = serverSentEventReader("openai.chat", { passThrough: ["[DONE]"], ignore: ["[PING]"] });
    const chunk = new TextEncoder().encode('data: {"a":1}\n\ndata: [PING]\n\nevent: delta\ndata: {"b":2}\n\ndata: {"c":\n\ndata: {"d":4}\n\n');
    const error = thrownPartwiseError(() => reader.push(chunk));
    expect(error).toMatchObject({ code: "provider/invalid-wire", provider: "openai.chat", position: 57 });
    expect(wireEventsBeforeFailure.of(error)).toEqual([{ data: { a: 1 }, position: 0 }, { name: "delta", data: { b: 2 }, position: 29 }]);
  });

  it("keeps nothing with an error when the chunk completed no event before it", () => {
    const error = thrownPartwiseError(() => serverSentEventReader("mistral").push(new TextEncoder().encode("data: {\n\n")));
    expect(wireEventsBeforeFailure.of(error)).toEqual([]);
  });
});
