// The part chunk every stream decoder hands the aggregator, made as one object literal per set of fields.
import type { Part, PartChunk } from "../../generated/types.js";

/**
 * A part chunk, with its response id and index when they are known. Whole literals, one per set of
 * fields: a field added to an object literal afterwards goes to a separate property store, one more
 * allocation for each of a stream's chunks.
 */
export function partChunk(partial: boolean, part: Part, responseId: string | undefined, index: number | undefined): PartChunk {
  if (responseId === undefined) return index === undefined ? { partial, part } : { partial, part, index };
  return index === undefined ? { partial, part, responseId } : { partial, part, responseId, index };
}
