// Compiles the same JSON Schemas ajv compiles into plain predicates: `accepts(value)` is true when ajv's
// validator would accept the value and it nests no deeper than a limit. They build no error, path or
// evaluated-property record, so a valid document costs one walk; on false, callers ask ajv for the error.
// test/codegen/predicates-agree-with-ajv.test.ts holds them to ajv's verdicts (issue 21).
import { InternalError } from "../errors/partwise-error.js";
import type { JsonSchemaDocument } from "./compile-spec.js";

type Schema = boolean | Readonly<Record<string, unknown>>;

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(["$id", "$schema", "$comment", "$defs", "description", "examples", "title", "default", "deprecated", "x-partwise-read-as", "x-partwise-ts-type"]);
/** Keywords applied to the same value as their schema (in-place applicators, JSON Schema 2020-12 §10.2). */
const IN_PLACE = ["$ref", "anyOf", "oneOf", "not", "if", "discriminator"] as const;
const SUPPORTED = new Set([
  ...IN_PLACE, "then", "else", "type", "const", "enum", "properties", "required", "items", "unevaluatedProperties",
  "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
]);
/** Keywords of a schema that can be written inline (see inlineTest). */
const SCALAR_KEYWORDS = new Set(["$ref", "anyOf", "type", "const", "enum", "minLength", "maxLength", "pattern", "format", "minimum", "maximum"]);

function unsupported(message: string): InternalError {
  return new InternalError("internal/invariant", `emit-predicates: ${message}`);
}

/**
 * Whether a schema's predicate walks the value's own members itself: every schema that does not only
 * apply others in place. Those that do leave the walk to the schemas they apply (see covers).
 */
function walksRest(schema: Readonly<Record<string, unknown>>): boolean {
  return !IN_PLACE.some((key) => key in schema) || schema.properties !== undefined || schema.unevaluatedProperties !== undefined || schema.items !== undefined;
}

/** Whether a schema admits no array or object. */
function onlyScalars(schema: Readonly<Record<string, unknown>>): boolean {
  const isScalar = (value: unknown) => value === null || typeof value !== "object";
  if ("const" in schema && isScalar(schema.const)) return true;
  if (Array.isArray(schema.enum) && schema.enum.every(isScalar)) return true;
  const types = typesOf(schema);
  return types !== undefined && types.every((type) => type !== "object" && type !== "array");
}

/** The expression as one operand: in parentheses unless it is a single parenthesized group already. */
function grouped(expression: string): string {
  if (!expression.startsWith("(") || !expression.endsWith(")")) return `(${expression})`;
  let depth = 0;
  for (let index = 0; index < expression.length - 1; index++) {
    if (expression[index] === "(") depth++;
    else if (expression[index] === ")") depth--;
    if (depth === 0) return `(${expression})`;
  }
  return expression;
}

function isTrueSchema(schema: Schema): boolean {
  return schema === true || (typeof schema === "object" && Object.keys(schema).every((key) => ANNOTATIONS.has(key)));
}

/** The types a schema's `type` allows, or undefined when it says none. */
function typesOf(schema: Readonly<Record<string, unknown>>): readonly string[] | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

/** ajv's type checks (number and integer are finite; an object is not an array). */
function typeTest(type: string, value: string): string {
  switch (type) {
    case "object":
      return `(typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value}))`;
    case "array":
      return `Array.isArray(${value})`;
    case "string":
    case "boolean":
      return `typeof ${value} === "${type}"`;
    case "null":
      return `${value} === null`;
    case "number":
      return `(typeof ${value} === "number" && isFinite(${value}))`;
    case "integer":
      return `(typeof ${value} === "number" && !(${value} % 1) && isFinite(${value}))`;
    default:
      throw unsupported(`type ${JSON.stringify(type)}`);
  }
}

/**
 * The predicates module text: one function per schema node, and `accepts<Name>` per entry point.
 * `limit` is the deepest nesting of arrays and objects accepted (the root container is level 1).
 */
export function emitPredicates(schemas: Iterable<JsonSchemaDocument>, entryPoints: Readonly<Record<string, string>>, limit: number): { code: string; names: Record<string, string> } {
  const byId = new Map<string, Schema>();
  for (const schema of schemas) byId.set(String((schema as { $id?: unknown }).$id), schema as Schema);
  const functions: string[] = [];
  /** The predicate of each schema, by whether it also walks for depth (schemas under `if` and `not` only decide). */
  const compiled = { walking: new Map<Schema, string>(), deciding: new Map<Schema, string>() };
  const regexes = new Map<string, string>();
  const constants: string[] = [];
  /** Whether each named schema guarantees, when it accepts, that nothing below the value nests too deep (true while being decided: recursion). */
  const covering = new Map<Schema, boolean>();

  const resolve = (reference: string): Schema => {
    const target = byId.get(reference);
    if (target === undefined) throw unsupported(`$ref ${JSON.stringify(reference)} (only whole schemas by $id)`);
    return target;
  };

  /**
   * Whether a schema's acceptance implies that nothing in the value nests past the limit: a schema of
   * scalars does, one that walks the object or array itself does (walksRest), and one that only applies
   * other schemas in place does when all of them do. A cycle counts as covering while it is decided.
   */
  const covers = (schema: Schema): boolean => {
    if (typeof schema === "boolean") return !schema;
    const known = covering.get(schema);
    if (known !== undefined) return known;
    covering.set(schema, true);
    const result = onlyScalars(schema) || branchesCover(schema) || walksRest(schema);
    covering.set(schema, result);
    return result;
  };
  /** Whether a schema applies others in place ($ref, a choice, a condition) and every one of them covers. */
  const branchesCover = (schema: Readonly<Record<string, unknown>>): boolean => {
    const branches: Schema[] = [];
    if (typeof schema.$ref === "string") branches.push(resolve(schema.$ref));
    for (const key of ["anyOf", "oneOf"]) if (Array.isArray(schema[key])) branches.push(...(schema[key] as Schema[]));
    if (schema.if !== undefined) branches.push((schema.then ?? true) as Schema, (schema.else ?? true) as Schema);
    return branches.length > 0 && branches.every((branch) => covers(branch));
  };

  const regex = (pattern: string): string => {
    let name = regexes.get(pattern);
    if (name === undefined) {
      name = `predicatePattern${regexes.size}`;
      regexes.set(pattern, name);
      constants.push(`const ${name} = new RegExp(${JSON.stringify(pattern)}, "u");`);
    }
    return name;
  };

  /**
   * The test of a string against a pattern. `\S` (not blank: the spec's provider, kind and tag fields)
   * first looks at the first character, which passes it when it is visible ASCII: such fields are in
   * every payload, and their regex calls took a quarter of the time to validate a stored history.
   */
  const patternTest = (pattern: string, value: string): string => {
    const test = `${regex(pattern)}.test(${value})`;
    if (pattern !== "\\S") return test;
    return `((${value}.charCodeAt(0) > 32 && ${value}.charCodeAt(0) < 127) || ${test})`;
  };

  const equalsTest = (value: string, expected: unknown): string => {
    if (expected === null || typeof expected !== "object") return `${value} === ${JSON.stringify(expected)}`;
    const name = `predicateConstant${constants.length}`;
    constants.push(`const ${name} = ${JSON.stringify(expected)};`);
    return `jsonEqual(${value}, ${name})`;
  };

  /**
   * The conditions a value meets to pass a schema's own scalar keywords (type, const, enum, string and
   * number bounds, pattern, format); `typeChecked` when the caller tests the type itself.
   */
  const scalarTests = (schema: Readonly<Record<string, unknown>>, value: string, typeChecked: boolean): string[] => {
    const tests: string[] = [];
    const types = typesOf(schema);
    if (types !== undefined && !typeChecked) tests.push(types.length === 1 ? typeTest(types[0] as string, value) : `(${types.map((type) => typeTest(type, value)).join(" || ")})`);
    // A string or number keyword says nothing about a value of another type.
    const only = types?.length === 1 ? types[0] : undefined;
    const orNotString = only === "string" ? "" : `typeof ${value} !== "string" || `;
    const orNotNumber = only === "number" || only === "integer" ? "" : `typeof ${value} !== "number" || !isFinite(${value}) || `;
    const either = (guard: string, test: string) => (guard === "" ? test : `(${guard}${test})`);
    if ("const" in schema) tests.push(equalsTest(value, schema.const));
    if (Array.isArray(schema.enum)) tests.push(`(${schema.enum.map((item) => equalsTest(value, item)).join(" || ")})`);
    if (typeof schema.minLength === "number") tests.push(either(orNotString, schema.minLength === 1 ? `${value}.length !== 0` : `codePointLength(${value}) >= ${schema.minLength}`));
    if (typeof schema.maxLength === "number") tests.push(`(${orNotString}${value}.length <= ${schema.maxLength} || codePointLength(${value}) <= ${schema.maxLength})`);
    if (typeof schema.pattern === "string") tests.push(either(orNotString, patternTest(schema.pattern, value)));
    if (schema.format !== undefined) {
      if (schema.format !== "date-time") throw unsupported(`format ${JSON.stringify(schema.format)}`);
      tests.push(either(orNotString, `isDateTime(${value})`));
    }
    if (typeof schema.minimum === "number") tests.push(either(orNotNumber, `${value} >= ${schema.minimum}`));
    if (typeof schema.maximum === "number") tests.push(either(orNotNumber, `${value} <= ${schema.maximum}`));
    return tests;
  };

  /**
   * A schema that admits no array or object and says only what scalarTests reads, or only picks
   * among such schemas ($ref, anyOf), as an expression true when `value` passes it: written into its
   * caller, not called. Such a schema is most of a document's fields (tags, strings, nulls), and a call
   * per field both costs and uses up V8's budget for inlining the calls that remain. Undefined for others.
   */
  const inlineTest = (schema: Schema, value: string): string | undefined => {
    if (typeof schema === "boolean") return undefined;
    const keywords = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key));
    if (keywords.some((key) => !SCALAR_KEYWORDS.has(key))) return undefined;
    const branches: Schema[] = [];
    if (typeof schema.$ref === "string") branches.push(resolve(schema.$ref));
    if (Array.isArray(schema.anyOf)) branches.push(...(schema.anyOf as Schema[]));
    if (branches.length === 0 && !onlyScalars(schema)) return undefined;
    const tests = scalarTests(schema, value, false);
    if (typeof schema.$ref === "string") {
      const target = inlineTest(resolve(schema.$ref), value);
      if (target === undefined) return undefined;
      tests.push(target);
    }
    if (Array.isArray(schema.anyOf)) {
      const choices = (schema.anyOf as Schema[]).map((branch) => inlineTest(branch, value));
      if (choices.some((choice) => choice === undefined)) return undefined;
      tests.push(`(${choices.join(" || ")})`);
    }
    return tests.length === 0 ? "true" : tests.length === 1 ? (tests[0] as string) : `(${tests.join(" && ")})`;
  };

  /** The call that checks `value` (at container level `level`) against a schema, walking it for depth when the schema does not. */
  const check = (schema: Schema, value: string, level: string, walking: boolean): string => {
    if (isTrueSchema(schema)) return walking ? `withinDepth(${value}, ${level})` : "true";
    if (schema === false) return "false";
    const inline = inlineTest(schema, value);
    if (inline !== undefined) return grouped(inline);
    const call = `${compile(schema, walking)}(${value}, ${level})`;
    return !walking || covers(schema) ? call : `(${call} && withinDepth(${value}, ${level}))`;
  };

  /**
   * The test of the value itself (`data`) against a schema applied in place: written inline when it can
   * be, else a call. `fields` names the variables that hold fields the caller has read from `data`, an
   * object: a condition on them alone, or a choice by a discriminator among them, is written with them.
   * A part's `type` is then read once, not once per layer (the `if`, the choice, the part), each read a
   * lookup that meets every kind of part, V8's slowest.
   */
  const applied = (schema: Schema, walking: boolean, fields: ReadonlyMap<string, string> = new Map()): string => {
    const inline = inlineTest(schema, "data") ?? onFields(schema, walking, fields);
    return inline === undefined ? `${compile(schema, walking)}(data, level)` : grouped(inline);
  };

  /** A schema as an expression over the fields already read (see applied), or undefined when it needs more. */
  const onFields = (schema: Schema, walking: boolean, fields: ReadonlyMap<string, string>): string | undefined => {
    if (typeof schema === "boolean" || fields.size === 0) return undefined;
    const keywords = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key));
    if (keywords.length === 1 && typeof schema.$ref === "string") return onFields(resolve(schema.$ref), walking, fields);
    // Only `properties`, deciding (as an `if` condition does; a walking one would walk the other fields): each field absent or passing its schema.
    if (!walking && keywords.length === 1 && keywords[0] === "properties") {
      const tests = Object.entries(schema.properties as Readonly<Record<string, Schema>>).map(([property, propertySchema]) => {
        const variable = fields.get(property);
        const test = variable === undefined ? undefined : inlineTest(propertySchema, variable);
        return test === undefined ? undefined : `${variable} === undefined || ${test}`;
      });
      if (tests.length === 0 || tests.some((test) => test === undefined)) return undefined;
      return tests.map((test) => grouped(test as string)).join(" && ");
    }
    // An object chosen among by a discriminator: the branch its tag names, as compile writes it.
    const tag = (schema.discriminator as { propertyName?: unknown } | undefined)?.propertyName;
    const variable = typeof tag === "string" ? fields.get(tag) : undefined;
    if (variable === undefined || schema.type !== "object" || keywords.some((key) => !["type", "discriminator", "oneOf"].includes(key))) return undefined;
    return `${discriminatorChoices(schema, tag as string, variable, walking).join("")}false`;
  };

  /** `tag === value ? branch : ` for each branch of a discriminated oneOf, as ajv maps them: the tag's const (or enum values) in each. */
  const discriminatorChoices = (schema: Readonly<Record<string, unknown>>, tag: string, variable: string, walking: boolean): string[] => {
    if (!Array.isArray(schema.oneOf)) throw unsupported(`discriminator without oneOf`);
    return (schema.oneOf as Schema[]).map((branch) => {
      const resolved = typeof branch === "object" && typeof branch.$ref === "string" ? resolve(branch.$ref) : branch;
      const tagSchema = typeof resolved === "object" ? ((resolved.properties as Record<string, Schema> | undefined)?.[tag] as Record<string, unknown> | undefined) : undefined;
      const values = tagSchema?.const !== undefined ? [tagSchema.const] : (tagSchema?.enum as unknown[] | undefined);
      if (values === undefined) throw unsupported(`discriminator branch without a const or enum ${tag}`);
      return `${values.map((value) => `${variable} === ${JSON.stringify(value)}`).join(" || ")} ? ${applied(branch, walking)} : `;
    });
  };

  /**
   * The predicate function of a schema. A walking one is false for a value nested past the limit; a
   * deciding one (under `if` or `not`, whose verdict only picks a branch) gives ajv's verdict alone.
   */
  const compile = (schema: Schema, walking: boolean): string => {
    const cache = walking ? compiled.walking : compiled.deciding;
    const existing = cache.get(schema);
    if (existing !== undefined) return existing;
    if (typeof schema === "boolean") return schema ? "acceptAny" : "acceptNone";
    // A bare reference is its target's predicate.
    const keywords = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key));
    if (keywords.length === 1 && typeof schema.$ref === "string") {
      const target = compile(resolve(schema.$ref), walking);
      cache.set(schema, target);
      return target;
    }
    const id = typeof schema.$id === "string" ? schema.$id.replace(/\.json$/, "").replace(/\W/g, "_") : "";
    const name = `${walking ? "predicate" : "decide"}${cache.size}${id === "" ? "" : `_${id}`}`;
    cache.set(schema, name);
    for (const key of Object.keys(schema)) if (!ANNOTATIONS.has(key) && !SUPPORTED.has(key)) throw unsupported(`keyword ${JSON.stringify(key)} in ${name}`);
    const lines: string[] = [];
    const fail = (condition: string) => lines.push(`  if (${condition}) return false;`);
    const types = typesOf(schema);
    const only = types?.length === 1 ? types[0] : undefined;
    if (types !== undefined) fail(`!(${types.map((type) => typeTest(type, "data")).join(" || ")})`);
    const isObject = only === "object" ? "true" : typeTest("object", "data");
    const isArray = only === "array" ? "true" : "Array.isArray(data)";
    // The schemas applied in place walk the value when they all cover; else this one does.
    const walks = walking && walksRest(schema) && !onlyScalars(schema) && !branchesCover(schema);
    if (walks) fail(only === "object" || only === "array" ? `level > ${limit}` : `typeof data === "object" && data !== null && level > ${limit}`);
    for (const test of scalarTests(schema, "data", true)) fail(`!${grouped(test)}`);
    const properties = (schema.properties ?? {}) as Readonly<Record<string, Schema>>;
    const declared = Object.keys(properties);
    const objectLines: string[] = [];
    // A required field that has a schema is read once, for both checks.
    const required = new Set((schema.required ?? []) as string[]);
    for (const property of required) if (!declared.includes(property)) objectLines.push(`if (data[${JSON.stringify(property)}] === undefined) return false;`);
    /** The fields read into variables at the function's top level, for the schemas applied in place (see applied). */
    const fields = new Map<string, string>();
    declared.forEach((property, index) => {
      const propertySchema = properties[property] as Schema;
      if (isObject === "true") fields.set(property, `value${index}`);
      objectLines.push(`const value${index} = data[${JSON.stringify(property)}];`);
      const absent = required.has(property) ? `value${index} === undefined || ` : `value${index} !== undefined && `;
      objectLines.push(`if (${absent}!${check(propertySchema, `value${index}`, "level + 1", walking)}) return false;`);
    });
    const unevaluated = schema.unevaluatedProperties as Schema | undefined;
    if (unevaluated !== undefined && !isTrueSchema(unevaluated) && IN_PLACE.some((key) => key in schema)) {
      throw unsupported(`unevaluatedProperties beside in-place applicators in ${name}`);
    }
    // Own properties no `properties` entry names: checked against unevaluatedProperties when it says
    // something (ajv loops with for-in too), else only walked for depth, in schemas that walk the object.
    if (walks && (types === undefined || types.includes("object"))) {
      const isDeclared = declared.map((property) => `key === ${JSON.stringify(property)}`).join(" || ");
      if (unevaluated !== undefined && !isTrueSchema(unevaluated)) {
        const skip = declared.length === 0 ? "" : `if (${isDeclared}) continue; `;
        objectLines.push(`for (const key in data) { ${skip}const value = data[key]; if (!${check(unevaluated, "value", "level + 1", walking)}) return false; }`);
      } else {
        // Only a member that is an array or object can nest: a scalar is passed before its name is compared.
        const skip = declared.length === 0 ? "" : ` || ${isDeclared}`;
        objectLines.push(`for (const key in data) { const value = data[key]; if (typeof value !== "object" || value === null${skip}) continue; if (!withinDepth(value, level + 1)) return false; }`);
      }
    }
    if (objectLines.length > 0) {
      if (isObject === "true") lines.push(...objectLines.map((line) => `  ${line}`));
      else lines.push(`  if (${isObject}) {`, ...objectLines.map((line) => `    ${line}`), "  }");
    }
    if (schema.items !== undefined) {
      const loop = `for (let index = 0; index < data.length; index++) if (!${check(schema.items as Schema, "data[index]", "level + 1", walking)}) return false;`;
      lines.push(isArray === "true" ? `  ${loop}` : `  if (${isArray}) ${loop}`);
    } else if (walks && (types === undefined || types.includes("array"))) {
      lines.push(`  if (${isArray}) for (let index = 0; index < data.length; index++) { const value = data[index]; if (typeof value === "object" && value !== null && !withinDepth(value, level + 1)) return false; }`);
    }
    if (typeof schema.$ref === "string") fail(`!${applied(resolve(schema.$ref), walking)}`);
    if (Array.isArray(schema.anyOf)) fail(`!(${(schema.anyOf as Schema[]).map((branch) => applied(branch, walking)).join(" || ")})`);
    if (schema.discriminator !== undefined) {
      const tag = (schema.discriminator as { propertyName?: unknown }).propertyName;
      if (typeof tag !== "string" || !Array.isArray(schema.oneOf)) throw unsupported(`discriminator without propertyName and oneOf in ${name}`);
      // As ajv maps it: the branch the tag names, alone then validated; a tag that is no string or names no branch fails.
      const test = [`const tag = data[${JSON.stringify(tag)}];`, `if (!(${discriminatorChoices(schema, tag, "tag", walking).join("")}false)) return false;`];
      if (isObject === "true") lines.push(...test.map((line) => `  ${line}`));
      else lines.push(`  if (${isObject}) {`, ...test.map((line) => `    ${line}`), "  }");
    } else if (Array.isArray(schema.oneOf)) {
      const branches = (schema.oneOf as Schema[]).map((branch) => `(${applied(branch, walking)} ? 1 : 0)`);
      fail(`${branches.join(" + ")} !== 1`);
    }
    if (schema.not !== undefined) fail(applied(schema.not as Schema, false));
    if (schema.if !== undefined) {
      const then = schema.then === undefined ? "true" : applied(schema.then as Schema, walking, fields);
      const otherwise = schema.else === undefined ? "true" : applied(schema.else as Schema, walking, fields);
      fail(`!(${applied(schema.if as Schema, false, fields)} ? ${then} : ${otherwise})`);
    }
    functions.push(`function ${name}(data, level) {\n${lines.join("\n")}\n  return true;\n}`);
    return name;
  };

  const names: Record<string, string> = {};
  const entries: string[] = [];
  for (const [exportName, model] of Object.entries(entryPoints)) {
    const root = resolve(`${model}.json`);
    const predicate = `accepts${model}`;
    names[exportName] = predicate;
    // `level` is the container level the value sits at: 1 for a document, deeper for one checked as a
    // member of an enclosing document (parseHistory checks a history's messages one by one at level 3).
    entries.push(`function ${predicate}(data, level = 1) {\n  return ${check(root, "data", "level", true)};\n}`);
  }
  const runtime = `function acceptAny() {\n  return true;\n}
function acceptNone() {\n  return false;\n}
/** Whether no array or object in value (itself at container level \`level\`) is nested past the limit. */
function withinDepth(value, level) {
  if (typeof value !== "object" || value === null) return true;
  if (level > ${limit}) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!withinDepth(value[index], level + 1)) return false;
    return true;
  }
  for (const key in value) if (!withinDepth(value[key], level + 1)) return false;
  return true;
}
/** JSON equality, as ajv's const and enum compare objects. */
function jsonEqual(left, right) {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null || Array.isArray(left) !== Array.isArray(right)) return false;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!Object.prototype.hasOwnProperty.call(right, key) || !jsonEqual(left[key], right[key])) return false;
  return true;
}`;
  return { code: [runtime, ...constants, ...functions, ...entries].join("\n"), names };
}
