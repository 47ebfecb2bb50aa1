// How a partwise reasoning part's text and summary become AI SDK reasoning texts and back. The AI SDK
// has one `text`; its OpenAI Responses provider gives one reasoning part per summary part of an item.
import { joined, splitJoined } from "../../providers/openai-responses/map-openai-responses-item.js";

/** A reasoning part's two texts, and the summary part lengths when it joins several. */
export interface ReasoningTexts {
  readonly text: string | null;
  readonly summary: string | null;
  readonly summaryPartLengths?: string;
}

/**
 * What `fromModelMessages` reads from the texts of one item's reasoning parts: Responses reasoning
 * (`responses`) is a summary (none for one empty text), any other is the text (null for redacted
 * reasoning's empty text).
 */
export function readReasoningTexts(texts: readonly string[], responses: boolean, redacted: boolean): ReasoningTexts {
  if (responses) {
    if (texts.length === 1 && texts[0] === "") return { text: null, summary: null };
    const summary = joined(texts);
    return summary?.lengths === undefined ? { text: null, summary: summary?.text ?? null } : { text: null, summary: summary.text, summaryPartLengths: summary.lengths };
  }
  const text = texts.join("");
  return { text: redacted && text === "" ? null : text, summary: null };
}

/** The AI SDK texts of a reasoning part: the summary split per part for a Responses item, else its text. */
export function writeReasoningTexts(texts: ReasoningTexts, splitPerSummaryPart: boolean): string[] {
  if (splitPerSummaryPart && texts.text === null && texts.summary !== null) return splitJoined(texts.summary, texts.summaryPartLengths);
  return [texts.text ?? texts.summary ?? ""];
}
