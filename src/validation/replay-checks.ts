// Checks beyond the schema: what breaks replay to a provider, and for a given target provider which user,
// system and tool-result parts its encoder would leave out (the spec's content rules). Fed one message at a
// time so that a multi-gigabyte log is checked in memory bounded by the open tool calls and the ids of one conversation.
import type { ContentPlace, ErrorCode, Message, Part } from "../../generated/types.js";
import { appendPointer } from "../json/json-location.js";
import { quoted } from "../json/terminal-safe.js";
import { FUTURE_PART_PROVIDER, isPartType } from "../parts/part-kinds.js";
import { contentRules, contentSupport } from "../providers/content-rules.js";
import { isKnownProviderId } from "../providers/known-providers.js";

/** Where a message came from: the record's line in its file and the pointer of the message in the record. */
export interface RecordLocation {
  readonly line: number;
  readonly pointer: string;
}

/** One finding of the replay checks. */
export interface ReplayFinding {
  readonly severity: "error" | "warning";
  readonly code: ErrorCode;
  readonly message: string;
  readonly line: number;
  readonly pointer: string;
}

export interface ReplayCheckOptions {
  /** Future part types are errors instead of warnings. */
  readonly strict?: boolean;
  /** Provider ids accepted in payloads besides the built-in ones (e.g. scaffolded providers). */
  readonly extraProviderIds?: ReadonlySet<string>;
  /** The provider the history is meant for: user, system and tool-result parts it does not take are warnings. */
  readonly target?: { readonly provider: string; readonly variant?: string };
}

/** Where a message's own parts sit, for the content rules; assistant parts follow the replay rules instead. */
function placeOf(role: Message["role"]): ContentPlace | undefined {
  return role === "system" ? "system" : role === "assistant" ? undefined : "user";
}

/**
 * The path of a part inside a message: part indexes, through tool-result content. Kept as numbers and
 * turned into a JSON pointer only when there is something to report, because most parts are fine.
 */
type PartPath = readonly number[];

function partPointer(location: RecordLocation, path: PartPath, ...rest: string[]): string {
  const segments: (string | number)[] = ["parts"];
  path.forEach((index, depth) => segments.push(...(depth > 0 ? ["content", index] : [index])));
  return appendPointer(location.pointer, ...segments, ...rest);
}

/**
 * Whether a payload's provider is one partwise knows. The one place the replay checks ask, so that
 * providers registered at run time can be consulted here.
 */
export function isKnownPayloadProvider(provider: string, options: ReplayCheckOptions): boolean {
  return isKnownProviderId(provider) || options.extraProviderIds?.has(provider) === true;
}

/** Checks one conversation (a history, a message log, or one session's events), message by message. */
export class ReplayChecker {
  readonly #options: ReplayCheckOptions;
  readonly #report: (finding: ReplayFinding) => void;
  /** Tool calls not answered yet, by id, with where they were made. */
  readonly #openCalls = new Map<string, { location: RecordLocation; path: PartPath; name: string }>();
  /** Every tool-call id of the conversation, to find duplicates. */
  readonly #seenCallIds = new Set<string>();
  /** The parts of the message being checked that failed the schema, if it has any (see add). */
  #unreadable: ReadonlySet<string> | undefined;

  constructor(report: (finding: ReplayFinding) => void, options: ReplayCheckOptions = {}) {
    this.#report = report;
    this.#options = options;
    // An unknown target fails here, once, with the known ids, rather than at its first part.
    if (options.target) contentRules(options.target.provider, options.target.variant);
  }

  #finding(severity: ReplayFinding["severity"], code: ErrorCode, message: string, location: RecordLocation, pointer: string): void {
    this.#report({ severity, code, message, line: location.line, pointer });
  }

  /**
   * Checks a message's parts; `location.pointer` points at the message. `unreadable` holds the paths
   * (part indexes joined by "/", through tool-result content) of parts that failed the schema: they are
   * skipped, as what they hold cannot be trusted.
   */
  add(message: Message, location: RecordLocation, unreadable?: ReadonlySet<string>): void {
    this.#unreadable = unreadable !== undefined && unreadable.size > 0 ? unreadable : undefined;
    this.#checkParts(message.parts, location, [], placeOf(message.role));
    this.#unreadable = undefined;
  }

  #checkParts(parts: readonly Part[], location: RecordLocation, parent: PartPath, place: ContentPlace | undefined): void {
    for (let index = 0; index < parts.length; index++) {
      const path = [...parent, index];
      if (this.#unreadable?.has(path.join("/"))) continue;
      this.#checkPart(parts[index] as Part, location, path, place);
    }
  }

  /** Whether the target takes the part in its place (true without a target or a place); a finding when it does not. */
  #checkContent(part: Part, location: RecordLocation, path: PartPath, place: ContentPlace | undefined): boolean {
    const target = this.#options.target;
    if (!target || place === undefined) return true;
    const support = contentSupport(target.provider, place, part, target.variant);
    if (support.taken) return true;
    const where = place === "tool_result" ? "a tool result's content" : `a ${place} message`;
    const outcome = support.action === "reject" ? "makes the request fail" : "is left out";
    const docs = support.docs === undefined ? "" : ` (${support.docs})`;
    this.#finding(
      "warning",
      support.action === "reject" ? "provider/unsupported-part" : "provider/part-skipped",
      `a ${part.type} part in ${where} ${outcome} when encoding for ${target.provider}: ${support.reason}${docs}`,
      location,
      partPointer(location, path),
    );
    return false;
  }

  #checkPart(part: Part, location: RecordLocation, path: PartPath, place: ContentPlace | undefined): void {
    const type: string = part.type;
    const isFuture = !isPartType(type) || (part.type === "unknown" && part.provider === FUTURE_PART_PROVIDER && !isPartType(part.kind));
    if (isFuture) {
      const tag = isPartType(type) ? (part as Extract<Part, { type: "unknown" }>).kind : type;
      const strict = this.#options.strict ?? false;
      this.#finding(
        strict ? "error" : "warning",
        "history/future-part",
        `part type ${quoted(tag)} is from a later format version; it is kept as is${strict ? " (rejected under --strict)" : ""}`,
        location,
        partPointer(location, path),
      );
      return;
    }
    const taken = this.#checkContent(part, location, path, place);
    const payload = part.payload;
    if (payload) {
      if (!isKnownPayloadProvider(payload.provider, this.#options)) {
        this.#finding("error", "history/invalid", `payload provider ${quoted(payload.provider)} is not a known provider id`, location, partPointer(location, path, "payload", "provider"));
      }
      if (payload.data === "") {
        this.#finding("error", "history/invalid", `empty ${payload.provider} ${payload.kind} payload: the provider rejects an empty signature`, location, partPointer(location, path, "payload", "data"));
      }
    }
    // Only a message's own parts call tools and answer calls: a tool_call or tool_result nested in a
    // result's content is what the tool returned (e.g. a sub-agent's transcript), not a call or an answer.
    const ownPart = path.length === 1;
    if (part.type === "tool_call") {
      if (ownPart) this.#checkCall(part.toolCall.id, part.toolCall.name, location, path);
    } else if (part.type === "tool_result") {
      if (ownPart) this.#checkResult(part.id ?? "", location, path);
      // A result the target leaves out takes its content with it: only a result it takes has content to check.
      this.#checkParts(part.content, location, path, place !== undefined && taken ? "tool_result" : undefined);
    }
  }

  #checkCall(id: string, name: string, location: RecordLocation, path: PartPath): void {
    // Calls without an id (Ollama, older Gemini models) are answered by name and cannot be paired; providers
    // that require an id get a derived one from the encoder, but a store or tool of the caller's may not.
    if (id === "") {
      this.#finding("warning", "history/invalid", `tool call (${name}) has no id: Anthropic and Bedrock require one, so partwise derives one when encoding for them, and results pair with it by order and tool name`, location, partPointer(location, path, "toolCall", "id"));
      return;
    }
    if (this.#seenCallIds.has(id)) {
      this.#finding("error", "history/invalid", `duplicate tool-call id ${quoted(id)}`, location, partPointer(location, path, "toolCall", "id"));
      return;
    }
    this.#seenCallIds.add(id);
    this.#openCalls.set(id, { location, path, name });
  }

  #checkResult(id: string, location: RecordLocation, path: PartPath): void {
    if (id === "") return;
    if (this.#openCalls.delete(id)) return;
    const detail = this.#seenCallIds.has(id) ? "its call was already answered" : "no earlier tool call has this id";
    this.#finding("error", "history/invalid", `tool result ${quoted(id)} answers no open tool call (${detail})`, location, partPointer(location, path, "id"));
  }

  /** How many tool calls are waiting for their result. */
  get openCallCount(): number {
    return this.#openCalls.size;
  }

  /** Reports the tool calls that were never answered; call once, after the last message. */
  finish(): void {
    for (const [id, { location, path, name }] of this.#openCalls) {
      this.#finding("error", "history/invalid", `tool call ${quoted(id)} (${name}) is never answered by a tool result`, location, partPointer(location, path, "toolCall", "id"));
    }
    this.#openCalls.clear();
  }
}
