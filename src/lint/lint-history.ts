// `lintHistory`: what each target provider will do with a history before the call. The target's own
// encoder says which parts it leaves out (or refuses); the spec's request rules, checked on the parts
// that will be sent, say what the provider then rejects or degrades, with its status and words (docs/lint.md).
import type { ErrorObject, History, LintReport, LintTargetReport, Message, RequestRule } from "../../generated/types.js";
import { InternalError, PartwiseError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { historyMessages } from "../providers/encode-driver.js";
import type { ProviderCodec } from "../providers/provider-codec.js";
import { codecFor } from "../providers/registry.js";
import { requestRules, ruleErrorText } from "../providers/request-rules.js";
import { GENERIC_CHECKS } from "./generic-checks.js";
import type { LintCause, LintCheck, LintSubject } from "./lint-check.js";

/** What to lint for: the target providers, the request fields sent with the history, the rule variant and the encode flags. */
export interface LintOptions {
  readonly target: string | readonly string[];
  readonly request?: Readonly<Record<string, unknown>>;
  readonly variant?: string;
  readonly flags?: readonly string[];
}

const FINDING_CODES = { rejection: "lint/rejected", drop: "lint/dropped", degradation: "lint/degraded" } as const;

/** The check a rule names: the provider's own, else a generic one; a rule naming neither is a spec bug. */
function checkOf(rule: RequestRule, target: string, own: Readonly<Record<string, LintCheck>> | undefined): LintCheck {
  const check = (own && ownValue(own, rule.check)) ?? ownValue(GENERIC_CHECKS, rule.check);
  if (!check) throw new InternalError("internal/invariant", `request rule ${rule.id} names check "${rule.check}", which neither ${target}'s lint nor the generic checks have`, { provider: target, details: { rule: rule.id } });
  return check;
}

function applies(rule: RequestRule, subject: LintSubject): boolean {
  if (rule.when?.some((fact) => !subject.facts.has(fact))) return false;
  return rule.models === undefined || new RegExp(rule.models).test(subject.model ?? "");
}

function ruleFinding(rule: RequestRule, cause: LintCause, target: string): ErrorObject {
  const errorText = rule.status === undefined ? undefined : ruleErrorText(rule, cause.values);
  const said = errorText === undefined ? rule.reason : `${target} answers ${rule.status}: ${errorText}`;
  return {
    name: "LintFinding",
    code: FINDING_CODES[rule.severity],
    message: `${said} (fix: ${rule.fix})`,
    pointer: cause.pointer,
    provider: target,
    details: { rule: rule.id, severity: rule.severity, docs: rule.docs, fix: rule.fix, ...(errorText === undefined ? {} : { status: rule.status, errorText }) },
  };
}

/** The encoder's warnings as drops, and a part it refuses as a rejection without an HTTP status (no request is sent). */
function encoderFindings(history: History | readonly Message[], codec: ProviderCodec, options: LintOptions): { findings: ErrorObject[]; dropped: Set<string>; body?: Record<string, unknown> } {
  const target = codec.id;
  const findings: ErrorObject[] = [];
  const dropped = new Set<string>();
  try {
    const encoded = codec.encodeRequest(history, { request: options.request ?? {}, ...(options.variant === undefined ? {} : { variant: options.variant }), ...(options.flags === undefined ? {} : { flags: options.flags }) });
    for (const warning of encoded.warnings) {
      if (warning.pointer !== undefined) dropped.add(warning.pointer);
      findings.push({ ...warning, name: "LintFinding", code: "lint/dropped", provider: target, details: { ...warning.details, rule: "replay", severity: "drop", warning: warning.code } });
    }
    return { findings, dropped, body: encoded.body };
  } catch (error) {
    if (!PartwiseError.isPartwiseError(error) || error.code !== "provider/unsupported-part") throw error;
    findings.push({ ...error.toJSON(), name: "LintFinding", code: "lint/rejected", provider: target, details: { rule: "encoder", severity: "rejection", refused: error.code } });
    return { findings, dropped };
  }
}

/** Numeric order of pointers (`/messages/10` after `/messages/9`), so findings read in history order. */
function comparePointers(left: string, right: string): number {
  const a = left.split("/");
  const b = right.split("/");
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const x = a[index] ?? "";
    const y = b[index] ?? "";
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    return numeric ? Number(x) - Number(y) : x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function lintTarget(history: History | readonly Message[], target: string, options: LintOptions): LintTargetReport {
  const variant = options.variant ?? "default";
  const request = options.request ?? {};
  const codec = codecFor(target);
  const { findings, dropped, body } = encoderFindings(history, codec, options);
  const { messages, base } = historyMessages(history);
  const model = codec.lint?.model?.(request) ?? (typeof request.model === "string" ? request.model : undefined);
  const facts = new Set([...(codec.lint?.facts(request) ?? []), ...(options.flags ?? [])]);
  const subject: LintSubject = { target, variant, messages, base, request, facts, dropped, ...(model === undefined ? {} : { model }), ...(body === undefined ? {} : { body }) };
  for (const rule of requestRules(target, variant)) {
    if (!applies(rule, subject)) continue;
    for (const cause of checkOf(rule, target, codec.lint?.checks)(subject)) findings.push(ruleFinding(rule, cause, target));
  }
  findings.sort((left, right) => comparePointers(left.pointer ?? "", right.pointer ?? ""));
  return { target, variant, ...(model === undefined ? {} : { model }), accepted: !findings.some((finding) => finding.code === "lint/rejected"), findings };
}

/**
 * What each target will do with the history sent with `options.request`: rejections (the status and error
 * text the provider answers, the pointer of the cause, the rule's documentation and fix), the parts its
 * encoder leaves out, and the losses the provider documents. Throws only for bad options (an unknown target
 * or variant); a history the schema rejects should be validated first (validateHistory).
 */
export function lintHistory(history: History | readonly Message[], options: LintOptions): LintReport {
  const targets = (typeof options.target === "string" ? [options.target] : options.target).map((target) => lintTarget(history, target, options));
  return { accepted: targets.every((report) => report.accepted), targets };
}
