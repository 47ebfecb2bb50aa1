// How Pydantic AI names media: its format id, the `kind` of a file URL for each media type, and MIME
// types partwise can hold (a media type partwise cannot hold keeps its raw value in the extras).
import type { Media } from "../../../generated/types.js";

/** The format id (`partwise convert --from pydantic-ai`), also the `provider` of unknown parts holding Pydantic AI parts. */
export const PYDANTIC_AI = "pydantic-ai";

/** partwise's MIME type pattern (spec/parts.tsp Media.mimeType). */
const MIME_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(;.*)?$/;

const FALLBACK_MIME_TYPE = "application/octet-stream";

/** The MIME type partwise holds for a Pydantic AI media type, and whether it is that media type exactly. */
export function mediaTypeOf(mediaType: string | null | undefined): { mimeType: string; exact: boolean } {
  return typeof mediaType === "string" && MIME_TYPE.test(mediaType) ? { mimeType: mediaType, exact: true } : { mimeType: FALLBACK_MIME_TYPE, exact: false };
}

const URL_KINDS: readonly (readonly [prefix: string, kind: string])[] = [
  ["image/", "image-url"],
  ["audio/", "audio-url"],
  ["video/", "video-url"],
];

/** The file URL class Pydantic AI uses for a media type (`ImageUrl`, `AudioUrl`, `VideoUrl`, else `DocumentUrl`). */
export function urlKindOf(mimeType: Media["mimeType"]): "image-url" | "audio-url" | "video-url" | "document-url" {
  const match = URL_KINDS.find(([prefix]) => mimeType.toLowerCase().startsWith(prefix));
  return (match?.[1] ?? "document-url") as "image-url" | "audio-url" | "video-url" | "document-url";
}
