// The OpenTelemetry GenAI conventions' own JSON Schemas (test/fixtures/otel/, see SOURCES), compiled with
// ajv: the converter's output is checked against what the conventions publish, not against partwise's spec.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { OtelMessages } from "../../../src/interop/otel/otel-messages.js";

// Pydantic writes the schemas with `$defs`, JSON Schema 2020-12 style.
const ajv = new Ajv2020({ allErrors: true });
// The conventions mark blob content `format: binary` (base64 text in JSON); any string is one.
ajv.addFormat("binary", true);

function published(name: string) {
  return ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/otel", `gen-ai-${name}.json`), "utf8")));
}

const validators = {
  systemInstructions: published("system-instructions"),
  inputMessages: published("input-messages"),
  outputMessages: published("output-messages"),
};

/** Each attribute value's schema errors (ajv's, as text), empty when all three validate. */
export function publishedSchemaErrors(messages: Pick<OtelMessages, "systemInstructions" | "inputMessages" | "outputMessages">): string[] {
  return (Object.keys(validators) as (keyof typeof validators)[]).flatMap((key) => {
    const validate = validators[key];
    // Through JSON text, as an exporter sends the attribute.
    return validate(JSON.parse(JSON.stringify(messages[key]))) ? [] : [`${key}: ${ajv.errorsText(validate.errors)}`];
  });
}
