// Pydantic AI's OpenAI model keeps a reasoning item as one ThinkingPart per summary, all with the item's
// id and the signature on the first (models/openai.py); partwise keeps one reasoning part per item, its
// summaries joined with their lengths in `summaryPartLengths`, as partwise's own OpenAI Responses decoder does.
import type { Part } from "../../../generated/types.js";
import { REASONING_PART_SEPARATOR, SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";
import { SUMMARY_PROVIDER } from "./pydantic-ai-providers.js";

type Reasoning = Part & { type: "reasoning" };

/** True for a later summary of the same item: only the summary, the provider and the item id. */
function continues(first: Reasoning, next: Part): next is Reasoning {
  if (next.type !== "reasoning" || next.payload != null || next.text != null || typeof next.summary !== "string") return false;
  const keys = Object.keys(next.attributes ?? {});
  return keys.every((key) => key === "provider" || key === "itemId")
    && next.attributes?.provider === SUMMARY_PROVIDER
    && next.attributes.itemId !== undefined
    && next.attributes.itemId === first.attributes?.itemId;
}

/** Joins the consecutive ThinkingParts of one OpenAI reasoning item into one reasoning part. */
export function joinSummaries(parts: readonly Part[]): Part[] {
  const joined: Part[] = [];
  for (let index = 0; index < parts.length; index++) {
    const first = parts[index]!;
    if (first.type !== "reasoning" || first.attributes?.provider !== SUMMARY_PROVIDER || typeof first.summary !== "string" || first.attributes[SUMMARY_PART_LENGTHS] !== undefined) {
      joined.push(first);
      continue;
    }
    const summaries = [first.summary];
    while (index + 1 < parts.length && continues(first, parts[index + 1]!)) summaries.push((parts[++index] as Reasoning).summary as string);
    joined.push(summaries.length === 1 ? first : {
      ...first,
      summary: summaries.join(REASONING_PART_SEPARATOR),
      attributes: { ...first.attributes, [SUMMARY_PART_LENGTHS]: summaries.map((summary) => summary.length).join(",") },
    });
  }
  return joined;
}

/** The summaries of a joined reasoning part, or undefined when its lengths do not fit its summary (an edited text). */
export function splitSummaries(summary: string, lengths: string): string[] | undefined {
  const sizes = lengths.split(",").map(Number);
  const pieces: string[] = [];
  let offset = 0;
  for (const [index, size] of sizes.entries()) {
    if (!Number.isSafeInteger(size) || size < 0) return undefined;
    pieces.push(summary.slice(offset, offset + size));
    offset += size;
    if (index < sizes.length - 1) {
      if (summary.slice(offset, offset + REASONING_PART_SEPARATOR.length) !== REASONING_PART_SEPARATOR) return undefined;
      offset += REASONING_PART_SEPARATOR.length;
    }
  }
  return offset === summary.length ? pieces : undefined;
}
