// The content rules of spec/providers (`@content`) as a decision procedure: which parts a provider takes in
// a user or system message and in a tool result's content. Read alike by the encoder driver, the
// simulators and the replay checks, so none of them keeps its own list of media types.
import type { ContentPlace, ContentRule, ErrorObject, Media, Part } from "../../generated/types.js";
import { UnsupportedPartError } from "../errors/partwise-error.js";
import { ownValue } from "../json/own-property.js";
import { type SkippedPartMessages, leftOutPartWarning, producedBy, providerDescription } from "./replay-rules.js";

export type { ContentPlace, ContentRule };

/** What a provider does with a part in a place: takes it, or leaves it out (skip: a warning; reject: an error) for the declared reason. */
export type ContentSupport =
  | { readonly taken: true; readonly rule: ContentRule }
  | { readonly taken: false; readonly action: "skip" | "reject"; readonly reason: string; readonly docs?: string; readonly rule?: ContentRule };

/** The media conditions of a rule, seen from the media kinds partwise knows. */
export interface MediaDescriptor {
  readonly mimeType: string;
  readonly dataKind: Media["dataKind"];
  /** The data, for the URL scheme of `url` media; ignored otherwise. */
  readonly data?: string;
}

/** What the rules test about a part: its type, whose it is, and its media. */
export interface ContentSubject {
  readonly type: Part["type"];
  readonly producer: "own" | "other";
  readonly media?: MediaDescriptor;
}

const PLACE_NAMES: Readonly<Record<ContentPlace, string>> = { user: "a user message", system: "a system message", tool_result: "a tool result's content" };

/** The content rules of a provider's variant: the variant's own set, else the default one. */
export function contentRules(provider: string, variant = "default"): readonly ContentRule[] {
  const variants = providerDescription(provider).content;
  return ownValue(variants, variant) ?? ownValue(variants, "default") ?? [];
}

/** A media type as rules compare it: lower case, without parameters (`Image/PNG; q=1` is `image/png`). */
export function normalizedMediaType(mimeType: string): string {
  return (mimeType.split(";")[0] ?? "").trim().toLowerCase();
}

function mediaTypeMatches(pattern: string, mediaType: string): boolean {
  return pattern.endsWith("/*") ? mediaType.startsWith(pattern.slice(0, -1)) : pattern === mediaType;
}

function mediaMatches(rule: ContentRule, media: MediaDescriptor | undefined): boolean {
  if (rule.mediaTypes === undefined && rule.dataKinds === undefined && rule.urlSchemes === undefined) return true;
  if (media === undefined) return false;
  const mediaType = normalizedMediaType(media.mimeType);
  if (rule.mediaTypes !== undefined && !rule.mediaTypes.some((pattern) => mediaTypeMatches(pattern, mediaType))) return false;
  if (rule.dataKinds !== undefined && !rule.dataKinds.includes(media.dataKind)) return false;
  if (rule.urlSchemes === undefined) return true;
  const data = (media.data ?? "").toLowerCase();
  return rule.urlSchemes.some((scheme) => data.startsWith(`${scheme}:`));
}

function ruleMatches(rule: ContentRule, place: ContentPlace, subject: ContentSubject): boolean {
  if (!rule.places.includes(place) || !rule.parts.includes(subject.type)) return false;
  if (rule.producer !== undefined && rule.producer !== subject.producer) return false;
  return mediaMatches(rule, subject.media);
}

/** The verdict of the first rule matching a subject; one no rule matches is skipped. */
export function contentSupportOf(provider: string, place: ContentPlace, subject: ContentSubject, variant?: string): ContentSupport {
  const rule = contentRules(provider, variant).find((candidate) => ruleMatches(candidate, place, subject));
  if (rule === undefined) {
    const what = subject.media ? `${subject.media.dataKind} ${subject.media.mimeType}` : `a ${subject.type} part`;
    return { taken: false, action: "skip", reason: `no content rule of ${provider} takes ${what} in ${PLACE_NAMES[place]}` };
  }
  if (rule.action === "take") return { taken: true, rule };
  return { taken: false, action: rule.action, reason: rule.reason, docs: rule.docs, rule };
}

/** What the rules test about a part. */
export function contentSubject(part: Part, provider: string): ContentSubject {
  const producer = producedBy(part, provider);
  if (part.type !== "media") return { type: part.type, producer };
  const { mimeType, dataKind, data } = part.media;
  return { type: part.type, producer, media: { mimeType, dataKind, data } };
}

/**
 * Whether `provider` (in `variant`, a server profile whose content differs) takes `part` in `place`:
 * a user (or tool) message, a system message, or a tool result's content. The first `@content` rule of
 * spec/providers matching the part decides.
 */
export function contentSupport(provider: string, place: ContentPlace, part: Part, variant?: string): ContentSupport {
  return contentSupportOf(provider, place, contentSubject(part, provider), variant);
}

/** What a content judge decides on: the verdict on one part at one place. */
export type ContentJudge = (part: Part, place: ContentPlace) => ContentSupport;

/**
 * contentSupport for one provider and variant, remembering each verdict by what the rules test (place,
 * part type, producer; for media its type, data kind and URL scheme): an encoder asks it for every part of
 * a history, and a history repeats a handful of kinds. One judge serves one encode.
 */
export function contentJudge(provider: string, variant?: string): ContentJudge {
  // An unknown provider fails here, when the judge is made, not at the first part.
  contentRules(provider, variant);
  // Parts without media by place and type, own and other producer apart; media by place and producer, then
  // media type, then data kind (with the URL scheme for URLs): keys the part already holds, so a lookup
  // builds no string but for URL media.
  const plain: Record<ContentPlace, Map<string, [ContentSupport | undefined, ContentSupport | undefined]>> = { user: new Map(), system: new Map(), tool_result: new Map() };
  const media: Record<ContentPlace, [Map<string, Map<string, ContentSupport>>, Map<string, Map<string, ContentSupport>>]> = {
    user: [new Map(), new Map()],
    system: [new Map(), new Map()],
    tool_result: [new Map(), new Map()],
  };
  return (part, place) => {
    const other = producedBy(part, provider) === "own" ? 0 : 1;
    if (part.type !== "media") {
      const byType = plain[place];
      let pair = byType.get(part.type);
      if (pair === undefined) byType.set(part.type, (pair = [undefined, undefined]));
      return pair[other] ?? (pair[other] = contentSupport(provider, place, part, variant));
    }
    const { mimeType, dataKind, data } = part.media;
    const byMediaType = media[place][other];
    let byDataKind = byMediaType.get(mimeType);
    if (byDataKind === undefined) byMediaType.set(mimeType, (byDataKind = new Map()));
    const kind = dataKind === "url" ? `url ${data.slice(0, Math.max(0, data.indexOf(":"))).toLowerCase()}` : dataKind;
    let verdict = byDataKind.get(kind);
    if (verdict === undefined) byDataKind.set(kind, (verdict = contentSupport(provider, place, part, variant)));
    return verdict;
  };
}

/**
 * Carries out a verdict as encoders do: a rejected part throws `provider/unsupported-part`, a skipped one
 * adds its `provider/part-skipped` warning. True when the part is taken.
 */
export function settleContent(
  part: Part,
  pointer: string,
  place: ContentPlace,
  context: { readonly provider: string; readonly variant?: string },
  warnings: ErrorObject[],
  support: ContentSupport = contentSupport(context.provider, place, part, context.variant),
  messages?: SkippedPartMessages,
): boolean {
  if (support.taken) return true;
  if (support.action === "reject") {
    throw new UnsupportedPartError("provider/unsupported-part", `${part.type} part at ${pointer} cannot be sent to ${context.provider} in ${PLACE_NAMES[place]}: ${support.reason}`, {
      pointer,
      provider: context.provider,
    });
  }
  warnings.push(leftOutPartWarning(part, pointer, context, support.reason, messages));
  return false;
}
