// partwise's own JSON as a `partwise convert` format: a History document or a bare message array in
// (checked like any stored history), a History document out. Nothing is lost either way.
import { parseHistory } from "../parts/parse.js";
import type { MessageFormat } from "./conversion.js";

/** The `partwise` format of `partwise convert`. */
export const partwiseFormat: MessageFormat = {
  id: "partwise",
  displayName: "partwise history",
  read: (document) => ({ messages: parseHistory(document).messages, warnings: [] }),
  write: (messages) => ({ document: { format: "partwise.history", version: 1, messages: [...messages] }, warnings: [] }),
};
