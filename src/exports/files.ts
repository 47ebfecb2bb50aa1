// `partwise/files`: validating stored history files and session logs on disk, streamed line by line
// (what `partwise validate` runs). Node only (node:fs).
export { validateFile, type FileSummary, type ValidateFileOptions, type ValidationIssue } from "../validation/validate-file.js";
