import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as core from "../../generated/validators.js";
import type { StandaloneValidator } from "../../generated/validators.js";
import { emitValidators } from "../../src/codegen/emit-validators.js";
import { readSchemaDirectory } from "../../src/codegen/languages/language-support.js";
import { MAX_NESTING_DEPTH, pointerPastDepth } from "../../src/json/nesting-depth.js";
import { historyArbitrary, invalidHistoryArbitrary, messageArbitrary, partArbitrary } from "../support/arbitraries.js";
import { propertyRuns } from "../support/property-runs.js";
import { schemaDirectory } from "../support/schemas.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

/** Every generated validators module (canonical, each provider's wire, each framework's format) with its validators. */
const generated = new URL("../../generated/", import.meta.url);
const modules: [string, Record<string, StandaloneValidator>][] = [["validators.js", core as unknown as Record<string, StandaloneValidator>]];
for (const folder of ["wire", "formats"]) {
  for (const file of readdirSync(new URL(`${folder}/`, generated)).filter((name) => name.endsWith("-validators.js"))) {
    modules.push([`${folder}/${file}`, (await import(new URL(`${folder}/${file}`, generated).href)) as Record<string, StandaloneValidator>]);
  }
}
const validators = modules.flatMap(([file, exports]) => Object.entries(exports).map(([name, validator]) => ({ name: `${file} ${name}`, model: name.replace(/^validate/, ""), validator })));

/** ajv's verdict, as `accepts` promises it: valid and nested no deeper than the limit. */
function reference(validator: StandaloneValidator, value: unknown): boolean {
  return pointerPastDepth(value, MAX_NESTING_DEPTH) === undefined && validator(value);
}

function expectAgreement(validator: StandaloneValidator, value: unknown, what: string): void {
  expect(validator.accepts, `${what} has accepts`).toBeTypeOf("function");
  expect(validator.accepts?.(value), `${what}: ${JSON.stringify(value)?.slice(0, 300)}`).toBe(reference(validator, value));
}

const schemas = readSchemaDirectory(schemaDirectory);
const examples = [...schemas.values()].flatMap((schema) => (schema.examples as unknown[] | undefined) ?? []);

/** The JSON of every recorded provider response and stream event in test/fixtures: real wire, valid and not, for every wire model. */
function recordedValues(): unknown[] {
  const fixtures = new URL("../fixtures/", import.meta.url);
  const values: unknown[] = [];
  const parsed = (text: string) => {
    try {
      values.push(JSON.parse(text));
    } catch {
      // Blank lines, SSE framing and fixtures broken on purpose.
    }
  };
  for (const file of readdirSync(fixtures, { recursive: true, encoding: "utf8" })) {
    if (file.endsWith(".json")) parsed(readFileSync(new URL(file, fixtures), "utf8"));
    else if (file.endsWith(".chunks.txt") || file.endsWith(".jsonl")) for (const line of readFileSync(new URL(file, fixtures), "utf8").split("\n")) parsed(line);
  }
  return values;
}
const recorded = recordedValues();

/** The value with one node (counted depth-first) replaced, removed, or given an extra member. */
function mutate(value: unknown, target: number, action: "replace" | "remove" | "add", replacement: unknown): unknown {
  let counter = 0;
  const visit = (node: unknown): unknown => {
    const here = counter++;
    if (typeof node !== "object" || node === null) return here === target ? replacement : node;
    if (here === target && action === "replace") return replacement;
    if (Array.isArray(node)) {
      const items = node.map(visit);
      if (here === target) return action === "remove" ? items.slice(1) : [...items, replacement];
      return items;
    }
    const entries = Object.entries(node).map(([key, child]) => [key, visit(child)] as const);
    if (here === target) return Object.fromEntries(action === "remove" ? entries.slice(1) : [...entries, ["extra", replacement]]);
    return Object.fromEntries(entries);
  };
  return visit(value);
}

const mutation = fc.record({
  target: fc.nat({ max: 60 }),
  action: fc.constantFrom("replace" as const, "remove" as const, "add" as const),
  replacement: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("", "text", "tool_call", "unknown", null, 1, -1, 1.5, [], {})),
});

function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? [value] : { inner: value };
  return value;
}

describe("accepts (generated predicates)", () => {
  it("exists on every generated validator", () => {
    expect(validators.length).toBeGreaterThan(100);
    for (const { name, validator } of validators) expect(validator.accepts, name).toBeTypeOf("function");
  });

  it("gives ajv's verdict for every spec example under every validator", () => {
    for (const example of examples) for (const { name, validator } of validators) expectAgreement(validator, example, name);
  });

  it("gives ajv's verdict for every recorded provider document and stream event under every validator", () => {
    expect(recorded.length).toBeGreaterThan(1000);
    const disagreements: string[] = [];
    for (const value of recorded) {
      const withinDepth = pointerPastDepth(value, MAX_NESTING_DEPTH) === undefined;
      for (const { name, validator } of validators) {
        if (validator.accepts?.(value) !== (withinDepth && validator(value))) disagreements.push(`${name}: ${JSON.stringify(value).slice(0, 200)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("gives ajv's verdict on generated histories, messages and parts and on mutated invalid ones", () => {
    fc.assert(
      fc.property(historyArbitrary, messageArbitrary, partArbitrary, invalidHistoryArbitrary, (history, message, part, invalid) => {
        expectAgreement(core.validateHistory, history, "History");
        expectAgreement(core.validateMessage, message, "Message");
        expectAgreement(core.validatePart, part, "Part");
        expectAgreement(core.validateHistory, invalid, "History (mutated)");
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("gives ajv's verdict on spec examples and recorded events with one node mutated", () => {
    const corpus = [...examples, ...recorded.filter((_, index) => index % 7 === 0)];
    fc.assert(
      fc.property(fc.constantFrom(...corpus), mutation, fc.constantFrom(...validators), (value, { target, action, replacement }, { name, validator }) => {
        expectAgreement(validator, mutate(value, target, action, replacement), name);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it("gives ajv's verdict on canonical examples and generated histories with one node mutated, under the canonical validators", () => {
    const canonical = validators.filter(({ name }) => name.startsWith("validators.js"));
    const corpus = fc.oneof(fc.constantFrom(...examples), historyArbitrary, partArbitrary);
    fc.assert(
      fc.property(corpus, mutation, (value, { target, action, replacement }) => {
        const changed = mutate(value, target, action, replacement);
        for (const { name, validator } of canonical) expectAgreement(validator, changed, name);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it("is false for a value nested past the limit and gives ajv's verdict at the limit when the depth is in a free-form field", () => {
    const withMetadata = (metadata: unknown) => ({ role: "user", parts: [], metadata: { deep: metadata } });
    // The message is level 1 and metadata level 2: a value nested in `deep` reaches the limit with MAX - 2 levels.
    expectAgreement(core.validateMessage, withMetadata(nested(MAX_NESTING_DEPTH - 2, 1)), "Message at the limit");
    expect(core.validateMessage.accepts?.(withMetadata(nested(MAX_NESTING_DEPTH - 2, 1)))).toBe(true);
    expect(core.validateMessage.accepts?.(withMetadata(nested(MAX_NESTING_DEPTH - 1, 1)))).toBe(false);
    expect(core.validateMessage(withMetadata(nested(MAX_NESTING_DEPTH - 1, 1)))).toBe(true);
    const futurePart = (inner: unknown) => ({ type: "hologram", frames: inner });
    expect(core.validatePart.accepts?.(futurePart(nested(MAX_NESTING_DEPTH - 1, 1)))).toBe(true);
    expect(core.validatePart.accepts?.(futurePart(nested(MAX_NESTING_DEPTH, 1)))).toBe(false);
    const extraField = { type: "text", text: "t", extra: nested(MAX_NESTING_DEPTH, 1) };
    expect(core.validatePart.accepts?.(extraField)).toBe(false);
    expect(core.validatePart(extraField)).toBe(true);
  });

  it("is false for tool results nested past the limit", () => {
    let part: unknown = { type: "text", text: "innermost" };
    for (let level = 0; level < MAX_NESTING_DEPTH; level++) part = { type: "tool_result", id: `call_${level}`, content: [part], isError: false };
    expect(core.validatePart.accepts?.(part)).toBe(false);
    expect(pointerPastDepth(part, MAX_NESTING_DEPTH)).toBeDefined();
  });
});

/**
 * Schemas whose predicates are written inline (scalar keywords, `\S`'s first-character test, choices among
 * scalars) or on fields already read (an `if` on a field, a discriminator's choice), in shapes the spec may
 * not have yet, each compiled by ajv and by emit-predicates.
 */
const INLINE_SCHEMAS = [
  { $id: "Scalars.json", anyOf: [{ type: "string", minLength: 2, maxLength: 3, pattern: "^[a-c]" }, { type: "number", minimum: 1, maximum: 5 }, { type: "null" }] },
  { $id: "NotBlank.json", type: "string", pattern: "\\S" },
  { $id: "Choice.json", anyOf: [{ type: "string", format: "date-time" }, { type: "integer", minimum: 0 }, { const: null }, { enum: ["x", 2, false] }] },
  {
    $id: "Holder.json",
    type: "object",
    properties: { scalars: { $ref: "Scalars.json" }, choice: { $ref: "Choice.json" }, items: { type: "array", items: { $ref: "Choice.json" } } },
    required: ["choice"],
  },
  {
    $id: "Shape.json",
    type: "object",
    properties: { kind: { type: "string" } },
    required: ["kind"],
    if: { properties: { kind: { enum: ["circle", "square"] } } },
    then: { $ref: "KnownShape.json" },
    else: { properties: { kind: { type: "string", minLength: 1 } } },
  },
  { $id: "KnownShape.json", type: "object", discriminator: { propertyName: "kind" }, oneOf: [{ $ref: "Circle.json" }, { $ref: "Square.json" }] },
  { $id: "Circle.json", type: "object", properties: { kind: { const: "circle" }, radius: { type: "number", minimum: 0 } }, required: ["kind", "radius"] },
  { $id: "Square.json", type: "object", properties: { kind: { enum: ["square"] }, side: { type: "integer", maximum: 10 } }, required: ["kind", "side"] },
].map((schema) => ({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema }));

describe("accepts (predicates written inline)", () => {
  it("gives ajv's verdict on arbitrary values when a schema's checks are written into its caller", async () => {
    const { module } = emitValidators(INLINE_SCHEMAS, { validateScalars: "Scalars", validateNotBlank: "NotBlank", validateChoice: "Choice", validateHolder: "Holder", validateShape: "Shape" });
    const path = join(temporaryDirectory("inline-predicates"), "validators.js");
    writeFileSync(path, module);
    const emitted = (await import(pathToFileURL(path).href)) as Record<string, StandaloneValidator>;
    const scalar = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom("ab", "abc", "b1", "x", "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", " ", "\t\n", "\u00a0", "\u3000x", "\ufeff", "\ud800", " a", "\u007f"), fc.integer({ min: -3, max: 12 }), fc.double(), fc.boolean(), fc.constant(null));
    const value = fc.oneof(
      scalar,
      fc.record({ scalars: scalar, choice: scalar, items: fc.array(scalar, { maxLength: 3 }) }, { requiredKeys: [] }),
      fc.record({ kind: fc.oneof(fc.constantFrom("circle", "square", "triangle", ""), scalar), radius: scalar, side: scalar }, { requiredKeys: [] }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(value, (candidate) => {
        for (const [name, validator] of Object.entries(emitted)) expectAgreement(validator, candidate, name);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});
