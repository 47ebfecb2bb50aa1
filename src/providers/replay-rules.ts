// The replay rules of spec/providers as a decision procedure: the first rule of a provider's rule set
// that matches a part (its type, whose payload it carries, who produced it, which options are on)
// decides whether the encoder sends it, sends it without a foreign payload, skips it or rejects it.
import type { ErrorObject, Part, ProviderDescription, ReplayRule } from "../../generated/types.js";
import { PartwiseError, UnsupportedPartError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { unreachable } from "../parts/part-kinds.js";
import { describedProvider, knownProviderIds } from "./known-providers.js";

/** What the encoder is replaying to, and which options (and per-part facts) are on. */
export interface ReplayContext {
  /** The provider id the request is for. */
  readonly provider: string;
  /** The rule variant: a server profile or a rule version; `default` when absent. */
  readonly variant?: string;
  /** The options and facts that `when` conditions test. */
  readonly flags?: ReadonlySet<string>;
}

export interface ReplayDecision {
  readonly action: ReplayRule["action"];
  /** The rule that decided; absent when none matched (the part is skipped). */
  readonly rule?: ReplayRule;
}

/**
 * Facts an encoder sets itself, part by part (spec/providers/*.tsp name them in their `when` lists):
 * from a caller they would let a part pass a rule meant for parts that meet them, so they are refused.
 */
const ENCODER_FACTS: ReadonlySet<string> = new Set(["sameServer", "signatureFromOtherEndpoint", "withoutFollowingItem", "currentTurn"]);

/** `provider/invalid-option`: an encode option the provider does not have, or one callers may not set. */
export function invalidEncodeOption(provider: string, message: string, details: Record<string, unknown>): PartwiseError {
  return new PartwiseError("provider/invalid-option", message, { provider, details });
}

/** The flags a caller turned on, as a set; `provider/invalid-option` for a fact only encoders set. */
export function callerFlags(provider: string, flags: readonly string[] = []): Set<string> {
  const internal = flags.find((flag) => ENCODER_FACTS.has(flag));
  if (internal !== undefined) {
    throw invalidEncodeOption(provider, `flag ${JSON.stringify(internal)} is a fact the ${provider} encoder sets for each part itself; it cannot be turned on as an option`, { flag: internal });
  }
  return new Set(flags);
}

/** A provider's description: from the spec, or registered at run time (registerProvider). */
export function providerDescription(provider: string): ProviderDescription {
  const description = describedProvider(provider);
  if (!description) {
    const known = knownProviderIds();
    throw invalidEncodeOption(provider, `no provider ${JSON.stringify(provider)} in the spec or registered (known: ${known.join(", ")})`, { known });
  }
  return description;
}

/** The rule set of a provider's variant. */
export function replayRules(provider: string, variant = "default"): readonly ReplayRule[] {
  const variants = providerDescription(provider).replay;
  const rules = ownValue(variants, variant);
  if (!rules) {
    throw invalidEncodeOption(provider, `provider "${provider}" has no replay rule variant ${JSON.stringify(variant)} (variants: ${Object.keys(variants).join(", ")})`, { variant, variants: Object.keys(variants) });
  }
  return rules;
}

/** Which payload a part carries, seen from the target provider. */
export function payloadClass(part: Part, provider: string): "none" | "own" | "foreign" {
  if (!part.payload) return "none";
  return part.payload.provider === provider ? "own" : "foreign";
}

/**
 * Whether the target provider produced the part: for an unknown part, the provider of its block alone
 * (a raw block is only ever another provider's wire, whatever its attributes say); otherwise its
 * `provider` attribute or a payload it issued.
 */
export function producedBy(part: Part, provider: string): "own" | "other" {
  if (part.type === "unknown") return part.provider === provider ? "own" : "other";
  return part.attributes?.provider === provider || part.payload?.provider === provider ? "own" : "other";
}

function matches(rule: ReplayRule, part: Part, context: ReplayContext): boolean {
  if (rule.part !== part.type) return false;
  if (rule.payload !== undefined && rule.payload !== payloadClass(part, context.provider)) return false;
  if (rule.producer !== undefined && rule.producer !== producedBy(part, context.provider)) return false;
  const when = rule.when;
  if (when === undefined) return true;
  for (const flag of when) if (!(context.flags?.has(flag) ?? false)) return false;
  return true;
}

/** The first of `rules` (a provider's rule set, looked up once by the caller) matching a part; undefined when none does. */
export function firstMatchingRule(rules: readonly ReplayRule[], part: Part, context: ReplayContext): ReplayRule | undefined {
  for (const rule of rules) if (matches(rule, part, context)) return rule;
  return undefined;
}

/** The first matching rule's action for a part; a part no rule matches is skipped. */
export function decideReplay(part: Part, context: ReplayContext): ReplayDecision {
  const rule = firstMatchingRule(replayRules(context.provider, context.variant), part, context);
  return rule ? { action: rule.action, rule } : { action: "skip" };
}

function skippedPartMessage(part: Part, provider: string, reason: string): string {
  const payload = part.payload ? ` (payload ${part.payload.provider}/${part.payload.kind})` : "";
  return `${part.type} part${payload} not sent to ${provider}: ${reason}`;
}

/** The last message SkippedPartMessages gave for one part type, with what it was for. */
interface LastMessage {
  readonly reason: string;
  readonly payloadProvider: string;
  readonly payloadKind: string;
  readonly message: string;
}

/**
 * The messages of one encode's skip warnings, one string for each reason, part type and payload: a long
 * history leaves out thousands of alike parts, and every warning object survives into the request, so
 * they share one message rather than each holding a string of its own. One per encode.
 */
export class SkippedPartMessages {
  /** reason -> part type -> payload provider -> payload kind (`""` for a part without payload) -> message: no key is built per part. */
  private readonly byReason = new Map<string, Map<string, Map<string, Map<string, string>>>>();
  /**
   * The last message of each part type: the parts of one type a request leaves out are mostly alike (the
   * same reason and payload), and this answers them without the four lookups in byReason.
   */
  private readonly lastByType: Partial<Record<Part["type"], LastMessage>> = {};

  constructor(private readonly provider: string) {}

  /** The message for a part left out of a request to `provider` (another provider's gets a string of its own). */
  of(part: Part, provider: string, reason: string): string {
    if (provider !== this.provider) return skippedPartMessage(part, provider, reason);
    const payloadProvider = part.payload ? part.payload.provider : "";
    const payloadKind = part.payload ? part.payload.kind : "";
    const last = this.lastByType[part.type];
    if (last !== undefined && last.reason === reason && last.payloadProvider === payloadProvider && last.payloadKind === payloadKind) return last.message;
    const byKind = nested(nested(nested(this.byReason, reason), part.type), payloadProvider);
    let message = byKind.get(payloadKind);
    if (message === undefined) byKind.set(payloadKind, (message = skippedPartMessage(part, this.provider, reason)));
    this.lastByType[part.type] = { reason, payloadProvider, payloadKind, message };
    return message;
  }
}

function nested<Value>(table: Map<string, Map<string, Value>>, key: string): Map<string, Value> {
  let inner = table.get(key);
  if (inner === undefined) table.set(key, (inner = new Map()));
  return inner;
}

/** The warning reported for a skipped part: code `provider/part-skipped`, pointer into the history. */
export function skippedPartWarning(part: Part, pointer: string, context: ReplayContext, decision: ReplayDecision, messages?: SkippedPartMessages): ErrorObject {
  return partSkippedWarning(part, pointer, context.provider, decision.rule?.reason ?? "no replay rule matches this part", messages);
}

function partSkippedWarning(part: Part, pointer: string, provider: string, reason: string, messages: SkippedPartMessages | undefined): ErrorObject {
  return {
    name: "ReplayWarning",
    code: "provider/part-skipped",
    message: messages?.of(part, provider, reason) ?? skippedPartMessage(part, provider, reason),
    pointer,
    provider,
  };
}

/** The warning for a part the encoder leaves out for a reason of its own (a part the wire has no place for). */
export function leftOutPartWarning(part: Part, pointer: string, context: ReplayContext, reason: string, messages?: SkippedPartMessages): ErrorObject {
  return partSkippedWarning(part, pointer, context.provider, reason, messages);
}

/** The error for a part a rule rejects. */
export function rejectedPartError(part: Part, pointer: string, context: ReplayContext, decision: ReplayDecision): UnsupportedPartError {
  return new UnsupportedPartError("provider/unsupported-part", `${part.type} part cannot be sent to ${context.provider}: ${decision.rule?.reason ?? "no rule allows it"}`, {
    pointer,
    provider: context.provider,
  });
}

/**
 * Carries out the outcomes every encoder treats alike: a rejected part throws, a skipped one adds its
 * warning. Returns the action left to the encoder, or undefined when the part stays out of the request.
 */
export function settleReplay(
  part: Part,
  pointer: string,
  context: ReplayContext,
  warnings: ErrorObject[],
  decision: ReplayDecision = decideReplay(part, context),
  messages?: SkippedPartMessages,
): "send" | "send-without-payload" | undefined {
  switch (decision.action) {
    case "reject":
      throw rejectedPartError(part, pointer, context, decision);
    case "skip":
      warnings.push(skippedPartWarning(part, pointer, context, decision, messages));
      return undefined;
    case "send":
    case "send-without-payload":
      return decision.action;
    default:
      return unreachable(decision.action, "replay action");
  }
}

/** A part with its foreign payload removed (for `send-without-payload`). */
export function withoutForeignPayload(part: Part, provider: string): Part {
  if (payloadClass(part, provider) !== "foreign") return part;
  const { payload: _payload, ...rest } = part;
  return rest as Part;
}
