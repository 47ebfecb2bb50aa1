// The servers that speak the Responses API as data: each is a replay-rule variant of
// spec/providers/openai-responses.tsp (whose reasons cite what each server does with reasoning items).
// Compatible servers are profiles of one codec, as Chat Completions servers are, not copies of it.
import type { Part } from "../../../generated/types.js";
import { ownValue } from "../../json/own-property.js";
import { invalidEncodeOption } from "../replay-rules.js";
import { OPENAI_RESPONSES } from "./openai-responses-wire.js";

export interface OpenAiResponsesProfile {
  /** Names the server: the `attributes.profile` of the reasoning it produced (none for OpenAI's own). */
  readonly id: string;
  /** The replay-rule variant (`default` is OpenAI's). */
  readonly variant: string;
}

/** The named servers. */
export const OPENAI_RESPONSES_PROFILES = {
  /** api.openai.com (and Azure OpenAI): reasoning goes back by its `encrypted_content` only. */
  openai: { id: "openai", variant: "default" },
  /** api.deepseek.com/responses: reasoning items stream without `encrypted_content` and go back as received. */
  deepseek: { id: "deepseek", variant: "deepseek" },
  /** gpt-oss behind a Responses endpoint (vLLM and other open-weight servers): raw reasoning text, no encryption. */
  "gpt-oss": { id: "gpt-oss", variant: "gpt-oss" },
} as const satisfies Record<string, OpenAiResponsesProfile>;

export type OpenAiResponsesProfileName = keyof typeof OPENAI_RESPONSES_PROFILES;

/** The attribute naming the server that produced a reasoning part (OpenAI's carry none, so earlier decodes keep their form). */
export const PROFILE_ATTRIBUTE = "profile";

/** The per-part fact the replay rules test: the part came from the server the request is for. */
export const SAME_SERVER = "sameServer";

/** The profile `attributes.profile` value of what a profile decodes, or undefined for OpenAI's own. */
export function decodedProfile(profile: OpenAiResponsesProfile): string | undefined {
  return profile.id === OPENAI_RESPONSES_PROFILES.openai.id ? undefined : profile.id;
}

/** Whether a part was decoded from the server `profile` describes (a part without the attribute is OpenAI's). */
export function fromSameServer(part: Part, profile: OpenAiResponsesProfile): boolean {
  return (part.attributes?.[PROFILE_ATTRIBUTE] ?? OPENAI_RESPONSES_PROFILES.openai.id) === profile.id;
}

/** The profile a profile name or an encode option's variant names (`default` is OpenAI); `provider/invalid-option` lists the known ones. */
export function openAiResponsesProfile(name: string): OpenAiResponsesProfile {
  const named = name === "default" ? OPENAI_RESPONSES_PROFILES.openai : ownValue<OpenAiResponsesProfile>(OPENAI_RESPONSES_PROFILES, name);
  if (named) return named;
  const profiles = Object.keys(OPENAI_RESPONSES_PROFILES);
  throw invalidEncodeOption(OPENAI_RESPONSES, `provider "openai.responses" has no server profile ${JSON.stringify(name)} (profiles: ${profiles.join(", ")})`, { variant: name, variants: profiles });
}
