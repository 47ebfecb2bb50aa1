import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as standalone from "../../generated/validators.js";
import { createAjv, VALIDATOR_ENTRY_POINTS } from "../../src/codegen/emit-validators.js";
import { readSchemaDirectory } from "../../src/codegen/languages/language-support.js";
import { historyArbitrary, invalidHistoryArbitrary, messageArbitrary, partArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";
import { schemaDirectory, wireModelNames } from "../support/schemas.js";

const schemas = readSchemaDirectory(schemaDirectory);
const wire = wireModelNames();
const plain = createAjv([...schemas].filter(([name]) => !wire.has(name)).map(([, schema]) => schema), { standalone: false });

function plainValidator(model: string) {
  const validator = plain.getSchema(`${model}.json`);
  if (!validator) throw new Error(`no schema ${model}.json`);
  return validator;
}

describe("generated standalone validators", () => {
  it("agree with a plain ajv instance on every example in the spec", () => {
    let checked = 0;
    for (const [name, schema] of schemas) {
      if (wire.has(name)) continue;
      for (const example of (schema.examples as unknown[] | undefined) ?? []) {
        const plainValid = plainValidator(name)(example);
        expect(plainValid, `${name} example ${JSON.stringify(example)}`).toBe(true);
        const entry = Object.entries(VALIDATOR_ENTRY_POINTS).find(([, model]) => model === name);
        if (entry) expect(standalone[entry[0] as keyof typeof VALIDATOR_ENTRY_POINTS](example)).toBe(true);
        // Every part example is also a valid Part, every event example a valid SessionEvent.
        if (name.endsWith("Part")) expect(standalone.validatePart(example)).toBe(true);
        if (name.endsWith("Event")) expect(standalone.validateSessionEvent(example)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it("accept every generated valid history, message and part, as plain ajv does", () => {
    fc.assert(
      fc.property(historyArbitrary, messageArbitrary, partArbitrary, (history, message, part) => {
        expect(standalone.validateHistory(history)).toBe(true);
        expect(plainValidator("History")(history)).toBe(true);
        expect(standalone.validateMessage(message)).toBe(plainValidator("Message")(message));
        expect(standalone.validatePart(part)).toBe(true);
        expect(plainValidator("Part")(part)).toBe(true);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("reject every mutated invalid history at the same place as plain ajv", () => {
    fc.assert(
      fc.property(invalidHistoryArbitrary, (history) => {
        const plainHistory = plainValidator("History");
        expect(standalone.validateHistory(history)).toBe(false);
        expect(plainHistory(history)).toBe(false);
        expect(standalone.validateHistory.errors?.[0]?.instancePath).toBe(plainHistory.errors?.[0]?.instancePath);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("accepts a part of a later format version and rejects a known tag with missing fields", () => {
    expect(standalone.validatePart({ type: "hologram", frames: [1, 2] })).toBe(true);
    expect(standalone.validatePart({ type: "tool_call" })).toBe(false);
    expect(standalone.validatePart.errors?.[0]).toMatchObject({ keyword: "required", params: { missingProperty: "toolCall" } });
  });

  it("checks formats such as the event timestamp", () => {
    const event = { id: "e", sessionId: "s", timestamp: "yesterday", type: "ACME.NOTE", payload: {} };
    expect(standalone.validateSessionEvent(event)).toBe(false);
    expect(standalone.validateSessionEvent.errors?.[0]).toMatchObject({ keyword: "format", instancePath: "/timestamp" });
  });
});
