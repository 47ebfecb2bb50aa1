// DeepSeek's replay rules changed over time; each version is a variant of spec/providers/deepseek.tsp
// (whose reasons cite the docs of its time) plus the one thing a part rule cannot say: which assistant
// messages must carry `reasoning_content` even when they have no reasoning to send.
// https://api-docs.deepseek.com/guides/thinking_mode
import { ownValue } from "../../json/own-property.js";
import { invalidEncodeOption } from "../replay-rules.js";
import { DEEPSEEK } from "./deepseek-wire.js";

export interface DeepSeekRuleVersion {
  /** The replay-rule variant. */
  readonly variant: string;
  /**
   * Which assistant messages carry `reasoning_content: ""` when they have none: every one of a
   * conversation that used tools (V4: the server checks presence), those after the last user message
   * (V3.2: the current tool loop), or none (R1 rejects the field).
   */
  readonly reasoningFieldRequired: "tool-conversation" | "current-turn" | "never";
}

export const DEEPSEEK_RULE_VERSIONS = {
  /** 2026-04 to now (`deepseek-v4-pro`, `deepseek-v4-flash`): the default. */
  v4: { variant: "default", reasoningFieldRequired: "tool-conversation" },
  /** 2025-12 (V3.2 thinking mode with tool calls). */
  "v3.2": { variant: "v3.2", reasoningFieldRequired: "current-turn" },
  /** 2025-01 to 2025-11 (`deepseek-reasoner`, R1). */
  r1: { variant: "r1", reasoningFieldRequired: "never" },
} as const satisfies Record<string, DeepSeekRuleVersion>;

/** The rule version an encode option's variant names (`default` and `v4` are the current one). */
export function deepSeekRuleVersion(variant: string | undefined): DeepSeekRuleVersion {
  if (variant === undefined || variant === "default") return DEEPSEEK_RULE_VERSIONS.v4;
  const version = ownValue<DeepSeekRuleVersion>(DEEPSEEK_RULE_VERSIONS, variant);
  if (version) return version;
  const versions = ["default", ...Object.keys(DEEPSEEK_RULE_VERSIONS)];
  throw invalidEncodeOption(DEEPSEEK, `provider "deepseek" has no replay rule version ${JSON.stringify(variant)} (versions: default = v4, ${Object.keys(DEEPSEEK_RULE_VERSIONS).join(", ")})`, { variant, variants: versions });
}
