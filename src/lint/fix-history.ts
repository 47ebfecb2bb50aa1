// `fixHistory`: the history a lint report's targets will accept, where a fix exists that changes no payload:
// unanswered calls and results answering no call dropped, missing tool ids derived, and (only when the caller
// asks with the `reasoningAsText` flag) reasoning the target leaves out kept as text. Each change is listed (docs/lint.md).
import type { ErrorObject, History, LintFixReport, LintReport, Message, Part } from "../../generated/types.js";
import { historyMessages } from "../providers/encode-driver.js";
import { withDerivedToolCallIds } from "../providers/derived-tool-call-ids.js";
import { requestRule } from "../providers/request-rules.js";
import { type LintOptions, lintHistory } from "./lint-history.js";

/** The flag that lets `fixHistory` move reasoning a target leaves out into a text part (its payload is not sent either way). */
export const REASONING_AS_TEXT_FLAG = "reasoningAsText";

/** The fixed history (the same shape as given: a document or a message list) and what was changed. */
export interface FixedHistory<Given extends History | readonly Message[]> extends LintFixReport {
  readonly history: Given;
}

/** What a finding asks of the history: a part dropped, the ids derived, reasoning kept as text; undefined when no fix handles it. */
type Fix = "drop-call" | "drop-result" | "derive-ids" | "reasoning-as-text";

/** The part a dropping fix removes. */
const PART_OF_FIX: Readonly<Record<"drop-call" | "drop-result" | "reasoning-as-text", Part["type"]>> = { "drop-call": "tool_call", "drop-result": "tool_result", "reasoning-as-text": "reasoning" };

const FIX_DESCRIPTIONS: Readonly<Record<Fix, string>> = {
  "drop-call": "dropped the tool call: nothing answers it",
  "drop-result": "dropped the tool result: it answers no call",
  "derive-ids": "derived the missing tool-call ids from where the calls sit, results paired with their calls",
  "reasoning-as-text": "kept the reasoning the target leaves out as a text part (its payload is not sent)",
};

/** The fix of one finding for its target, if any: a rejection's rule by its `repair`; the encoder's drops of reasoning only when asked. */
function fixOf(finding: ErrorObject, reasoningAsText: boolean, part: Part | undefined): Fix | undefined {
  const rule = finding.details?.rule;
  if (finding.code === "lint/dropped") return reasoningAsText && rule === "replay" && part?.type === "reasoning" && part.text ? "reasoning-as-text" : undefined;
  if (finding.code !== "lint/rejected" || typeof rule !== "string" || rule === "encoder" || finding.provider === undefined) return undefined;
  const fix = requestRule(finding.provider, rule).repair;
  // A rule's check may point at a part its repair does not remove (a message, a request field): then it is not fixed.
  return fix === undefined || fix === "derive-ids" || PART_OF_FIX[fix] === part?.type ? fix : undefined;
}

/** The message and part indexes a finding's pointer names (`<base>/3/parts/0...`), or undefined for a pointer elsewhere. */
function partAt(pointer: string | undefined, base: string): { message: number; part?: number } | undefined {
  if (pointer === undefined || !pointer.startsWith(`${base}/`)) return undefined;
  const match = /^\/(\d+)(?:\/parts\/(\d+))?/.exec(pointer.slice(base.length));
  if (!match) return undefined;
  return { message: Number(match[1]), ...(match[2] === undefined ? {} : { part: Number(match[2]) }) };
}

function change(fix: Fix, pointer: string, finding: ErrorObject): ErrorObject {
  return { name: "LintFix", code: "lint/fixed", message: FIX_DESCRIPTIONS[fix], pointer, ...(finding.provider === undefined ? {} : { provider: finding.provider }), details: { fix, rule: finding.details?.rule ?? null } };
}

function notFixed(finding: ErrorObject): ErrorObject {
  return { ...finding, name: "LintFix", code: "lint/not-fixed", message: `not fixed: ${finding.message}` };
}

/** One pass over a report's findings: the messages with the fixes applied, the changes and the rejections left. */
function applyFixes(messages: readonly Message[], base: string, report: LintReport, reasoningAsText: boolean): { messages: Message[]; changes: ErrorObject[]; unfixed: ErrorObject[] } {
  const findings = report.targets.flatMap((target) => target.findings);
  const fixes = findings.map((finding) => {
    const place = partAt(finding.pointer, base);
    const part = place?.part === undefined ? undefined : messages[place.message]?.parts[place.part];
    return { finding, key: place?.part === undefined ? undefined : `${place.message}/${place.part}`, fix: place?.part === undefined ? undefined : fixOf(finding, reasoningAsText, part) };
  });
  // A result without an id that follows no call without one gets none derived: dropping it (as answering no call) is its fix.
  const derived = withDerivedToolCallIds(messages);
  const derivable = derived !== messages;
  const unfixed = fixes.flatMap(({ finding, fix }) => ((fix === undefined || (fix === "derive-ids" && !derivable)) && finding.code === "lint/rejected" ? [notFixed(finding)] : []));
  // Ids first, alone: a call and its result without ids also look unpaired, which the derived ids settle.
  const derive = derivable ? fixes.find(({ fix, key }) => fix === "derive-ids" && key !== undefined) : undefined;
  if (derive) return { messages: [...derived], changes: [change("derive-ids", `${base}/${derive.key!.replace("/", "/parts/")}`, derive.finding)], unfixed };
  // The fix of each part (by `message/part`), one per part however many targets or rules ask for it.
  const chosen = new Map<string, Fix>();
  const changes: ErrorObject[] = [];
  for (const { finding, key, fix } of fixes) {
    if (fix === undefined || fix === "derive-ids" || key === undefined || chosen.has(key)) continue;
    chosen.set(key, fix);
    changes.push(change(fix, `${base}/${key.replace("/", "/parts/")}`, finding));
  }
  const fixed = messages.flatMap((message, index): Message[] => {
    const parts = message.parts.flatMap((part, partIndex): Part[] => {
      const fix = chosen.get(`${index}/${partIndex}`);
      // Only reasoning with text is kept as text (fixOf); its payload stays out, as the target would leave it out.
      if (fix === "reasoning-as-text" && part.type === "reasoning") return [{ type: "text", text: part.text ?? "" }];
      return fix === undefined ? [part] : [];
    });
    // A message left without parts goes too: an empty message is a rejection of its own at most providers.
    return parts.length === 0 && message.parts.length > 0 ? [] : [parts.length === message.parts.length && parts.every((part, at) => part === message.parts[at]) ? message : { ...message, parts }];
  });
  return { messages: fixed, changes, unfixed };
}

/**
 * The history `options.target` will accept where fixes exist, and each change: a call nothing answers is
 * dropped (with its message when that leaves it empty), a result that answers no call is dropped, missing tool
 * ids are derived (src/providers/derived-tool-call-ids.ts) keeping calls and results paired, and with the flag
 * `reasoningAsText` reasoning the target's encoder leaves out becomes text. Payloads are never changed. The
 * history is linted again after each pass (a fix may uncover another), at most once per message; what is still
 * rejected is listed in `unfixed`. Changes name pointers into the history as given to the pass that made them.
 */
export function fixHistory<Given extends History | readonly Message[]>(history: Given, options: LintOptions): FixedHistory<Given> {
  const { base } = historyMessages(history);
  const reasoningAsText = options.flags?.includes(REASONING_AS_TEXT_FLAG) ?? false;
  let messages = historyMessages(history).messages;
  const changes: ErrorObject[] = [];
  const rebuilt = (list: readonly Message[]) => (Array.isArray(history) ? list : { ...(history as History), messages: list }) as Given;
  let report = lintHistory(rebuilt(messages), options);
  for (let pass = 0; pass <= messages.length; pass++) {
    const result = applyFixes(messages, base, report, reasoningAsText);
    if (result.changes.length === 0) break;
    changes.push(...result.changes);
    messages = result.messages;
    report = lintHistory(rebuilt(messages), options);
  }
  const { unfixed } = applyFixes(messages, base, report, reasoningAsText);
  return { history: rebuilt(messages), accepted: report.accepted, changes, unfixed };
}
