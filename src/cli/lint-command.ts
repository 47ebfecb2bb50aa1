// `partwise lint --target ID[,ID...] [--request JSON] [--variant V] [--flag F]... [--json] [--fix OUT] FILE...`:
// what each target provider will reject, leave out or degrade in a stored history, before the call, and with
// --fix the history it will accept. Exit 0 no rejection predicted, 1 one is (or the input is invalid), 2 usage (docs/lint.md).
import { writeFile } from "node:fs/promises";
import type { ErrorObject, LintTargetReport } from "../../generated/types.js";
import { UsageError } from "../errors/partwise-error.js";
import { terminalSafeLine } from "../json/terminal-safe.js";
import { REASONING_AS_TEXT_FLAG, fixHistory } from "../lint/fix-history.js";
import { type LintOptions, lintHistory } from "../lint/lint-history.js";
import { isKnownProviderId, knownProviderIds } from "../providers/known-providers.js";
import { type ValidationIssue, validateFile } from "../validation/validate-file.js";
import type { CommandIo } from "./command-io.js";
import { jsonObjectOption, parseCommandLine, positiveIntegerOption } from "./command-options.js";
import { readHistory } from "./encode-command.js";
import { checkFile, inputText } from "./read-input.js";
import { formatIssue } from "./validate-command.js";

export const LINT_HELP = `Usage: partwise lint --target ID[,ID...] [options] FILE...

Says what each target provider will do with a stored history (a partwise.history document, a bare array
of messages, or JSONL of messages) sent with the request fields of --request: the rejections it will
answer (status, error text, the JSON pointer of the cause, the rule, its documentation and a fix), then
as warnings the parts its encoder leaves out and the losses it documents. A file the schema rejects is
reported as \`partwise validate\` reports it, and not linted.

Options:
  --target ID[,ID...]  the providers to lint for (built-in or registered with --provider-module)
  --request JSON       the request fields sent with the history (model, thinking, tools, store, ...)
  --variant NAME       a rule variant: a server profile or a rule version
  --flag NAME          turn on an option the rules test (repeatable), e.g. replayForeignReasoning;
                       ${REASONING_AS_TEXT_FLAG} lets --fix keep reasoning the target leaves out as text
  --json               print the findings as one JSON array of ErrorObjects (\`provider\` is the target)
  --fix OUT            write the history the targets will accept to OUT (one FILE only), each change on stderr
  --max-input-bytes N  read at most N bytes of each FILE (default 256 MiB)
  -h, --help           show this help

Exit status: 0 no rejection predicted (warnings may be printed), 1 a rejection is predicted, a file is
invalid or --fix left a rejection it has no fix for, 2 usage error.`;

/** The schema problems of a file, which stop lint; the tool-pairing and payload checks are lint's rules, per target. */
async function schemaErrors(file: string): Promise<ValidationIssue[]> {
  const errors: ValidationIssue[] = [];
  await validateFile(file, { onIssue: (issue) => issue.severity === "error" && issue.code !== "history/invalid" && errors.push(issue) });
  return errors;
}

function findingLine(finding: ErrorObject): string[] {
  const details = finding.details ?? {};
  const place = finding.pointer === undefined ? "" : `${finding.pointer || "/"}: `;
  const rule = `[${String(details.rule ?? finding.code)}]`;
  if (finding.code === "lint/rejected") {
    const said = details.status === undefined ? finding.message : `${String(details.status)} ${String(details.errorText)}`;
    const lines = [`  rejected ${place}${said} ${rule}`];
    if (details.fix !== undefined) lines.push(`    fix: ${String(details.fix)}`);
    if (details.docs !== undefined) lines.push(`    docs: ${String(details.docs)}`);
    return lines;
  }
  const kind = finding.code === "lint/degraded" ? "degraded" : "dropped";
  return [`  warning ${place}${kind}: ${finding.message} ${rule}`];
}

/** A target's report as lines: a verdict, the rejections, then the drops and degradations. */
function targetLines(file: string, report: LintTargetReport): string[] {
  const name = report.variant === "default" ? report.target : `${report.target} (${report.variant})`;
  const rejections = report.findings.filter((finding) => finding.code === "lint/rejected");
  const warnings = report.findings.filter((finding) => finding.code !== "lint/rejected");
  const counts = [`${rejections.length} rejection${rejections.length === 1 ? "" : "s"}`, `${warnings.length} warning${warnings.length === 1 ? "" : "s"}`].join(", ");
  const header = `${file}: ${name}${report.model === undefined ? "" : ` ${report.model}`}: ${report.accepted ? "accepted" : "rejected"} (${counts})`;
  return [header, ...rejections.flatMap(findingLine), ...warnings.flatMap(findingLine)];
}

function changeLine(change: ErrorObject): string {
  const place = change.pointer === undefined ? "" : `${change.pointer || "/"}: `;
  return change.code === "lint/fixed" ? `fixed ${place}${change.message}${change.provider === undefined ? "" : ` (${change.provider})`}` : `not fixed ${place}${change.message}`;
}

function targetList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === "") throw new UsageError("lint needs --target ID[,ID...] (see partwise lint --help)");
  const targets = text.split(",").map((target) => target.trim());
  const unknown = targets.find((target) => !isKnownProviderId(target));
  if (unknown !== undefined) throw new UsageError(`--target names no provider: "${unknown}" (known: ${knownProviderIds().join(", ")})`);
  return targets;
}

export async function runLint(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      target: { type: "string" },
      request: { type: "string" },
      variant: { type: "string" },
      flag: { type: "string", multiple: true },
      json: { type: "boolean" },
      fix: { type: "string" },
      "max-input-bytes": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.out(LINT_HELP);
    return 0;
  }
  const request = jsonObjectOption("request", values.request);
  const options: LintOptions = {
    target: targetList(values.target),
    ...(request === undefined ? {} : { request }),
    ...(values.variant === undefined ? {} : { variant: values.variant }),
    ...(values.flag === undefined ? {} : { flags: values.flag }),
  };
  if (positionals.length === 0) throw new UsageError("lint needs at least one FILE (see partwise lint --help)");
  if (values.fix !== undefined && positionals.length > 1) throw new UsageError("--fix writes one history: lint one FILE with it");
  const maxBytes = positiveIntegerOption("max-input-bytes", values["max-input-bytes"]);
  for (const file of positionals) await checkFile(file);

  let failed = false;
  const findings: ErrorObject[] = [];
  for (const file of positionals) {
    const invalid = await schemaErrors(file);
    if (invalid.length > 0) {
      for (const issue of invalid) io.err(formatIssue(issue));
      io.err(terminalSafeLine(`${file}: not linted: the schema rejects it (${invalid.length} error${invalid.length === 1 ? "" : "s"}; see partwise validate)`));
      failed = true;
      continue;
    }
    const history = readHistory(await inputText(file, maxBytes), file);
    const report = lintHistory(history, options);
    failed ||= !report.accepted;
    if (values.json) findings.push(...report.targets.flatMap((target) => target.findings.map((finding) => ({ ...finding, file }))));
    else for (const target of report.targets) for (const line of targetLines(file, target)) io.out(terminalSafeLine(line));
    if (values.fix !== undefined) {
      const fixed = fixHistory(history, options);
      for (const change of [...fixed.changes, ...fixed.unfixed]) io.err(terminalSafeLine(changeLine(change)));
      await writeFile(values.fix, `${JSON.stringify(fixed.history, null, 2)}\n`);
      io.err(terminalSafeLine(`${values.fix}: ${fixed.changes.length} change${fixed.changes.length === 1 ? "" : "s"}; ${fixed.accepted ? "accepted by every target" : `${fixed.unfixed.length} rejection${fixed.unfixed.length === 1 ? "" : "s"} not fixed`}`));
      failed = !fixed.accepted;
    }
  }
  if (values.json) io.out(JSON.stringify(findings, null, 2));
  return failed ? 1 : 0;
}
