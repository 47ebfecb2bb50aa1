// `--provider-module PATH` (every command, repeatable): ES modules of providers written outside partwise,
// imported and registered before the command runs, so `--provider`, `--target` and validation know their
// ids. The export contract is in docs/custom-providers.md: a default export of one registration or an array.
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PartwiseError, UsageError } from "../errors/partwise-error.js";
import type { ProviderRegistration } from "../providers/registry.js";

const OPTION = "--provider-module";

/** The `--provider-module` values of a command line, and the arguments left for the command; none are taken after `--`. */
export function takeProviderModules(argv: readonly string[]): { readonly modules: string[]; readonly rest: string[] } {
  const modules: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === "--") {
      rest.push(...argv.slice(index));
      break;
    }
    const inline = argument.startsWith(`${OPTION}=`) ? argument.slice(OPTION.length + 1) : undefined;
    if (argument !== OPTION && inline === undefined) {
      rest.push(argument);
      continue;
    }
    const value = inline ?? argv[++index];
    if (value === undefined || value === "") throw new UsageError(`${OPTION} needs a PATH (an ES module file, relative to the working directory, or a package name)`);
    modules.push(value);
  }
  return { modules, rest };
}

/** Whether a specifier names a file rather than a package: `./x.js`, `../x.js`, `/abs/x.js`, `x/y.js` with a directory of its own. */
function isFileSpecifier(specifier: string): boolean {
  return specifier.startsWith(".") || isAbsolute(specifier) || /\.[cm]?js$/.test(specifier);
}

/** Imports a module: a file relative to `cwd`, or a package as the project in `cwd` resolves it. */
async function importModule(specifier: string, cwd: string): Promise<Record<string, unknown>> {
  if (isFileSpecifier(specifier)) return (await import(pathToFileURL(resolve(cwd, specifier)).href)) as Record<string, unknown>;
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    // Not where partwise is installed: where the user's project installed it.
    const path = createRequire(join(cwd, "package.json")).resolve(specifier);
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  }
}

/** The registrations a module's default export holds: one, or an array of them. */
function exportedRegistrations(module: Record<string, unknown>, specifier: string): unknown[] {
  const exported = module.default;
  if (exported === undefined) {
    throw new UsageError(`${OPTION} ${specifier}: the module has no default export; export default { codec, description } (or an array of them)`);
  }
  const registrations = Array.isArray(exported) ? exported : [exported];
  if (registrations.length === 0) throw new UsageError(`${OPTION} ${specifier}: the module's default export is an empty array; it registers no provider`);
  return registrations;
}

/**
 * Imports every module and registers the providers each exports, in order. A module that fails to load,
 * exports nothing, or exports a registration registerProvider refuses is a usage error naming it and why.
 */
export async function registerProviderModules(specifiers: readonly string[], cwd = process.cwd()): Promise<void> {
  if (specifiers.length === 0) return;
  // The registry (every provider) is loaded only for a command given provider modules, or one that uses it.
  const { registerProvider } = await import("../providers/registry.js");
  for (const specifier of specifiers) {
    let module: Record<string, unknown>;
    try {
      module = await importModule(specifier, cwd);
    } catch (error) {
      throw new UsageError(`${OPTION} ${specifier}: cannot load the module: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    for (const registration of exportedRegistrations(module, specifier)) {
      try {
        registerProvider(registration as ProviderRegistration);
      } catch (error) {
        if (!PartwiseError.isPartwiseError(error)) throw error;
        throw new UsageError(`${OPTION} ${specifier}: ${error.message}`, { cause: error, ...(error.provider === undefined ? {} : { provider: error.provider }) });
      }
    }
  }
}
