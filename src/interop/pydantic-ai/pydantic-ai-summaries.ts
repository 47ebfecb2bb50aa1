// Pydantic AI's OpenAI model keeps a reasoning item as one ThinkingPart per summary, all with the item's
// id and the signature on the first (models/openai.py); partwise keeps one reasoning part per item, its
// summaries joined with their lengths in `summaryPartLengths`, as partwise's own OpenAI Responses decoder does.
import type { Part } from "../../../generated/types.js";
import { joined } from "../../providers/openai-responses/map-openai-responses-item.js";
import { SUMMARY_PART_LENGTHS } from "../../providers/openai-responses/openai-responses-wire.js";
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
  const result: Part[] = [];
  for (let index = 0; index < parts.length; index++) {
    const first = parts[index]!;
    if (first.type !== "reasoning" || first.attributes?.provider !== SUMMARY_PROVIDER || typeof first.summary !== "string" || first.attributes[SUMMARY_PART_LENGTHS] !== undefined) {
      result.push(first);
      continue;
    }
    const summaries = [first.summary];
    while (index + 1 < parts.length && continues(first, parts[index + 1]!)) summaries.push((parts[++index] as Reasoning).summary as string);
    // Joined as partwise's OpenAI Responses decoder joins them, so its encoder splits them back the same way.
    const summary = joined(summaries);
    result.push(summary?.lengths === undefined ? first : { ...first, summary: summary.text, attributes: { ...first.attributes, [SUMMARY_PART_LENGTHS]: summary.lengths } });
  }
  return result;
}
