// @ts-check
// The partwise TypeSpec library: decorator implementations, their compile-time checks ($onValidate) and
// the emitter that writes providers.json (the provider mappings, replay rules and content rules as data).
import {
  createTypeSpecLibrary,
  emitFile,
  getDoc,
  getExamples,
  getNamespaceFullName,
  navigateProgram,
  paramMessage,
  resolvePath,
  serializeValueAsJson,
} from "@typespec/compiler";

export const $lib = createTypeSpecLibrary({
  name: "@partwise/typespec",
  diagnostics: {
    "unknown-part-type": {
      severity: "error",
      messages: {
        default: paramMessage`"${"part"}" is not a part type (expected one of ${"known"}).`,
      },
    },
    "unknown-part-field": {
      severity: "error",
      messages: {
        default: paramMessage`"${"field"}" is not a field of the ${"part"} part (${"reason"}).`,
      },
    },
    "outside-provider": {
      severity: "error",
      messages: {
        default: paramMessage`@${"decorator"} is used outside a namespace marked with @provider.`,
      },
    },
    "missing-maps-to": {
      severity: "error",
      messages: {
        default: paramMessage`@${"decorator"} is used on a property of ${"model"}, which has no @mapsTo.`,
      },
    },
    "undeclared-payload-kind": {
      severity: "error",
      messages: {
        default: paramMessage`Payload kind "${"kind"}" is not declared on provider "${"provider"}" (declared: ${"declared"}).`,
      },
    },
    "duplicate-provider-id": {
      severity: "error",
      messages: { default: paramMessage`Provider id "${"id"}" is declared twice.` },
    },
    "invalid-provider-id": {
      severity: "error",
      messages: {
        default: paramMessage`Provider id "${"id"}" must be lower case letters, digits and dots, starting with a letter.`,
      },
    },
    "duplicate-payload-kind": {
      severity: "error",
      messages: { default: paramMessage`Payload kind "${"kind"}" is declared twice on provider "${"provider"}".` },
    },
    "duplicate-model-name": {
      severity: "error",
      messages: {
        default: paramMessage`Model name "${"name"}" is used in ${"first"} and ${"second"}; JSON Schema files are named after models, so one would overwrite the other.`,
      },
    },
    "invalid-replay-rule": {
      severity: "error",
      messages: { default: paramMessage`Replay rule ${"index"}: ${"reason"}.` },
    },
    "invalid-content-rule": {
      severity: "error",
      messages: { default: paramMessage`Content rule ${"index"}: ${"reason"}.` },
    },
    "duplicate-content-variant": {
      severity: "error",
      messages: { default: paramMessage`Content rules for variant "${"variant"}" are declared twice on provider "${"provider"}".` },
    },
    "invalid-request-rule": {
      severity: "error",
      messages: { default: paramMessage`Request rule ${"index"}: ${"reason"}.` },
    },
    "duplicate-request-variant": {
      severity: "error",
      messages: { default: paramMessage`Request rules for variant "${"variant"}" are declared twice on provider "${"provider"}".` },
    },
  },
  state: {
    provider: { description: "Namespaces marked @provider: {id, displayName}" },
    messageFormat: { description: "Namespaces marked @messageFormat (another framework's message format): {id, displayName}" },
    payloadKinds: { description: "Payload kinds declared per provider namespace" },
    replay: { description: "Replay rule sets per provider namespace, keyed by variant" },
    content: { description: "Content rule sets per provider namespace, keyed by variant" },
    requestRules: { description: "Request rule sets per provider namespace, keyed by variant" },
    mapsTo: { description: "Wire models and the part type they map to" },
    partField: { description: "Wire properties and the part field they land in" },
    payload: { description: "Wire properties carried as a payload of a kind" },
  },
});

const { reportDiagnostic, stateKeys } = $lib;
const DEFAULT_VARIANT = "default";
const PART_UNION = "Partwise.KnownPart";

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {string} id @param {string} displayName */
function messageFormat(context, target, id, displayName) {
  context.program.stateMap(stateKeys.messageFormat).set(target, { id, displayName });
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {string} id @param {string} displayName */
function provider(context, target, id, displayName) {
  context.program.stateMap(stateKeys.provider).set(target, { id, displayName });
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {string} kind @param {string} description */
function payloadKind(context, target, kind, description) {
  const map = context.program.stateMap(stateKeys.payloadKinds);
  const kinds = map.get(target) ?? [];
  // Decorators run bottom-up; unshift keeps the declaration order of the source file.
  map.set(target, [{ kind, description, node: context.decoratorTarget }, ...kinds]);
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {unknown[]} rules @param {string | undefined} variant */
function replay(context, target, rules, variant) {
  const map = context.program.stateMap(stateKeys.replay);
  const variants = map.get(target) ?? [];
  map.set(target, [{ variant: variant ?? DEFAULT_VARIANT, rules, node: context.decoratorTarget }, ...variants]);
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {unknown[]} rules @param {string | undefined} variant */
function content(context, target, rules, variant) {
  const map = context.program.stateMap(stateKeys.content);
  const variants = map.get(target) ?? [];
  map.set(target, [{ variant: variant ?? DEFAULT_VARIANT, rules, node: context.decoratorTarget }, ...variants]);
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {unknown[]} rules @param {string | undefined} variant */
function requestRules(context, target, rules, variant) {
  const map = context.program.stateMap(stateKeys.requestRules);
  const variants = map.get(target) ?? [];
  map.set(target, [{ variant: variant ?? DEFAULT_VARIANT, rules, node: context.decoratorTarget }, ...variants]);
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").Model} target @param {string} part */
function mapsTo(context, target, part) {
  context.program.stateMap(stateKeys.mapsTo).set(target, { part, node: context.decoratorTarget });
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").ModelProperty} target @param {string} field */
function partField(context, target, field) {
  context.program.stateMap(stateKeys.partField).set(target, { field, node: context.decoratorTarget });
}

/** @param {import("@typespec/compiler").DecoratorContext} context @param {import("@typespec/compiler").ModelProperty} target @param {string} kind */
function payload(context, target, kind) {
  context.program.stateMap(stateKeys.payload).set(target, { kind, node: context.decoratorTarget });
}

export const $decorators = {
  PartwiseMapping: { provider, messageFormat, payloadKind, replay, content, requestRules, mapsTo, partField, payload },
};

/**
 * The part models keyed by their `type` tag, read from the part union so that the checks follow the
 * spec rather than a list kept here.
 * @param {import("@typespec/compiler").Program} program
 * @returns {Map<string, import("@typespec/compiler").Model>}
 */
function partModels(program) {
  const [union] = program.resolveTypeReference(PART_UNION);
  const parts = new Map();
  if (union?.kind !== "Union") return parts;
  for (const variant of union.variants.values()) {
    if (typeof variant.name === "string" && variant.type.kind === "Model") parts.set(variant.name, variant.type);
  }
  return parts;
}

/** @param {import("@typespec/compiler").Type} type @returns {import("@typespec/compiler").Namespace | undefined} */
function enclosingNamespace(type) {
  if (type.kind === "ModelProperty") return type.model?.namespace;
  if ("namespace" in type) return type.namespace;
  return undefined;
}

/**
 * The provider namespace a type belongs to: the nearest enclosing namespace marked @provider.
 * @param {import("@typespec/compiler").Program} program @param {import("@typespec/compiler").Type} type
 */
function providerNamespace(program, type) {
  const providers = program.stateMap(stateKeys.provider);
  for (let namespace = enclosingNamespace(type); namespace; namespace = namespace.namespace) {
    if (providers.has(namespace)) return namespace;
  }
  return undefined;
}

/**
 * Follows a dotted field path through a part model; returns an error text or undefined when it resolves.
 * @param {import("@typespec/compiler").Model} model @param {string} path
 */
function resolveField(model, path) {
  let current = model;
  const segments = path.split(".");
  for (const [position, segment] of segments.entries()) {
    if (segment === "payload" || segment === "attributes") return undefined;
    const property = current.properties.get(segment);
    if (!property) return `no property "${segment}" on ${current.name}`;
    if (position < segments.length - 1) {
      if (property.type.kind !== "Model") return `"${segment}" has no fields`;
      current = property.type;
    }
  }
  return undefined;
}

/** @param {import("@typespec/compiler").Program} program */
export async function $onValidate(program) {
  const parts = partModels(program);
  const known = [...parts.keys()].join(", ");
  checkProviders(program, parts, known);
  checkMappings(program, parts, known);
  checkModelNames(program);
}

/**
 * What is wrong with one request rule, or undefined: an id in the provider's namespace, a status and error
 * text on rejections only, a model pattern that compiles, a documentation link.
 * @param {{id: string, severity: string, status?: number, errorText?: string, models?: string, docs: string}} rule @param {string} provider
 */
function requestRuleProblem(rule, provider) {
  if (!rule.id.startsWith(`${provider}/`) || !/^[a-z0-9.]+\/[a-z0-9-]+$/.test(rule.id)) return `id "${rule.id}" must be "${provider}/" and a lower-case kebab-case name`;
  const rejection = rule.severity === "rejection";
  if (rejection !== (rule.status !== undefined) || rejection !== (rule.errorText !== undefined)) return "a rejection has a status and an error text, and only a rejection has them";
  if (rule.models !== undefined) {
    try {
      new RegExp(rule.models);
    } catch {
      return `models "${rule.models}" is not a regular expression`;
    }
  }
  if (!/^https:\/\/\S+$/.test(rule.docs)) return `docs must be the https URL of the provider documentation the rule follows, not "${rule.docs}"`;
  return undefined;
}

/** @param {import("@typespec/compiler").Program} program @param {import("@typespec/compiler").Namespace} namespace @param {string} id */
function checkRequestRules(program, namespace, id) {
  const variants = new Set();
  const ids = new Set();
  for (const { variant, rules, node } of program.stateMap(stateKeys.requestRules).get(namespace) ?? []) {
    if (variants.has(variant)) reportDiagnostic(program, { code: "duplicate-request-variant", format: { variant, provider: id }, target: node });
    variants.add(variant);
    for (const [index, rule] of rules.entries()) {
      const candidate = /** @type {any} */ (rule);
      const reason = requestRuleProblem(candidate, id) ?? (variant === DEFAULT_VARIANT && ids.has(candidate.id) ? `id "${candidate.id}" is used twice` : undefined);
      if (variant === DEFAULT_VARIANT) ids.add(candidate.id);
      if (reason) reportDiagnostic(program, { code: "invalid-request-rule", format: { index: String(index), reason }, target: node });
    }
  }
}

/** @param {import("@typespec/compiler").Program} program @param {Map<string, import("@typespec/compiler").Model>} parts @param {string} known */
function checkProviders(program, parts, known) {
  const seen = new Set();
  for (const [namespace, { id }] of program.stateMap(stateKeys.provider)) {
    if (!/^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/.test(id)) {
      reportDiagnostic(program, { code: "invalid-provider-id", format: { id }, target: namespace });
    }
    if (seen.has(id)) reportDiagnostic(program, { code: "duplicate-provider-id", format: { id }, target: namespace });
    seen.add(id);
    const kinds = new Set();
    for (const { kind, node } of program.stateMap(stateKeys.payloadKinds).get(namespace) ?? []) {
      if (kinds.has(kind)) reportDiagnostic(program, { code: "duplicate-payload-kind", format: { kind, provider: id }, target: node });
      kinds.add(kind);
    }
    for (const { rules, node } of program.stateMap(stateKeys.replay).get(namespace) ?? []) {
      for (const [index, rule] of rules.entries()) {
        const part = /** @type {{part: string}} */ (rule).part;
        if (!parts.has(part)) {
          reportDiagnostic(program, {
            code: "invalid-replay-rule",
            format: { index: String(index), reason: `"${part}" is not a part type (expected one of ${known})` },
            target: node,
          });
        }
      }
    }
    checkContentRules(program, namespace, id, parts, known);
    checkRequestRules(program, namespace, id);
  }
}

/** A media type or a whole top-level type (`image/*`), lower case as media types compare case-insensitively. */
const MEDIA_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*$/;

/**
 * What is wrong with one content rule, or undefined: media conditions only on media rules, well-formed
 * media types and schemes, a documentation link.
 * @param {{parts: string[], mediaTypes?: string[], dataKinds?: string[], urlSchemes?: string[], places: string[], docs: string}} rule
 * @param {Map<string, import("@typespec/compiler").Model>} parts @param {string} known
 */
function contentRuleProblem(rule, parts, known) {
  const unknownPart = rule.parts.find((part) => !parts.has(part));
  if (unknownPart !== undefined) return `"${unknownPart}" is not a part type (expected one of ${known})`;
  if (rule.parts.length === 0 || rule.places.length === 0) return "it names no part type or no place";
  const mediaConditions = rule.mediaTypes !== undefined || rule.dataKinds !== undefined || rule.urlSchemes !== undefined;
  if (mediaConditions && !(rule.parts.length === 1 && rule.parts[0] === "media")) return `mediaTypes, dataKinds and urlSchemes apply to a rule for media parts alone, not to ${rule.parts.join(", ")}`;
  const badType = rule.mediaTypes?.find((mediaType) => !MEDIA_TYPE_PATTERN.test(mediaType));
  if (badType !== undefined) return `"${badType}" is not a lower-case media type or a type/* wildcard`;
  const badScheme = rule.urlSchemes?.find((scheme) => !URL_SCHEME.test(scheme));
  if (badScheme !== undefined) return `"${badScheme}" is not a lower-case URL scheme`;
  if (rule.urlSchemes !== undefined && !(rule.dataKinds?.length === 1 && rule.dataKinds[0] === "url")) return `urlSchemes needs dataKinds to be exactly ["url"]`;
  if (!/^https:\/\/\S+$/.test(rule.docs)) return `docs must be the https URL of the provider documentation the rule follows, not "${rule.docs}"`;
  return undefined;
}

/** @param {import("@typespec/compiler").Program} program @param {import("@typespec/compiler").Namespace} namespace @param {string} id @param {Map<string, import("@typespec/compiler").Model>} parts @param {string} known */
function checkContentRules(program, namespace, id, parts, known) {
  const variants = new Set();
  for (const { variant, rules, node } of program.stateMap(stateKeys.content).get(namespace) ?? []) {
    if (variants.has(variant)) reportDiagnostic(program, { code: "duplicate-content-variant", format: { variant, provider: id }, target: node });
    variants.add(variant);
    for (const [index, rule] of rules.entries()) {
      const reason = contentRuleProblem(/** @type {any} */ (rule), parts, known);
      if (reason) reportDiagnostic(program, { code: "invalid-content-rule", format: { index: String(index), reason }, target: node });
    }
  }
}

/** @param {import("@typespec/compiler").Program} program @param {Map<string, import("@typespec/compiler").Model>} parts @param {string} known */
function checkMappings(program, parts, known) {
  const mapsToState = program.stateMap(stateKeys.mapsTo);
  for (const [model, { part, node }] of mapsToState) {
    if (!parts.has(part)) reportDiagnostic(program, { code: "unknown-part-type", format: { part, known }, target: node });
    if (!providerNamespace(program, model)) {
      reportDiagnostic(program, { code: "outside-provider", format: { decorator: "mapsTo" }, target: node });
    }
  }
  for (const [property, { field, node }] of program.stateMap(stateKeys.partField)) {
    const mapping = property.model ? mapsToState.get(property.model) : undefined;
    if (!mapping) {
      reportDiagnostic(program, { code: "missing-maps-to", format: { decorator: "partField", model: property.model?.name ?? "?" }, target: node });
      continue;
    }
    const partModel = parts.get(mapping.part);
    const reason = partModel ? resolveField(partModel, field) : undefined;
    if (reason) reportDiagnostic(program, { code: "unknown-part-field", format: { field, part: mapping.part, reason }, target: node });
  }
  for (const [property, { kind, node }] of program.stateMap(stateKeys.payload)) {
    const namespace = providerNamespace(program, property);
    if (!namespace) {
      reportDiagnostic(program, { code: "outside-provider", format: { decorator: "payload" }, target: node });
      continue;
    }
    const declared = (program.stateMap(stateKeys.payloadKinds).get(namespace) ?? []).map((entry) => entry.kind);
    if (!declared.includes(kind)) {
      const { id } = program.stateMap(stateKeys.provider).get(namespace);
      reportDiagnostic(program, {
        code: "undeclared-payload-kind",
        format: { kind, provider: id, declared: declared.join(", ") || "none" },
        target: node,
      });
    }
  }
}

/** @param {import("@typespec/compiler").Program} program */
function checkModelNames(program) {
  /** @type {Map<string, import("@typespec/compiler").Model>} */
  const byName = new Map();
  navigateProgram(program, {
    model(model) {
      if (!model.name || !model.namespace || isLibraryNamespace(model.namespace)) return;
      if (model.templateMapper || (model.node && "templateParameters" in model.node && model.node.templateParameters.length > 0)) return;
      const first = byName.get(model.name);
      if (first && first !== model) {
        reportDiagnostic(program, {
          code: "duplicate-model-name",
          format: { name: model.name, first: getNamespaceFullName(first.namespace ?? model.namespace), second: getNamespaceFullName(model.namespace) },
          target: model,
        });
      } else {
        byName.set(model.name, model);
      }
    },
  });
}

/** @param {import("@typespec/compiler").Namespace} namespace */
function isLibraryNamespace(namespace) {
  const name = getNamespaceFullName(namespace);
  return !name.startsWith("Partwise") || name === "PartwiseMapping";
}

/** The literal value of a model's `type` property, the wire tag of a block, when it has one. @param {import("@typespec/compiler").Model} model */
function wireTag(model) {
  const type = model.properties.get("type")?.type;
  return type?.kind === "String" ? type.value : undefined;
}

/**
 * The names of the models and unions declared in a namespace and its sub-namespaces, in declaration
 * order: the provider's wire shapes, whose JSON Schemas are kept apart from the canonical ones (a wire
 * union such as the known content blocks is one of them, not a canonical model).
 * @param {import("@typespec/compiler").Namespace} namespace @returns {string[]}
 */
function namespaceModels(namespace) {
  const names = [...namespace.models.keys(), ...namespace.unions.keys()];
  for (const child of namespace.namespaces.values()) names.push(...namespaceModels(child));
  return names;
}

/**
 * Writes providers.json: every provider with its payload kinds, block mappings, replay rules and
 * content rules, in declaration order.
 * @param {import("@typespec/compiler").EmitContext} context
 */
export async function $onEmit(context) {
  const { program } = context;
  if (program.compilerOptions.noEmit) return;
  const payloadKinds = program.stateMap(stateKeys.payloadKinds);
  const replayState = program.stateMap(stateKeys.replay);
  const providers = [];
  for (const [namespace, { id, displayName }] of program.stateMap(stateKeys.provider)) {
    const blocks = [];
    for (const [model, { part }] of program.stateMap(stateKeys.mapsTo)) {
      if (providerNamespace(program, model) !== namespace) continue;
      /** @type {Record<string, string>} */
      const fields = {};
      /** @type {Record<string, string>} */
      const payloads = {};
      for (const property of model.properties.values()) {
        const field = program.stateMap(stateKeys.partField).get(property);
        if (field) fields[property.name] = field.field;
        const carried = program.stateMap(stateKeys.payload).get(property);
        if (carried) payloads[property.name] = carried.kind;
      }
      const tag = wireTag(model);
      blocks.push({
        wireModel: model.name,
        ...(tag === undefined ? {} : { wireType: tag }),
        part,
        description: getDoc(program, model) ?? "",
        fields,
        payloads,
        // TypeSpec's own @example values: the wire values the mapping cases decode and encode back. Decorators
        // run bottom-up, so reversing restores the order of the source file.
        examples: getExamples(program, model).map((example) => serializeValueAsJson(program, example.value, model)).reverse(),
      });
    }
    /** @type {Record<string, unknown[]>} */
    const replay = {};
    for (const { variant, rules } of replayState.get(namespace) ?? []) replay[variant] = rules;
    /** @type {Record<string, unknown[]>} */
    const content = {};
    for (const { variant, rules } of program.stateMap(stateKeys.content).get(namespace) ?? []) content[variant] = rules;
    /** @type {Record<string, unknown[]>} */
    const requests = {};
    for (const { variant, rules } of program.stateMap(stateKeys.requestRules).get(namespace) ?? []) requests[variant] = rules;
    providers.push({
      id,
      displayName,
      namespace: getNamespaceFullName(namespace),
      description: getDoc(program, namespace) ?? "",
      wireModels: namespaceModels(namespace),
      payloadKinds: (payloadKinds.get(namespace) ?? []).map(({ kind, description }) => ({ kind, description })),
      blocks,
      replay,
      content,
      requests,
    });
  }
  providers.sort((left, right) => left.id.localeCompare(right.id));
  await emitFile(program, {
    path: resolvePath(context.emitterOutputDir, "providers.json"),
    content: JSON.stringify({ providers }, null, 2) + "\n",
  });
  // The other frameworks' formats: read by the code generator only (their types and validators), not published.
  const formats = [];
  for (const [namespace, { id, displayName }] of program.stateMap(stateKeys.messageFormat)) {
    formats.push({ id, displayName, namespace: getNamespaceFullName(namespace), description: getDoc(program, namespace) ?? "", models: namespaceModels(namespace) });
  }
  formats.sort((left, right) => left.id.localeCompare(right.id));
  await emitFile(program, {
    path: resolvePath(context.emitterOutputDir, "formats.json"),
    content: JSON.stringify({ formats }, null, 2) + "\n",
  });
}
