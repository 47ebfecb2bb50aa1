// Reads recorded HTTP cassettes (the VCR YAML that pydantic-ai's tests record against the real APIs) into
// interactions: the request's URL and JSON body, the response's status, media type and body as the wire
// carried it (parsed JSON, SSE text, or the AWS event-stream bytes of a `!!binary` body).
import { readFileSync } from "node:fs";
import { parse } from "yaml";

export interface RecordedInteraction {
  /** Position in the cassette, from 1. */
  readonly position: number;
  readonly url: string;
  readonly requestBody: unknown;
  readonly status: number;
  readonly contentType: string;
  /** The response body: JSON when the cassette stored it parsed, else its text or bytes. */
  readonly body: { readonly kind: "json"; readonly value: unknown } | { readonly kind: "text"; readonly value: string } | { readonly kind: "bytes"; readonly value: Uint8Array };
}

interface CassetteNode {
  readonly interactions?: readonly {
    readonly request?: { readonly uri?: string; readonly parsed_body?: unknown; readonly body?: unknown };
    readonly response?: {
      readonly status?: { readonly code?: number };
      readonly headers?: Record<string, readonly string[] | string>;
      readonly parsed_body?: unknown;
      readonly body?: { readonly string?: string | Uint8Array };
    };
  }[];
}

function header(headers: Record<string, readonly string[] | string> | undefined, name: string): string {
  const value = headers?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The interactions of one cassette file, in recorded order. */
export function readCassette(path: string): RecordedInteraction[] {
  const document = parse(readFileSync(path, "utf8"), { maxAliasCount: -1 }) as CassetteNode | null;
  return (document?.interactions ?? []).map((interaction, index) => {
    const response = interaction.response ?? {};
    const raw = response.body?.string;
    const body: RecordedInteraction["body"] =
      "parsed_body" in response
        ? { kind: "json", value: response.parsed_body }
        : raw instanceof Uint8Array
          ? { kind: "bytes", value: raw }
          : { kind: "text", value: raw ?? "" };
    return {
      position: index + 1,
      url: interaction.request?.uri ?? "",
      requestBody: interaction.request?.parsed_body ?? interaction.request?.body,
      status: response.status?.code ?? 0,
      contentType: header(response.headers, "content-type"),
      body,
    };
  });
}
