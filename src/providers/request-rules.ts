// The request rules of spec/providers (@requestRules) as data for lint and the simulators: the rules of
// a provider's variant, one rule by id, and its error text with the values of one cause filled in, so a
// prediction and a simulated answer say the same words (docs/lint.md).
import type { RequestRule } from "../../generated/types.js";
import { InternalError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { providerDescription } from "./replay-rules.js";

/** The request rules of a provider's variant (the default rules for a variant without its own; none when the provider declares none). */
export function requestRules(provider: string, variant = "default"): readonly RequestRule[] {
  const variants = providerDescription(provider).requests ?? {};
  return ownValue(variants, variant) ?? ownValue(variants, "default") ?? [];
}

/** The rule `id` of a provider (any variant); an internal error when the spec has none, since callers name rules of their own provider. */
export function requestRule(provider: string, id: string): RequestRule {
  for (const rules of Object.values(providerDescription(provider).requests ?? {})) {
    const rule = rules.find((candidate) => candidate.id === id);
    if (rule) return rule;
  }
  throw new InternalError("internal/invariant", `provider "${provider}" declares no request rule "${id}" in its spec`, { provider, details: { rule: id } });
}

/** A rule's error text with `{name}` replaced by the cause's values (a name without a value stays as written). */
export function ruleErrorText(rule: RequestRule, values: Readonly<Record<string, string>> = {}): string {
  return (rule.errorText ?? "").replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => ownValue(values, name) ?? whole);
}
