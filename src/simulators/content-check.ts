// What the simulators refuse in user, system and tool-result content: each simulator reads its wire's
// blocks back as the parts they carry, and the spec's content rules (the table the encoders follow) decide,
// so a simulator answers 400 exactly where partwise's own encoder would have left the part out.
import type { ContentPlace } from "../../generated/types.js";
import { type ContentSubject, type MediaDescriptor, contentSupportOf } from "../providers/content-rules.js";

/** One block of a request's user, system or tool-result content, as the part it carries, at its wire path. */
export interface WireContent {
  readonly place: ContentPlace;
  readonly subject: ContentSubject;
  /** Where the block is, in the provider's own notation (`messages.0.content.1`). */
  readonly path: string;
  /** The provider's documented error text for this block, when the rules do not take it and the API words it so. */
  readonly refusal?: string;
}

type Block = Record<string, unknown>;

/** The subject of a block that carries a part of `type` (the wire's own blocks are the provider's). */
export function partSubject(type: Exclude<ContentSubject["type"], "media">): ContentSubject {
  return { type, producer: "own" };
}

export function mediaSubject(mimeType: string, dataKind: MediaDescriptor["dataKind"], data?: string): ContentSubject {
  return { type: "media", producer: "own", media: data === undefined ? { mimeType, dataKind } : { mimeType, dataKind, data } };
}

/** Media given as a URL: a `data:` URL is bytes of its media type; any other is a URL of `impliedType` (what the block says it holds). */
export function urlMediaSubject(url: string, impliedType: string): ContentSubject {
  const dataUrl = /^data:([^;,]+)[^,]*,/.exec(url);
  return dataUrl ? mediaSubject(dataUrl[1] as string, "bytes") : mediaSubject(impliedType, "url", url);
}

/** The blocks of a content field: a string is one text block, a list its objects, anything else none. */
export function contentBlocks(content: unknown, textType = "text"): Block[] {
  if (typeof content === "string") return [{ type: textType, text: content }];
  return Array.isArray(content) ? content.filter((block): block is Block => typeof block === "object" && block !== null && !Array.isArray(block)) : [];
}

/** How to read a wire of typed blocks in `system` and `messages[].content` (Anthropic, Bedrock). */
export interface BlockWire {
  /** The part a block carries; undefined for blocks partwise writes none of. */
  subjectOf(block: Block): ContentSubject | undefined;
  /** The content of a tool-result block; undefined for any other block. */
  resultContent(block: Block): unknown;
  /** The provider's documented error text for a refused block of a user message, when it has one. */
  userRefusal?(subject: ContentSubject): string | undefined;
}

/** The system blocks, and each user message's blocks with the content of their tool results. */
export function* blockRequestContent(body: Record<string, unknown>, wire: BlockWire): Iterable<WireContent> {
  for (const [index, block] of contentBlocks(body.system).entries()) {
    const subject = wire.subjectOf(block);
    if (subject) yield { place: "system", subject, path: `system.${index}` };
  }
  const messages = contentBlocks(body.messages);
  for (const [index, message] of messages.entries()) {
    if (message.role !== "user") continue;
    for (const [position, block] of contentBlocks(message.content).entries()) {
      const path = `messages.${index}.content.${position}`;
      const subject = wire.subjectOf(block);
      const refusal = subject && wire.userRefusal?.(subject);
      if (subject) yield { place: "user", subject, path, ...(refusal ? { refusal } : {}) };
      for (const [inner, content] of contentBlocks(wire.resultContent(block)).entries()) {
        const innerSubject = wire.subjectOf(content);
        if (innerSubject) yield { place: "tool_result", subject: innerSubject, path: `${path}.content.${inner}` };
      }
    }
  }
}

/** The first block of a request the provider's content rules do not take, as the provider's 400 message; undefined when all are taken. */
export function contentRefusal(provider: string, contents: Iterable<WireContent>): string | undefined {
  for (const { place, subject, path, refusal } of contents) {
    const support = contentSupportOf(provider, place, subject);
    if (support.taken) continue;
    if (refusal !== undefined) return refusal;
    const what = subject.media ? `${subject.media.mimeType} ${subject.media.dataKind === "string" ? "text" : subject.media.dataKind}` : `a ${subject.type} block`;
    return `${path}: ${what} is not supported here: ${support.reason}`;
  }
  return undefined;
}
