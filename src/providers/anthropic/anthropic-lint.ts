// The request facts Anthropic's request rules test (spec/providers/anthropic.tsp @requestRules): whether
// extended thinking is on (`thinking.type` enabled or adaptive) and whether tools are declared.
import type { ProviderLint } from "../../lint/lint-check.js";

export const anthropicLint: ProviderLint = {
  *facts(request) {
    const thinking = request.thinking as { type?: unknown } | undefined;
    if (thinking?.type === "enabled" || thinking?.type === "adaptive") yield "thinking";
    if (Array.isArray(request.tools) && request.tools.length > 0) yield "tools";
    if (request.stream === true) yield "stream";
  },
};
