// Renders the provider tables of docs/providers.md (block mapping, payload kinds, replay and content rules) from providers.json
// through templates/docs/provider-tables.md, between the markers below, so the documentation cannot
// drift from the spec.
import type { ContentRule } from "../../generated/types.js";
import type { ProviderDescription } from "./compile-spec.js";
import { renderTemplateFile } from "./render-template.js";
import { InternalError } from "../errors/partwise-error.js";

const TABLES_START = "<!-- generated:provider-tables:start (npm run generate) -->";
const TABLES_END = "<!-- generated:provider-tables:end -->";
const TEMPLATE = new URL("../../templates/docs/provider-tables.md", import.meta.url);

/** A table cell: pipes escaped, line breaks folded. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

function codeList(entries: Record<string, string>): string {
  return Object.entries(entries).map(([wire, part]) => `\`${wire}\` → \`${part}\``).join(", ") || "—";
}

function codes(values: readonly string[] | undefined): string {
  return values?.map((value) => `\`${value}\``).join(", ") || "any";
}

function variantLabel(variant: string): string {
  return variant === "default" ? "" : ` (\`${variant}\`)`;
}

/** A content rule's data condition: its data kinds, and for URLs the schemes. */
function dataCell(rule: ContentRule): string {
  const kinds = codes(rule.dataKinds);
  return rule.urlSchemes === undefined ? kinds : `${kinds} (${rule.urlSchemes.map((scheme) => `\`${scheme}:\``).join(", ")})`;
}

function tableData(provider: ProviderDescription) {
  return {
    id: provider.id,
    displayName: provider.displayName,
    blocks: provider.blocks.map((block) => ({
      wire: block.wireType === undefined ? block.wireModel : `\`${block.wireType}\``,
      part: block.part,
      fields: codeList(block.fields),
      payloads: codeList(block.payloads),
    })),
    payloadKinds: provider.payloadKinds.map(({ kind, description }) => ({ kind, description: cell(description) })),
    replaySets: Object.entries(provider.replay).map(([variant, rules]) => ({
      variantLabel: variantLabel(variant),
      rules: rules.map((rule) => ({
        part: rule.part,
        payload: rule.payload ?? "any",
        producer: rule.producer ?? "any",
        when: rule.when?.map((option) => `\`${option}\``).join(", ") || "—",
        action: rule.action,
        reason: cell(rule.reason),
      })),
    })),
    contentSets: Object.entries(provider.content).map(([variant, rules]) => ({
      variantLabel: variantLabel(variant),
      rules: rules.map((rule) => ({
        places: codes(rule.places),
        parts: codes(rule.parts),
        mediaTypes: codes(rule.mediaTypes),
        data: dataCell(rule),
        action: rule.action,
        reason: cell(rule.reason),
        docs: rule.docs,
      })),
    })),
  };
}

/** The document with its provider-table section replaced; throws when the markers are missing. */
export async function renderProviderTables(document: string, providers: readonly ProviderDescription[]): Promise<string> {
  const start = document.indexOf(TABLES_START);
  const end = document.indexOf(TABLES_END);
  if (start < 0 || end < start) throw new InternalError("internal/invariant", `docs/providers.md must contain the markers ${TABLES_START} and ${TABLES_END}`);
  const body = await renderTemplateFile(TEMPLATE, { providers: providers.map(tableData) });
  return `${document.slice(0, start + TABLES_START.length)}\n\n${body.trim()}\n\n${document.slice(end)}`;
}
