// The one encoder skeleton: walks a history's messages by role, settles each assistant part under the
// replay rules, reports every part it leaves out, and hands the rest to the provider's turn writer, which
// says only how one message and one part become wire. DESIGN.md ("a turn writer for the shared encoder driver").
import type { ContentPlace, EncodedRequest, ErrorObject, History, Message, Part, ReplayRule } from "../../generated/types.js";
import { unreachable } from "../parts/part-kinds.js";
import { contentJudge, settleContent } from "./content-rules.js";
import { withDerivedToolCallIds } from "./derived-tool-call-ids.js";
import type { EncodeOptions } from "./provider-codec.js";
import { type ReplayContext, type ReplayDecision, SkippedPartMessages, callerFlags, firstMatchingRule, leftOutPartWarning, payloadClass, producedBy, replayRules, settleReplay, withoutForeignPayload } from "./replay-rules.js";

/** Where a part of a system, user or tool message sits: in system content, user content, or a tool result's content (the spec's places of `@content`). */
export type { ContentPlace };

/** The role of the message whose content a place is, as warnings name it. */
export const ROLE_OF_PLACE: Readonly<Record<ContentPlace, string>> = { system: "system", user: "user", tool_result: "tool" };

export type TextPart = Extract<Part, { type: "text" }>;
export type MediaPart = Extract<Part, { type: "media" }>;
export type ToolResultPart = Extract<Part, { type: "tool_result" }>;
export type UnknownPart = Extract<Part, { type: "unknown" }>;
/** The parts a content place may take. */
export type ContentPart = TextPart | MediaPart | ToolResultPart | UnknownPart;
/** The parts no content place takes: they belong in an assistant message. */
export type AssistantOnlyPart = Extract<Part, { type: "reasoning" | "tool_call" }>;

/** What the replay rules let an assistant part go out as. */
export type SendAction = "send" | "send-without-payload";

/** A part the writer leaves out, with the reason its warning gives. */
export class Skip {
  constructor(readonly reason: string) {}
}

/** A block that goes out as a wire message (or item) of its own, ending the run of content before it: a tool message, a function output. */
export class OwnMessage<Wire> {
  constructor(readonly wire: Wire) {}
}

/**
 * The JSON pointer of the message or part a writer's method is writing, spelled when called: it reads
 * where the driver's walk is, so it is for use while the method runs (for a warning or an error); a writer
 * that keeps a pointer for later keeps its text. Most parts need none, and a long history's pointers cost
 * more to build than the request around them.
 */
export type Pointer = () => string;

/**
 * How one provider writes wire: one writer per encode, holding what it has written so far. The driver
 * decides what is sent and reports what is not; the writer only says how what is sent looks.
 */
export interface TurnWriter<Block, Body extends Record<string, unknown>> {
  /** The replay context of the request: the provider, its rule variant and the flags on. */
  readonly context: ReplayContext;
  /** True for APIs that require an id on every tool call: calls without one get a derived one (derived-tool-call-ids.ts). */
  readonly derivesToolCallIds?: boolean;
  /** False when an assistant message none of whose parts is sent is left out without a warning of its own. */
  readonly reportsAssistantLeftOut?: boolean;
  /** The place of the next system message's parts; `system` unless the writer says otherwise. */
  systemPlace?(): ContentPlace;
  /**
   * The reason a reasoning or tool-call part outside an assistant message is left out, in the provider's
   * words; also that of a media or unknown part taken where the writer has no block for it.
   */
  misplaced(part: AssistantOnlyPart | MediaPart | UnknownPart, place: ContentPlace): string;
  /** The block of a text taken at a place; undefined when it carries nothing there (an empty text). */
  text(part: TextPart, place: ContentPlace): Block | undefined;
  /**
   * The block of a media part the content rules take at a place; absent when the wire takes no media
   * outside assistant messages. A `Skip` for a form the rules take but the wire cannot carry (a media type
   * in another letter case, say) is reported like any part left out.
   */
  media?(part: MediaPart, place: ContentPlace, pointer: Pointer): Block | Skip;
  /** The block of a raw block kept as an unknown part; absent when the wire has no place for one outside assistant messages. */
  unknown?(part: UnknownPart, place: ContentPlace, pointer: Pointer): Block;
  /** A tool result; `content` gives the blocks of its content (asked for only when the writer needs them). */
  toolResult(part: ToolResultPart, pointer: Pointer, content: () => Block[]): Block;
  /** Writes a system message's blocks. */
  system(blocks: Block[], pointer: Pointer): void;
  /** Writes a user or tool message's blocks. */
  user(blocks: Block[], pointer: Pointer): void;
  /** The reason an assistant part is left out before the replay rules are asked, if the writer has one. */
  leavesOutBeforeRules?(part: Part): string | undefined;
  /** The replay context of one assistant part (per-part facts such as `sameServer`); `context` otherwise. */
  partContext?(part: Part, messageIndex: number): ReplayContext;
  /** Told of each assistant part the rules leave out, for writers whose later blocks depend on it. */
  leftOutByRules?(part: Part): void;
  /**
   * The block of an assistant part the rules let through: `sent` is the part without a foreign payload
   * when the action says so, `original` the part as given. A `Skip` is reported; undefined adds nothing.
   */
  assistantPart(sent: Part, pointer: Pointer, action: SendAction, original: Part): Block | Skip | undefined;
  /** Writes the blocks of the assistant message at `messageIndex`; false when nothing of it goes out. */
  assistant(blocks: Block[], pointer: Pointer, messageIndex: number): boolean;
  /** The request body, once every message is written. */
  body(): Body;
}

/** A history's messages, and the pointer their indexes extend: `/messages` in a document, `` for a bare list. */
export function historyMessages(history: History | readonly Message[]): { readonly messages: readonly Message[]; readonly base: string } {
  return Array.isArray(history) ? { messages: history as readonly Message[], base: "" } : { messages: (history as History).messages, base: "/messages" };
}

/** The replay context of encode options, with the facts the encoder adds itself (e.g. what the target model is). */
export function replayContext(provider: string, options: EncodeOptions, facts: readonly string[] = []): ReplayContext {
  const flags = callerFlags(provider, options.flags);
  for (const fact of facts) flags.add(fact);
  return { provider, ...(options.variant === undefined ? {} : { variant: options.variant }), flags };
}

/** The warning for the assistant message at `pointer`, left out whole because none of its parts can be replayed to `provider`. */
export function assistantLeftOutWarning(pointer: string, provider: string): ErrorObject {
  return { name: "ReplayWarning", code: "provider/part-skipped", message: `assistant message left out: none of its parts can be replayed to ${provider}`, pointer, provider };
}

/** The report of an assistant part the rules send but the provider has no block for; an empty text carries nothing and is not reported. */
export function withoutBlock(part: Part, provider: string): Skip | undefined {
  if (part.type === "text" && part.text === "") return undefined;
  const payload = part.payload ? `a ${part.payload.kind} payload` : "no text";
  return new Skip(`a ${part.type} part with ${payload} has no ${provider} block`);
}

/**
 * The turns of an API that takes alternating turns (Messages, Converse, generateContent): the content of a
 * user or tool message, and that of an assistant message, each joined to the last turn when it has the
 * same role; no content adds no turn. `user` and `assistant` are a writer's members of those names.
 */
export function alternatingTurns<Role, Block>(userRole: Role, assistantRole: Role) {
  // Each turn is a fresh object the writer owns, so its body can hold the turns themselves, not copies.
  const turns: { role: Role; content: Block[] }[] = [];
  const append = (role: Role, content: Block[]): void => {
    if (content.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...content);
    else turns.push({ role, content });
  };
  return {
    turns,
    user: (blocks: Block[]): void => append(userRole, blocks),
    assistant: (blocks: Block[]): boolean => {
      append(assistantRole, blocks);
      return blocks.length > 0;
    },
  };
}

/**
 * A list with one more entry: a list of just it when there is none yet, made at its size (one grown from
 * empty by push reserves room for 17, and a request keeps thousands of one-entry lists), else the list
 * with it pushed.
 */
export function appended<Entry>(list: Entry[] | undefined, entry: Entry): Entry[] {
  if (list === undefined) return [entry];
  list.push(entry);
  return list;
}

function hasOwnMessage(blocks: readonly unknown[]): boolean {
  for (const block of blocks) if (block instanceof OwnMessage) return true;
  return false;
}

/** Walks blocks in order: each run of content between own messages goes to `run`, each own message to `own`. */
export function forEachRun<Block, Wire>(blocks: readonly (Block | OwnMessage<Wire>)[], run: (content: Block[]) => void, own: (wire: Wire) => void): void {
  // Most messages hold no own message: their blocks are one run, handed over as they are rather than copied
  // (the driver makes a message's blocks for the writer, so the run is the writer's to keep).
  if (!hasOwnMessage(blocks)) {
    if (blocks.length > 0) run(blocks as Block[]);
    return;
  }
  // A run's list is made by its first block: a tool message alone (the usual case) makes none.
  let content: Block[] | undefined;
  for (const block of blocks) {
    if (!(block instanceof OwnMessage)) {
      content = appended(content, block as Block);
      continue;
    }
    if (content !== undefined) run(content);
    content = undefined;
    own(block.wire);
  }
  if (content !== undefined) run(content);
}

/**
 * The pointer suffixes of the first indexes (`/0`, `/parts/0`, ...), made once: joining two strings costs
 * less than formatting a number into a template.
 */
const INDEXED_SUFFIXES = 256;
const INDEX_SUFFIX = Array.from({ length: INDEXED_SUFFIXES }, (_, index) => `/${index}`);
const PART_SUFFIX = Array.from({ length: INDEXED_SUFFIXES }, (_, index) => `/parts/${index}`);
const CONTENT = "/content";
const indexSuffix = (index: number): string => INDEX_SUFFIX[index] ?? `/${index}`;
const partSuffix = (index: number): string => PART_SUFFIX[index] ?? `/parts/${index}`;

/** A part type's place among the decisions of one context (six combinations of payload and producer each). */
function partTypeIndex(type: Part["type"]): number {
  switch (type) {
    case "text":
      return 0;
    case "reasoning":
      return 1;
    case "tool_call":
      return 2;
    case "tool_result":
      return 3;
    case "media":
      return 4;
    case "unknown":
      return 5;
    default:
      // A type no part has (a document that skipped validation) fails here, as it does in a content walk.
      return unreachable(type, "part type");
  }
}

/** A payload class's place among the decisions of one part type (two producers each). */
const PAYLOAD_CLASS_INDEX = { none: 0, own: 2, foreign: 4 } as const;

/** What a replay rule can tell apart of a part (replay-rules.ts, matches), as one small number: its type, payload class and producer. */
function decisionKey(part: Part, provider: string): number {
  return partTypeIndex(part.type) * 6 + PAYLOAD_CLASS_INDEX[payloadClass(part, provider)] + (producedBy(part, provider) === "own" ? 0 : 1);
}

/** The request for a history: every message through `writer`, with a warning per part left out. */
export function encodeHistory<Block, Body extends Record<string, unknown>>(history: History | readonly Message[], writer: TurnWriter<Block, Body>, warnings: ErrorObject[] = []): EncodedRequest & { body: Body } {
  const { messages: given, base } = historyMessages(history);
  const messages = writer.derivesToolCallIds ? withDerivedToolCallIds(given) : given;
  const { provider } = writer.context;
  const skipMessages = new SkippedPartMessages(provider);
  // Where the walk is: the message's index, then the index of each part entered (a message's part, then a
  // part of a tool result's content, ...). Pointers are spelled from it only when a warning or an error
  // needs one; `pointer` is the one function every writer's method gets.
  // `depth` counts the indexes in use (a count, not the array's length, which would cost a call to set).
  const trail: number[] = [];
  let depth = 0;
  // The pointer of the message last spelled, kept while the walk is in it: its parts' warnings share it.
  let spelledMessage = -1;
  let messagePointer = "";
  const pointer: Pointer = () => {
    const messageIndex = trail[0] as number;
    if (messageIndex !== spelledMessage) {
      spelledMessage = messageIndex;
      messagePointer = base + indexSuffix(messageIndex);
    }
    let text = messagePointer;
    if (depth > 1) text += partSuffix(trail[1] as number);
    for (let level = 2; level < depth; level++) text += CONTENT + indexSuffix(trail[level] as number);
    return text;
  };
  const skip = (part: Part, reason: string): undefined => {
    warnings.push(leftOutPartWarning(part, pointer(), writer.context, reason, skipMessages));
    return undefined;
  };
  // The one place the encoder decides whether a provider takes a system, user or tool-result part: the
  // spec's content rules (`@content`, src/providers/content-rules.ts), which the simulators and the replay
  // checks read too. A part they skip is reported; one they reject throws provider/unsupported-part.
  const judge = contentJudge(provider, writer.context.variant);
  const taken = (part: ContentPart, place: ContentPlace): boolean => {
    const support = judge(part, place);
    return support.taken || settleContent(part, pointer(), place, writer.context, warnings, support, skipMessages);
  };
  // Apart from contentBlock: a closure over its part would make every call of contentBlock allocate a
  // context for its variables, not only a tool result's.
  const toolResultBlock = (part: ToolResultPart): Block => writer.toolResult(part, pointer, () => content(part.content, "tool_result"));
  const contentBlock = (part: Part, place: ContentPlace): Block | undefined => {
    switch (part.type) {
      case "text":
        return taken(part, place) ? writer.text(part, place) : undefined;
      case "media":
        if (!taken(part, place)) return undefined;
        if (!writer.media) return skip(part, writer.misplaced(part, place));
        const block = writer.media(part, place, pointer);
        return block instanceof Skip ? skip(part, block.reason) : block;
      case "unknown":
        if (!taken(part, place)) return undefined;
        return writer.unknown ? writer.unknown(part, place, pointer) : skip(part, writer.misplaced(part, place));
      case "tool_result":
        return taken(part, place) ? toolResultBlock(part) : undefined;
      case "reasoning":
      case "tool_call":
        return skip(part, writer.misplaced(part, place));
      default:
        return unreachable(part, "part");
    }
  };
  const content = (parts: readonly Part[], place: ContentPlace): Block[] => {
    // Made at its final size: a list grown by push from empty gets room for 17 entries, garbage for a
    // message of two parts, and a long history makes tens of thousands of them.
    const blocks = new Array<Block>(parts.length);
    let count = 0;
    const level = depth++;
    for (let index = 0; index < parts.length; index++) {
      trail[level] = index;
      const block = contentBlock(parts[index] as Part, place);
      if (block !== undefined) blocks[count++] = block;
    }
    depth = level;
    if (count < blocks.length) blocks.length = count;
    return blocks;
  };
  // The replay rules of the request's provider and variant, looked up once per encode (a writer's per-part
  // contexts differ only in flags). A rule tests only a part's type, whose payload it carries and who
  // produced it, and the context's flags, so each context settles each of those combinations once and
  // remembers it for this encode: a history repeats a handful of them thousands of times.
  let rules: readonly ReplayRule[] | undefined;
  const decisionsByContext = new Map<ReplayContext, (ReplayDecision | undefined)[]>();
  // The writer's own context (most parts') skips the lookup by context.
  const ownDecisions: (ReplayDecision | undefined)[] = [];
  decisionsByContext.set(writer.context, ownDecisions);
  const decide = (part: Part, context: ReplayContext): ReplayDecision => {
    let decisions = context === writer.context ? ownDecisions : decisionsByContext.get(context);
    if (decisions === undefined) decisionsByContext.set(context, (decisions = []));
    const key = decisionKey(part, context.provider);
    let decision = decisions[key];
    if (decision === undefined) {
      const sameRules = context.provider === provider && context.variant === writer.context.variant;
      const rule = firstMatchingRule(sameRules ? (rules ??= replayRules(provider, context.variant)) : replayRules(context.provider, context.variant), part, context);
      decisions[key] = decision = rule === undefined ? { action: "skip" } : { action: rule.action, rule };
    }
    return decision;
  };
  const assistantPart = (part: Part, messageIndex: number): Block | undefined => {
    const refusal = writer.leavesOutBeforeRules?.(part);
    if (refusal !== undefined) return skip(part, refusal);
    const context = writer.partContext?.(part, messageIndex) ?? writer.context;
    const decision = decide(part, context);
    const action = decision.action;
    // A part that is sent needs no pointer; one skipped or rejected is settled with its own.
    if (action !== "send" && action !== "send-without-payload") {
      settleReplay(part, pointer(), context, warnings, decision, skipMessages);
      writer.leftOutByRules?.(part);
      return undefined;
    }
    const block = writer.assistantPart(action === "send" ? part : withoutForeignPayload(part, provider), pointer, action, part);
    return block instanceof Skip ? skip(part, block.reason) : block;
  };
  const assistant = (message: Message, messageIndex: number): void => {
    // Made by the first block, with room for the parts left (as content's lists are): most writers fold
    // assistant parts into fields of their own and return no block at all.
    let blocks: Block[] | undefined;
    let count = 0;
    const parts = message.parts;
    depth = 2;
    for (let index = 0; index < parts.length; index++) {
      trail[1] = index;
      const block = assistantPart(parts[index] as Part, messageIndex);
      if (block === undefined) continue;
      blocks ??= new Array<Block>(parts.length - index);
      blocks[count++] = block;
    }
    depth = 1;
    if (blocks === undefined) blocks = [];
    else if (count < blocks.length) blocks.length = count;
    const sent = writer.assistant(blocks, pointer, messageIndex);
    if (!sent && message.parts.length > 0 && writer.reportsAssistantLeftOut !== false) warnings.push(assistantLeftOutWarning(pointer(), provider));
  };
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    trail[0] = index;
    depth = 1;
    const role = message.role;
    switch (role) {
      case "system":
        writer.system(content(message.parts, writer.systemPlace?.() ?? "system"), pointer);
        break;
      case "user":
      case "tool":
        writer.user(content(message.parts, "user"), pointer);
        break;
      case "assistant":
        assistant(message, index);
        break;
      default:
        unreachable(role, "role");
    }
  }
  return { provider, body: writer.body(), warnings };
}
