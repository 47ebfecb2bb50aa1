// Loads an optional peer dependency (a database driver, a code generator) when a feature first needs
// it, so importing partwise never fails for a package the caller does not use; a missing one is a
// MissingDependencyError that names the package to install. Node only (createRequire, import()).
import { createRequire } from "node:module";
import { MissingDependencyError } from "../errors/partwise-error.js";

const requireFromPartwise = createRequire(import.meta.url);

function isNotFound(error: unknown, packageName: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  // Only the package itself: a missing dependency of the package is a broken install, reported as such.
  return (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") && typeof message === "string" && message.includes(`'${packageName}'`);
}

/** The error for a peer that `feature` needs and that is missing or does not load. */
function missingPeer(error: unknown, packageName: string, feature: string): MissingDependencyError {
  const details = { package: packageName, feature };
  if (isNotFound(error, packageName)) {
    return new MissingDependencyError("setup/missing-dependency", `${feature} needs the package ${packageName}, which is not installed: run npm install ${packageName}`, {
      details,
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new MissingDependencyError(
    "setup/missing-dependency",
    `${feature} needs the package ${packageName}, which is installed but does not load (${reason}); reinstall it or, for a native addon, run npm rebuild ${packageName} under this Node version`,
    { details, cause: error },
  );
}

/** The CommonJS exports of `packageName`, which `feature` needs. */
export function requireOptionalPeer<Exports>(packageName: string, feature: string): Exports {
  try {
    return requireFromPartwise(packageName) as Exports;
  } catch (error) {
    throw missingPeer(error, packageName, feature);
  }
}

/** The module namespace of `packageName` through the ESM loader (whose resolution hooks apply), which `feature` needs. */
export async function importOptionalPeer<Exports>(packageName: string, feature: string): Promise<Exports> {
  try {
    return (await import(packageName)) as Exports;
  } catch (error) {
    throw missingPeer(error, packageName, feature);
  }
}
