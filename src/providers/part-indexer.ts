// The index synthesizer for wires without content-block indices (Gemini, Chat Completions, DeepSeek,
// Ollama, Mistral): consecutive text, or consecutive reasoning, share an index; any other part takes the
// next index, arrives whole, and ends the run. One indexer per response (per candidate for Gemini).
import type { Part, PartChunk } from "../../generated/types.js";
import { partChunk } from "./part-chunk.js";

type RunType = "text" | "reasoning";

export class PartIndexer {
  readonly #responseId: string | undefined;
  #index = -1;
  #run: RunType | undefined;

  constructor(responseId?: string) {
    this.#responseId = responseId;
  }

  #chunk(part: Part, partial: boolean, index: number | undefined): PartChunk {
    return partChunk(partial, part, this.#responseId, index);
  }

  /** The type of the run the last part joined (text or reasoning), or undefined after any other part. */
  get run(): RunType | undefined {
    return this.#run;
  }

  /** Ends the current run: the next text or reasoning part takes a new index even when it has the run's type. */
  endRun(): void {
    this.#run = undefined;
  }

  /**
   * The chunk for the next part of the response. An empty text without payload stays unindexed and does
   * not end the run. An empty text with a payload is text like any other: after text it is a delta of that
   * text carrying the payload (how Gemini's trailing signature lands on the answer it closes), after
   * reasoning it opens a text part of its own, so the payload goes back on a text part, where it was
   * received, and never on the thought (https://ai.google.dev/gemini-api/docs/thought-signatures).
   */
  next(part: Part): PartChunk {
    if (part.type === "text" && part.text === "" && !part.payload) return this.#chunk(part, true, undefined);
    if (part.type === "text" || part.type === "reasoning") {
      if (this.#run !== part.type) {
        this.#index++;
        this.#run = part.type;
      }
      return this.#chunk(part, true, this.#index);
    }
    this.#index++;
    this.#run = undefined;
    return this.#chunk(part, false, this.#index);
  }
}
