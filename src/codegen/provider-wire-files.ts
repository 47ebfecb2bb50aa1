// The generated files of one provider's wire: standalone validators of its wire models and their
// TypeScript types, written alike for partwise's own providers (generated/wire/), for a provider spec
// outside partwise (`partwise generate --provider`) and for other frameworks' formats (generated/formats/).
import { bundleSchemas } from "./bundle-schema.js";
import type { JsonSchemaDocument, ProviderDescription } from "./compile-spec.js";
import { emitTypescript } from "./emit-typescript.js";
import { emitValidators } from "./emit-validators.js";
import type { GeneratedFile } from "./generated-file.js";

/** Where the files go and what they say about themselves. */
export interface WireFileOptions {
  /** The directory the paths start with (`generated/wire`); none when empty. */
  readonly directory: string;
  /** The module the types import canonical types from (`../types.js`, or `partwise` outside the repository). */
  readonly canonicalTypes: string;
  /** Where the provider's spec file is, as the types' description names it. */
  readonly specFile: string;
  /** The banner of each file; the emitters' own when absent. */
  readonly banner?: string;
  /** What the shapes are, for the bundle's id and the types' description: `wire` (a provider's, the default) or `formats` (another framework's messages). */
  readonly shapes?: "wire" | "formats";
}

/** `<id>-validators.js`, `<id>-validators.d.ts` and `<id>.ts` of a provider, from the compiled schemas. */
export async function providerWireFiles(provider: Pick<ProviderDescription, "id" | "displayName" | "wireModels">, schemas: ReadonlyMap<string, JsonSchemaDocument>, options: WireFileOptions): Promise<GeneratedFile[]> {
  const validators = emitValidators(
    [...schemas.values()],
    Object.fromEntries(provider.wireModels.map((model) => [`validate${model}`, model])),
    options.banner,
  );
  const shapes = options.shapes ?? "wire";
  const what = shapes === "wire" ? "wire shapes" : "message shapes";
  const bundle = bundleSchemas(schemas, provider.wireModels, { id: `${shapes}/${provider.id}.schema.json`, description: `${provider.displayName} ${what}.` });
  const types = await emitTypescript(
    bundle,
    `${provider.displayName} ${what} (${options.specFile}), tolerant of fields partwise does not model.`,
    options.canonicalTypes,
    options.banner,
  );
  const path = (name: string) => (options.directory === "" ? name : `${options.directory}/${name}`);
  return [
    { path: path(`${provider.id}-validators.js`), content: validators.module },
    { path: path(`${provider.id}-validators.d.ts`), content: validators.declarations },
    { path: path(`${provider.id}.ts`), content: types },
  ];
}
