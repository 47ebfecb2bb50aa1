// Identifiers for the generated models, built with quicktype-core's word splitting (which also spots
// acronyms such as `id`, `json` and `mime`), so names follow the conventions of quicktype's own output.
// quicktype-core is an optional peer dependency: it is loaded on the first identifier, so only
// `partwise generate` needs it installed.
import type * as Quicktype from "quicktype-core";
import { requireOptionalPeer } from "../../runtime/optional-peer.js";
import { InternalError } from "../../errors/partwise-error.js";

let quicktype: typeof Quicktype | undefined;
let legalize: ((name: string) => string) | undefined;

function words(): typeof Quicktype {
  quicktype ??= requireOptionalPeer<typeof Quicktype>("quicktype-core", "partwise generate");
  return quicktype;
}

const lower = (word: string) => word.toLowerCase();
const isLetter = (codePoint: number) => words().isLetterOrDigit(codePoint) && !(codePoint >= 0x30 && codePoint <= 0x39);
const firstUpperWordStyle = (word: string) => words().firstUpperWordStyle(word);
const allUpperWordStyle = (word: string) => words().allUpperWordStyle(word);

function combine(name: string, first: (word: string) => string, rest: (word: string) => string, firstAcronym: (word: string) => string, restAcronym: (word: string) => string, separator: string): string {
  const { combineWords, isLetterOrDigit, legalizeCharacters, splitIntoWords } = words();
  legalize ??= legalizeCharacters((codePoint) => isLetterOrDigit(codePoint) || codePoint === 0x5f);
  return combineWords(splitIntoWords(name), legalize, first, rest, firstAcronym, restAcronym, separator, isLetter);
}

/** `tool_call` -> `ToolCall`, `rawJson` -> `RawJson`. */
export function pascalCase(name: string): string {
  return combine(name, firstUpperWordStyle, firstUpperWordStyle, firstUpperWordStyle, firstUpperWordStyle, "");
}

/** `tool_call` -> `toolCall`. */
export function camelCase(name: string): string {
  return combine(name, lower, firstUpperWordStyle, lower, firstUpperWordStyle, "");
}

/** `toolCall` -> `tool_call`, `rawJson` -> `raw_json`. */
export function snakeCase(name: string): string {
  return combine(name, lower, lower, lower, lower, "_");
}

/** `toolCall` -> `TOOL_CALL`. */
export function upperSnakeCase(name: string): string {
  return combine(name, allUpperWordStyle, allUpperWordStyle, allUpperWordStyle, allUpperWordStyle, "_");
}

/** Go's exported names: acronyms in capitals (`id` -> `ID`, `rawJson` -> `RawJSON`). */
export function goExportedName(name: string): string {
  return combine(name, firstUpperWordStyle, firstUpperWordStyle, allUpperWordStyle, allUpperWordStyle, "");
}

/**
 * A double-quoted string literal for a property name, tag or enum value. Those are word characters,
 * dots, dashes and slashes, which need no escaping (nor interpolation) in any target language.
 */
export function stringLiteral(value: string): string {
  if (!/^[\w./-]*$/.test(value)) throw new InternalError("internal/invariant", `stringLiteral: ${JSON.stringify(value)} needs escaping`);
  return `"${value}"`;
}
