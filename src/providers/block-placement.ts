// Where one wire block of a provider sits in a whole blocking response, in a stream and in a request: the
// provider knowledge the mapping conformance cases need to decode a spec `@example` and find it again
// after encoding (test/conformance/README.md, "Declared mappings"). Each provider folder exports one.
import type { BlockMapping, Part } from "../../generated/types.js";
import type { CodecChoice } from "./registry.js";

/** Which message of a history carries the decoded part when it is encoded back. */
export type BlockTurn = "assistant" | "user" | "tool";

/** One example block placed in the provider's wire. */
export interface PlacedBlock {
  /**
   * The message the part travels in: `assistant` (history: a user prompt, then the assistant message with
   * the part), `user` (one user message with the part) or `tool` (a user prompt, the assistant message with
   * the call the result answers, then the tool message with the part).
   */
  readonly turn: BlockTurn;
  /** A blocking response body whose content is the block alone; absent for a block only requests carry. */
  readonly response?: unknown;
  /** The stream, as one decoded event per JSON line, carrying the block; absent when it never streams. */
  readonly stream?: readonly unknown[];
  /**
   * For a block only requests carry (tool results, a user's media), which no decoder reads: the part the
   * encoder writes it from. The part must still honour the block's declarations.
   */
  readonly part?: Part;
  /**
   * Where the block's part is among the decoded parts, when the block cannot come alone (a Responses
   * reasoning item is followed by the item it led to, which the response and the stream then carry too);
   * without it the block must decode to exactly one part.
   */
  readonly partIndex?: number;
  /**
   * JSON pointer (RFC 6901) of the block in the encoded request body. When the block is a set of fields of
   * a message rather than an entry of its own, the pointer names the message and only the example's
   * members are compared.
   */
  readonly request: string;
  /**
   * The block as the request carries it, when the API's request form differs from its response form
   * (OpenAI Chat's assistant `audio` goes back as its `id` alone); the example itself otherwise.
   */
  readonly requestBlock?: unknown;
  /** The server whose codec decodes and encodes the block (`codecFor`), when the provider's default server has no use for it. */
  readonly server?: CodecChoice;
}

/** Places one example of one declared block (`example` is one of `block.examples`); undefined for a block it does not know. */
export type BlockPlacement = (block: BlockMapping, example: unknown) => PlacedBlock | undefined;
