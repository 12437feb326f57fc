/**
 * The one validation path for everything a client (or a seed file) sends, in three stages that
 * together stay linear in the size of the input:
 *   1. the contract's size limits (`limits.ts`), before any item is looked at;
 *   2. Ajv with `allErrors` over the contract's schema, every bad field reported;
 *   3. fields also accepted as a JSON-encoded string (`tools`, `memoryChat`, `reasoning`: any
 *      property whose `oneOf` has a `contentMediaType: application/json` string branch) parsed with
 *      the body's own protections and validated against that branch's `contentSchema`, stages 1–2
 *      again.
 * Formats the contract names beyond JSON Schema's (the admin API's `re2`) are checked by the
 * functions a validator is given for them, with the wording given.
 * The issues of every stage are listed together; a valid value comes back with its JSON strings
 * replaced by what they encode, so handlers only ever see the structured form.
 */

import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { ContractValidationError } from '../errors.js';
import { openapiDocument } from '../generated/openapi-document.js';
import { OPERATIONS } from '../generated/operations.js';
import type { OpenApiDocument } from '../openapi-document-type.js';
import type { ValidationIssue } from '../schema-types.js';
import { CONTRACT_ID, contractSchema } from './contract-schemas.js';
import { MAX_ISSUES, toIssues } from './issues.js';
import { depthOf, MAX_JSON_DEPTH, parseJsonText } from './json-text.js';
import { type SchemaLimits, schemaLimits } from './limits.js';

type SchemaNode = Record<string, unknown>;

export interface Validated {
  value: unknown;
  issues: ValidationIssue[];
}

/** A contract a validator validates against: its document and its operation table. */
export interface Contract<OperationId extends string = string> {
  document: OpenApiDocument;
  operations: Record<
    OperationId,
    { method: string; path: string; pathParameters: readonly { name: string; integer: boolean }[] }
  >;
}

/** The platform's contract, openapi/openapi.yaml (the admin API's is `adminContract` of `/admin`). */
export const platformContract = { document: openapiDocument, operations: OPERATIONS } satisfies Contract<
  keyof typeof OPERATIONS
>;

/** A schema of the document whose `$ref`s (`#/components/...`) point at the schema registered with Ajv. */
export function contractRef(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${CONTRACT_ID}#/`));
}

/** A copy of `value` with each place of `pointers` replaced by null (copies only along the paths). */
function withoutPlaces(value: unknown, pointers: readonly string[]): unknown {
  let root = value;
  for (const pointer of pointers) {
    if (pointer === '') return null;
    const keys = pointer
      .slice(1)
      .split('/')
      .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    const copy = (node: unknown): Record<string, unknown> =>
      (Array.isArray(node) ? [...node] : { ...(node as object) }) as Record<string, unknown>;
    root = copy(root);
    let parent = root as Record<string, unknown>;
    for (const [i, key] of keys.entries()) {
      if (i === keys.length - 1) parent[key] = null;
      else {
        const child = parent[key];
        if (child === null || typeof child !== 'object') break;
        parent[key] = copy(child);
        parent = parent[key] as Record<string, unknown>;
      }
    }
  }
  return root;
}

const under = (path: string, places: readonly string[]) =>
  places.some((place) => path === place || path.startsWith(`${place}/`));

function resolve(schema: unknown, components: Record<string, SchemaNode>): SchemaNode | undefined {
  const ref = (schema as SchemaNode | undefined)?.$ref;
  if (typeof ref === 'string') return components[ref.slice(ref.lastIndexOf('/') + 1)];
  return schema as SchemaNode | undefined;
}

/** For an object schema: each property that may be sent as a JSON string, with the schema of its content. */
function jsonStringFields(schema: unknown, components: Record<string, SchemaNode>): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  const properties = (resolve(schema, components)?.properties ?? {}) as Record<string, SchemaNode>;
  for (const [name, property] of Object.entries(properties)) {
    const branches = Array.isArray(property.oneOf) ? (property.oneOf as SchemaNode[]) : [];
    const stringBranch = branches.find(
      (b) => b.type === 'string' && b.contentMediaType === 'application/json',
    );
    if (stringBranch?.contentSchema !== undefined) fields.set(name, stringBranch.contentSchema);
  }
  return fields;
}

/** A `format` the contract names that Ajv does not know: its check, and the issue's wording. */
export interface ContractFormat {
  validate(text: string): boolean;
  message: string;
}

/** A validator of one component schema compiled ahead of time (`standaloneSource`). */
export type PrecompiledValidator = ValidateFunction;

/**
 * Validators compiled from a contract's schemas (the platform's by default); one instance per app.
 * A component schema's validator can also be compiled ahead of time (`standaloneSource`, at a
 * package's build) and given back as `precompiled`: the same code, without compiling it at start-up.
 */
export class ContractValidator<OperationId extends string = keyof typeof OPERATIONS> {
  private ajv: Ajv2020 | undefined;
  private readonly components: Record<string, SchemaNode>;
  private readonly limits: SchemaLimits;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly stringFields = new Map<string, Map<string, unknown>>();
  private readonly byIdentity = new WeakMap<
    object,
    { validate: ValidateFunction; fields: Map<string, unknown> }
  >();

  constructor(
    readonly contract: Contract<OperationId> = platformContract as never,
    private readonly formats: Record<string, ContractFormat> = {},
    private readonly precompiled: Record<string, PrecompiledValidator> = {},
  ) {
    this.components = contract.document.components.schemas as Record<string, SchemaNode>;
    this.limits = schemaLimits(this.components);
  }

  /** Exact types, no coercion (a JSON number must be a number). Created on first use. */
  private get body(): Ajv2020 {
    this.ajv ??= this.newAjv();
    return this.ajv;
  }

  /** An Ajv with the contract's schemas, its formats and the options every validator is compiled with. */
  private newAjv(code?: Options['code']): Ajv2020 {
    // strict: false because OpenAPI adds keywords (example, contentMediaType...) that Ajv would reject.
    // validateSchema: false because the contract is linted in CI; checking it again costs start-up time.
    const ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      discriminator: true,
      validateSchema: false,
      ...(code === undefined ? {} : { code }),
    });
    addFormats.default(ajv);
    for (const [name, format] of Object.entries(this.formats))
      ajv.addFormat(name, { type: 'string', validate: format.validate });
    ajv.addSchema(contractSchema(this.contract.document));
    return ajv;
  }

  private compile(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.precompiledFor(schema) ?? this.body.compile(contractRef(schema) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** The validator given for a component schema named by a lone `$ref`, if any. */
  private precompiledFor(schema: unknown): ValidateFunction | undefined {
    const ref = (schema as SchemaNode | null)?.$ref;
    if (typeof ref !== 'string' || Object.keys(schema as object).length !== 1) return undefined;
    return this.precompiled[ref.slice(ref.lastIndexOf('/') + 1)];
  }

  /**
   * The ES module source of a component schema's validator (its `validate` export), compiled as
   * `check` would compile it, to be given back as `precompiled`. Ajv's standalone code loads its
   * run-time helpers with `require()`; they become imports, so a bundler can take the module in.
   */
  standaloneSource(schemaName: string): string {
    if (!(schemaName in this.components)) throw new Error(`The contract has no schema ${schemaName}`);
    const ajv = this.newAjv({ source: true, esm: true });
    const validate = ajv.compile(contractRef({ $ref: `#/components/schemas/${schemaName}` }) as object);
    const source = standaloneCode.default(ajv, validate);
    // Ajv writes the contract's own formats (a function each) as if ajv-formats had them.
    const own = Object.keys(this.formats).find(
      (name) =>
        source.includes(`.fullFormats.${name};`) || source.includes(`.fullFormats[${JSON.stringify(name)}];`),
    );
    if (own !== undefined)
      throw new Error(`${schemaName} uses the format ${own}, which a precompiled validator cannot carry`);
    const modules: string[] = [];
    const code = source.replace(/require\("([^"]+)"\)/g, (_, module: string) => {
      if (!modules.includes(module)) modules.push(module);
      return `runtime${modules.indexOf(module)}`;
    });
    // The helpers are CommonJS modules marked `__esModule`: Node's import gives their exports as the
    // default, a bundler or a test runner may give them as the namespace itself.
    const imports = modules.map(
      (module, i) =>
        `import * as helpers${i} from ${JSON.stringify(`${module}.js`)};\n` +
        `const runtime${i} = helpers${i}.default?.__esModule ? helpers${i}.default : helpers${i};\n`,
    );
    return `${imports.join('')}${code.replace(/^"use strict";/, '')}\n`;
  }

  /** A schema's compiled validator and JSON-string fields, found by identity on the hot path. */
  private prepared(schema: unknown): { validate: ValidateFunction; fields: Map<string, unknown> } {
    const cached = typeof schema === 'object' && schema !== null ? this.byIdentity.get(schema) : undefined;
    if (cached) return cached;
    const key = JSON.stringify(schema);
    let fields = this.stringFields.get(key);
    if (!fields) {
      fields = jsonStringFields(schema, this.components);
      this.stringFields.set(key, fields);
    }
    const entry = { validate: this.compile(schema), fields };
    if (typeof schema === 'object' && schema !== null) this.byIdentity.set(schema, entry);
    return entry;
  }

  /**
   * Validates `value` against a schema of the contract (a `$ref` into it, or a schema whose refs
   * point into it), reporting issues under `pointer`.
   */
  validate(schema: unknown, value: unknown, pointer = ''): Validated {
    // Places over a limit are reported as such and hidden from Ajv, which checks the rest.
    const limits = this.limits.hasLimits(schema) ? this.limits.limitIssues(schema, value, pointer) : [];
    const places = limits.map((issue) => issue.path);
    const checked =
      places.length === 0
        ? value
        : withoutPlaces(
            value,
            places.map((p) => p.slice(pointer.length)),
          );
    const { validate, fields } = this.prepared(schema);
    const issues = [...limits];
    if (!validate(checked)) {
      for (const issue of toIssues(validate.errors ?? [], 'body')) {
        const path = pointer + issue.path;
        if (!under(path, places)) issues.push({ ...issue, path, message: this.worded(issue.message) });
      }
    }
    if (fields.size === 0 || value === null || typeof value !== 'object') return { value, issues };
    let expanded = value as SchemaNode;
    for (const [name, structured] of fields) {
      const text = expanded[name];
      const at = `${pointer}/${name}`;
      // A string Ajv already refused (too long) is not parsed.
      if (typeof text !== 'string' || issues.some((issue) => under(issue.path, [at]))) continue;
      try {
        const parsed = parseJsonText(text, { pointer: at, depthLimit: MAX_JSON_DEPTH - depthOf(at) });
        const inner = this.validate(structured, parsed.value, at);
        issues.push(...parsed.issues, ...inner.issues);
        expanded = { ...expanded, [name]: inner.value };
      } catch (error) {
        if (!(error instanceof ContractValidationError)) throw error;
        issues.push(...error.issues);
      }
    }
    return { value: expanded, issues: issues.slice(0, MAX_ISSUES) };
  }

  /** Ajv's wording of a failed format of `formats`, in the format's own. */
  private worded(message: string): string {
    const format = /^must match format "(.+)"$/.exec(message)?.[1];
    return (format !== undefined && this.formats[format]?.message) || message;
  }

  /** Validates a value against one component schema by name (seed files use it). */
  check(schemaName: string, value: unknown, pointer = ''): Validated {
    if (!(schemaName in this.components)) throw new Error(`The contract has no schema ${schemaName}`);
    return this.validate({ $ref: `#/components/schemas/${schemaName}` }, value, pointer);
  }
}
