// `partwise validate FILE... [--json] [--strict] [--target ID]`: validates stored histories and prints each problem as
// `file:line: /json/pointer: what was expected`. Exit 0 valid, 1 invalid, 2 usage.
import type { ErrorObject } from "../../generated/types.js";
import { UsageError } from "../errors/partwise-error.js";
import { terminalSafeLine } from "../json/terminal-safe.js";
import { isKnownProviderId, knownProviderIds } from "../providers/known-providers.js";
import { validateFile, type FileSummary, type ValidationIssue } from "../validation/validate-file.js";
import { problemToErrorObject } from "../validation/validate-history.js";
import { parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { ProgressBar } from "./progress-bar.js";
import type { CommandIo } from "./command-io.js";
import { checkFile } from "./read-input.js";

export const VALIDATE_HELP = `Usage: partwise validate FILE... [options]

Validates stored histories: a partwise.history document, a bare array of messages, or JSONL with one
message, session event or history document per line (detected automatically). Besides the JSON Schema
it reports what breaks replay: unanswered tool calls, results without a call, duplicate tool-call ids,
payloads of unknown providers and empty signatures. Parts of a later format version are warnings.
With --target, user, system and tool-result parts that provider does not take are warnings too.

Options:
  --json                 print one JSON document with every result instead of lines
  --strict               treat parts of a later format version as errors
  --target ID            warn about parts the provider ID leaves out of user, system and tool-result content
  --max-errors N         print at most N problems per file (default 1000; counting goes on)
  --max-line-bytes N     longest JSONL line accepted (default 268435456)
  -h, --help             show this help

Exit status: 0 all files valid, 1 a file is invalid, 2 usage error.`;

/** An issue as validateHistory reports it (src/validation/validate-history.ts), plus where it is in its file. */
function issueToErrorObject(issue: ValidationIssue): ErrorObject {
  const object: ErrorObject = { ...problemToErrorObject(issue), file: issue.file };
  if (issue.line !== undefined) object.line = issue.line;
  if (issue.column !== undefined) object.column = issue.column;
  return object;
}

/** An issue as a line: `file:line: /pointer: message` (`partwise lint` prints the schema problems it stops at the same way). */
export function formatIssue(issue: ValidationIssue): string {
  const place = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  const severity = issue.severity === "warning" ? "warning: " : "";
  const pointer = issue.pointer === undefined ? "" : `${issue.pointer || "/"}: `;
  // Pointers and messages carry the document's own names and ids: escaped, they cannot forge a line.
  return terminalSafeLine(`${place}: ${severity}${pointer}${issue.message}`);
}

export async function runValidate(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: "boolean" },
      strict: { type: "boolean" },
      target: { type: "string" },
      "max-errors": { type: "string" },
      "max-line-bytes": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(VALIDATE_HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("validate needs at least one FILE (see partwise validate --help)");
  const maxErrors = positiveIntegerOption("max-errors", values["max-errors"]) ?? 1000;
  const maxLineBytes = positiveIntegerOption("max-line-bytes", values["max-line-bytes"]) ?? 256 * 1024 * 1024;
  const target = values.target;
  if (target !== undefined && !isKnownProviderId(target)) throw new UsageError(`--target names no provider: "${target}" (known: ${knownProviderIds().join(", ")})`);
  for (const file of positionals) await checkFile(file);

  const results: { summary: FileSummary; issues: ErrorObject[]; shown: number }[] = [];
  for (const file of positionals) {
    const progress = new ProgressBar(file);
    const issues: ErrorObject[] = [];
    let shown = 0;
    const summary = await validateFile(file, {
      strict: values.strict ?? false,
      ...(target === undefined ? {} : { target: { provider: target } }),
      maxLineBytes,
      onProgress: (done, total) => progress.update(done, total),
      onIssue: (issue) => {
        if (shown >= maxErrors) return;
        shown++;
        if (values.json) issues.push(issueToErrorObject(issue));
        else {
          progress.clear();
          io.out(formatIssue(issue));
        }
      },
    });
    progress.clear();
    results.push({ summary, issues, shown });
    if (!values.json) {
      const hidden = summary.errors + summary.warnings - shown;
      if (hidden > 0) io.out(`${file}: ${hidden} more problems not shown (--max-errors ${maxErrors})`);
      const verdict = summary.errors === 0 ? "valid" : `invalid, ${summary.errors} error${summary.errors === 1 ? "" : "s"}`;
      const warnings = summary.warnings === 0 ? "" : `, ${summary.warnings} warning${summary.warnings === 1 ? "" : "s"}`;
      io.out(`${file}: ${verdict}${warnings} (${summary.records} ${summary.format === "jsonl" ? "records" : "messages"})`);
    }
  }
  const valid = results.every(({ summary }) => summary.errors === 0);
  if (values.json) {
    io.out(JSON.stringify({
      valid,
      files: results.map(({ summary, issues }) => ({
        file: summary.file,
        format: summary.format,
        valid: summary.errors === 0,
        records: summary.records,
        errorCount: summary.errors,
        warningCount: summary.warnings,
        issues,
      })),
    }, null, 2));
  }
  return valid ? 0 : 1;
}
