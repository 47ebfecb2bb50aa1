// The TypeScript implementation over the stored-history conformance vectors (format in README.md):
// parseHistory and serialize round-trip the well-formed ones, validateFile reports exactly the expected
// problems, and a stock JSON Schema validator given the published bundle agrees on what is valid.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../generated/types.js";
import { PartwiseError } from "../../src/errors/partwise-error.js";
import { parseHistory } from "../../src/parts/parse.js";
import { serialize } from "../../src/parts/serialize.js";
import { validateFile } from "../../src/validation/validate-file.js";
import { schemaDirectory } from "../support/schemas.js";
import { temporaryDirectory } from "../support/temporary-directory.js";

interface Problem {
  readonly code: ErrorCode;
  readonly pointer: string;
}

interface HistoryVector {
  readonly description: string;
  readonly check?: "structure" | "schema" | "replay";
  readonly errors?: readonly Problem[];
  readonly warnings?: readonly Problem[];
  readonly document: unknown;
}

const directory = new URL("./histories/", import.meta.url);

function vectors(group: "valid" | "invalid"): [string, HistoryVector][] {
  return readdirSync(new URL(`${group}/`, directory)).sort().map((file) => [file, JSON.parse(readFileSync(new URL(`${group}/${file}`, directory), "utf8"))]);
}

const valid = vectors("valid");
const invalid = vectors("invalid");
const scratch = temporaryDirectory("history-vectors");

/** What `partwise validate` reports for a document: its errors and warnings as code and pointer. */
async function validateDocument(name: string, document: unknown): Promise<{ errors: Problem[]; warnings: Problem[] }> {
  const path = join(scratch, name);
  writeFileSync(path, JSON.stringify(document, null, 2));
  const found = { errors: [] as Problem[], warnings: [] as Problem[] };
  await validateFile(path, {
    onIssue: (issue) => (issue.severity === "error" ? found.errors : found.warnings).push({ code: issue.code, pointer: issue.pointer ?? "" }),
  });
  return found;
}

function parseError(document: unknown): PartwiseError | undefined {
  try {
    parseHistory(document);
    return undefined;
  } catch (error) {
    if (PartwiseError.isPartwiseError(error)) return error;
    throw error;
  }
}

describe("the history vector files", () => {
  it("describe each vector, and say who must reject an invalid one and what validate reports", () => {
    for (const [, vector] of [...valid, ...invalid]) expect(vector.description).toMatch(/\S/);
    for (const [, vector] of invalid) {
      expect(["structure", "schema", "replay"]).toContain(vector.check);
      expect(vector.errors?.length).toBeGreaterThan(0);
    }
    expect(invalid.map(([name]) => name)).toContain("tool-call-without-tool-call.json");
  });
});

const KNOWN_PART_TYPES = new Set(["text", "reasoning", "tool_call", "tool_result", "media", "unknown"]);

/**
 * The document as partwise writes it back (README rule 1): every part of a known type with its
 * `attributes`, `{}` where it had none, since Spring AI's records reject a part without them.
 */
function withAttributes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withAttributes);
  if (typeof value !== "object" || value === null) return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === "parts" || key === "content" || key === "messages" ? withAttributes(inner) : inner]));
  return KNOWN_PART_TYPES.has(object.type as string) && !("attributes" in object) ? { ...object, attributes: {} } : object;
}

describe("parseHistory and serialize", () => {
  it.each(valid)("write %s back JSON-equal to what they read, attributes written on every part", (_name, vector) => {
    expect(JSON.parse(serialize(parseHistory(vector.document)))).toEqual(withAttributes(vector.document));
  });

  it.each(invalid.filter(([, vector]) => vector.check !== "replay"))("reject %s with schema/invalid at the expected pointer", (_name, vector) => {
    expect(parseError(vector.document)).toMatchObject(vector.errors![0]!);
  });

  it.each(invalid.filter(([, vector]) => vector.check === "replay"))("read and write back %s, which only breaks replay", (_name, vector) => {
    expect(JSON.parse(serialize(parseHistory(vector.document)))).toEqual(withAttributes(vector.document));
  });
});

describe("validateFile", () => {
  it.each(valid)("reports no error in %s, and the expected warnings", async (name, vector) => {
    expect(await validateDocument(name, vector.document)).toEqual({ errors: [], warnings: vector.warnings ?? [] });
  });

  it.each(invalid)("reports exactly the expected errors in %s", async (name, vector) => {
    expect((await validateDocument(name, vector.document)).errors).toEqual(vector.errors);
  });
});

describe("Ajv2020 with the published bundle partwise.schema.json", () => {
  // A stock validator: no partwise code, non-strict so the extension keywords (discriminator, x-...) pass.
  const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(join(schemaDirectory, "partwise.schema.json"), "utf8")));

  it.each([...valid, ...invalid.filter(([, vector]) => vector.check === "replay")])("accepts %s", (_name, vector) => {
    expect(validate(vector.document), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(invalid.filter(([, vector]) => vector.check !== "replay"))("rejects %s", (_name, vector) => {
    expect(validate(vector.document)).toBe(false);
  });
});
