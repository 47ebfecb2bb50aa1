// Renders the README's provider tables (block mapping, payload kinds, replay rules) from providers.json,
// between the markers below, so the documentation cannot drift from the spec.
import type { ProviderDescription } from "./compile-spec.js";

export const TABLES_START = "<!-- generated:provider-tables:start (npm run generate) -->";
export const TABLES_END = "<!-- generated:provider-tables:end -->";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

function renderProvider(provider: ProviderDescription): string {
  const lines = [`#### ${provider.displayName} (\`${provider.id}\`)`, ""];
  lines.push("| Wire block | Part | Fields | Payloads |", "|---|---|---|---|");
  for (const block of provider.blocks) {
    const fields = Object.entries(block.fields).map(([wire, part]) => `\`${wire}\` → \`${part}\``).join(", ");
    const payloads = Object.entries(block.payloads).map(([wire, kind]) => `\`${wire}\` → \`${kind}\``).join(", ");
    const wire = block.wireType === undefined ? block.wireModel : `\`${block.wireType}\``;
    lines.push(`| ${wire} | \`${block.part}\` | ${fields || "—"} | ${payloads || "—"} |`);
  }
  lines.push("", "| Payload kind | Holds |", "|---|---|");
  for (const { kind, description } of provider.payloadKinds) lines.push(`| \`${kind}\` | ${cell(description)} |`);
  for (const [variant, rules] of Object.entries(provider.replay)) {
    lines.push("", `Replay rules${variant === "default" ? "" : ` (\`${variant}\`)`}, first match wins:`, "");
    lines.push("| Part | Payload | Producer | When | Action | Why |", "|---|---|---|---|---|---|");
    for (const rule of rules) {
      const when = rule.when?.map((option) => `\`${option}\``).join(", ") ?? "";
      lines.push(
        `| \`${rule.part}\` | ${rule.payload ?? "any"} | ${rule.producer ?? "any"} | ${when || "—"} | **${rule.action}** | ${cell(rule.reason)} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The README with its provider-table section replaced; throws when the markers are missing. */
export function renderProviderTables(readme: string, providers: readonly ProviderDescription[]): string {
  const start = readme.indexOf(TABLES_START);
  const end = readme.indexOf(TABLES_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md must contain the markers ${TABLES_START} and ${TABLES_END}`);
  }
  const body = providers.map(renderProvider).join("\n\n");
  return `${readme.slice(0, start + TABLES_START.length)}\n\n${body}\n\n${readme.slice(end)}`;
}
