import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NewlineDelimitedJsonDecoder } from "../../../src/providers/framing/newline-delimited-json.js";
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

  it("says when the stream ended inside the last line", () => {
    const decoder = new NewlineDelimitedJsonDecoder();
    decoder.push(new TextEncoder().encode('{"done":fal'));
    expect(() => decoder.end()).toThrow("the stream ended inside it");
  });
});
