import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonLinesBeforeFailure, NewlineDelimitedJsonDecoder } from "../../../src/providers/framing/newline-delimited-json.js";
import { thrownPartwiseError } from "../../support/partwise-failure.js";
import { propertyRuns } from "../../support/property-runs.js";
import { cutsArbitrary, rechunk } from "../../support/rechunk.js";

describe("NewlineDelimitedJsonDecoder", () => {
  it("decodes the same values from any chunking, with or without a final newline", () => {
    fc.assert(
      fc.property(fc.array(fc.json(), { minLength: 1, maxLength: 8 }), cutsArbitrary, fc.boolean(), (lines, cuts, finalNewline) => {
        const bytes = new TextEncoder().encode(lines.join("\n") + (finalNewline ? "\n" : ""));
        const decoder = new NewlineDelimitedJsonDecoder();
        const values = [...rechunk(bytes, cuts).flatMap((chunk) => decoder.push(chunk)), ...decoder.end()].map((line) => line.value);
        expect(values).toEqual(lines.map((line) => JSON.parse(line)));
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("names the line and byte position of a line that is not JSON", () => {
    const decoder = new NewlineDelimitedJsonDecoder("ollama");
    expect(() => decoder.push(new TextEncoder().encode('{"a":1}\n\n{"b":\n'))).toThrow(
      expect.objectContaining({ code: "provider/invalid-wire", provider: "ollama", line: 3, position: 9 }),
    );
  });

  it("keeps the lines a chunk ended before a line that is not JSON with the error", () => {
    const error = thrownPartwiseError(() => new NewlineDelimitedJsonDecoder("ollama").push(new TextEncoder().encode('{"a":1}\n{"b":2}\n{"c":\n{"d":4}\n')));
    expect(error).toMatchObject({ code: "provider/invalid-wire", line: 3, position: 16 });
    expect(jsonLinesBeforeFailure.of(error)).toEqual([{ value: { a: 1 }, line: 1, position: 0 }, { value: { b: 2 }, line: 2, position: 8 }]);
  });

  it("keeps the lines a chunk ended before a line over the limit with the error", () => {
    const error = thrownPartwiseError(() => new NewlineDelimitedJsonDecoder("ollama", { maxLineBytes: 10 }).push(new TextEncoder().encode('{"a":1}\n{"b":"too long"}\n')));
    expect(error).toMatchObject({ code: "stream/event-too-large", line: 2 });
    expect(jsonLinesBeforeFailure.of(error)).toEqual([{ value: { a: 1 }, line: 1, position: 0 }]);
  });

  it("keeps the lines a chunk ended before invalid UTF-8 with the error, which names the line of the bad byte", () => {
    const chunk = new Uint8Array([...new TextEncoder().encode('{"a":1}\n{"b":"'), 0xff, ...new TextEncoder().encode('"}\n')]);
    const error = thrownPartwiseError(() => new NewlineDelimitedJsonDecoder("ollama").push(chunk));
    expect(error).toMatchObject({ code: "provider/invalid-wire", line: 2, position: 8, message: "the stream is not valid UTF-8 at line 2" });
    expect(jsonLinesBeforeFailure.of(error)).toEqual([{ value: { a: 1 }, line: 1, position: 0 }]);
  });

  it("says when the stream ended inside the last line", () => {
    const decoder = new NewlineDelimitedJsonDecoder();
    decoder.push(new TextEncoder().encode('{"done":fal'));
    expect(() => decoder.end()).toThrow("the stream ended inside it");
  });
});
