// Renders the provider tables of docs/providers.md (block mapping, payload kinds, replay and content rules) and the
// request-rule list of docs/lint.md from providers.json, through templates/docs/provider-tables.md and
// templates/docs/request-rules.md, between the markers below, so the documentation cannot drift from the spec.
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

/** The document with the section between two markers replaced by a rendered template; throws when the markers are missing. */
async function renderSection(document: string, name: string, markers: readonly [string, string], template: URL, data: Record<string, unknown>): Promise<string> {
  const [startMarker, endMarker] = markers;
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start < 0 || end < start) throw new InternalError("internal/invariant", `${name} must contain the markers ${startMarker} and ${endMarker}`);
  const body = await renderTemplateFile(template, data);
  return `${document.slice(0, start + startMarker.length)}\n\n${body.trim()}\n\n${document.slice(end)}`;
}

/** The document with its provider-table section replaced; throws when the markers are missing. */
export function renderProviderTables(document: string, providers: readonly ProviderDescription[]): Promise<string> {
  return renderSection(document, "docs/providers.md", [TABLES_START, TABLES_END], TEMPLATE, { providers: providers.map(tableData) });
}

const RULES_START = "<!-- generated:request-rules:start (npm run generate) -->";
const RULES_END = "<!-- generated:request-rules:end -->";
const RULES_TEMPLATE = new URL("../../templates/docs/request-rules.md", import.meta.url);

function requestRuleData(provider: ProviderDescription) {
  const sets = Object.entries(provider.requests ?? {}).filter(([, rules]) => rules.length > 0);
  return {
    id: provider.id,
    displayName: provider.displayName,
    requestSets: sets.map(([variant, rules]) => ({
      variantLabel: variantLabel(variant),
      rules: rules.map((rule) => ({
        id: rule.id,
        severity: rule.severity,
        status: rule.status === undefined ? "—" : String(rule.status),
        when: [...(rule.when ?? []).map((fact) => `\`${fact}\``), ...(rule.models === undefined ? [] : [`model \`/${rule.models}/\``])].join(", ") || "—",
        reason: cell(rule.reason),
        docs: rule.docs,
      })),
    })),
  };
}

/** docs/lint.md with its request-rule section replaced by every provider's rules and citations; throws when the markers are missing. */
export function renderRequestRules(document: string, providers: readonly ProviderDescription[]): Promise<string> {
  const withRules = providers.map(requestRuleData).filter((provider) => provider.requestSets.length > 0);
  return renderSection(document, "docs/lint.md", [RULES_START, RULES_END], RULES_TEMPLATE, { providers: withRules });
}
