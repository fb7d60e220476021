/**
 * Contract helper: validates eventline response bodies against the published
 * Cvent OpenAPI 3.0 reference document, which lives OUTSIDE the project at
 * `../shared/reference/cvent-openapi.yaml` (relative to the repo root) and must
 * never be copied in. Override the location with EVENTLINE_REFERENCE_OPENAPI.
 *
 * The document (1.9 MB) is parsed lazily, once per process. Its
 * `components.schemas` are converted from OpenAPI 3.0 dialect to JSON Schema
 * draft-07 and registered with Ajv under one `$id`, so every `$ref` (including
 * recursive ones) is resolved by Ajv itself. One validator is compiled per
 * (method, path, status) and cached.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';

// ajv / ajv-formats are CommonJS; under NodeNext the default import is the
// module object whose `.default` is the real export (present at runtime too).
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const override = process.env.EVENTLINE_REFERENCE_OPENAPI;

/** Absolute path of the reference document that this helper reads. */
export const referencePath: string = override
  ? resolve(process.cwd(), override)
  : resolve(repoRoot, '../shared/reference/cvent-openapi.yaml');
export const referenceAvailable: boolean = existsSync(referencePath);
export const requireReference: boolean =
  process.env.CI_REQUIRE_SERVICES === '1' || process.env.CI === 'true';

const DOC_ID = 'https://eventline.invalid/reference/cvent-openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** OpenAPI-only keywords with no validation meaning (plus any `x-*`). */
const IGNORED_KEYWORDS = new Set(['example', 'xml', 'discriminator', 'externalDocs', 'deprecated', 'nullable']);
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions']);
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);
const SCHEMA_KEYWORDS = new Set(['not', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames']);

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) out[k] = fn(v);
  return out;
}

/**
 * Convert one OpenAPI 3.0 Schema Object to JSON Schema draft-07. Structure
 * preserving (no wrapping), so JSON pointers such as
 * `#/components/schemas/error-response/allOf/0` still point at the same node.
 */
function convertSchema(schema: unknown, formats: Set<string>): unknown {
  if (!isRecord(schema)) return schema;
  // OpenAPI 3.0: siblings of $ref are ignored. Make the ref absolute so schemas
  // compiled on their own (inline response schemas) resolve into the document.
  if (typeof schema.$ref === 'string') {
    return { $ref: schema.$ref.startsWith('#') ? DOC_ID + schema.$ref : schema.$ref };
  }
  const conv = (v: unknown): unknown => convertSchema(v, formats);
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (IGNORED_KEYWORDS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAP_KEYWORDS.has(key)) out[key] = mapValues(value, conv);
    else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) out[key] = value.map(conv);
    else if (key === 'items') out[key] = Array.isArray(value) ? value.map(conv) : conv(value);
    else if (SCHEMA_KEYWORDS.has(key)) out[key] = conv(value);
    else out[key] = value; // enum, default, required, type, ... copied verbatim
  }
  if (typeof out.format === 'string') formats.add(out.format);

  // nullable (3.0.3 semantics: only meaningful next to an explicit `type`).
  if (schema.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  // Draft-04 style boolean exclusiveMinimum / exclusiveMaximum.
  for (const [excl, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[excl] !== 'boolean') continue;
    if (out[excl] === true && typeof out[bound] === 'number') {
      out[excl] = out[bound];
      delete out[bound];
    } else {
      delete out[excl];
    }
  }
  // A required writeOnly property is required in requests only; we validate responses.
  if (Array.isArray(out.required) && isRecord(schema.properties)) {
    const props = schema.properties;
    out.required = out.required.filter((name) => {
      const prop = typeof name === 'string' ? props[name] : undefined;
      return !(isRecord(prop) && prop.writeOnly === true);
    });
  }
  return out;
}

interface Operation {
  method: string;
  path: string;
  operationId: string;
  scopes: string[];
  raw: Json;
}

interface Reference {
  doc: Json;
  ajv: InstanceType<typeof Ajv>;
  formats: Set<string>;
  operations: Map<string, Operation>;
  /** `GET /events/{}` → operation, for lookups whose parameter names differ. */
  byShape: Map<string, Operation | null>;
}

let loaded: Reference | undefined;
const validators = new Map<string, ValidateFunction | string>();
let compileCount = 0;

const opKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
const shapeOf = (path: string): string => path.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/$/, '$1');

function collectScopes(security: unknown, into: Set<string>): void {
  if (!Array.isArray(security)) return;
  for (const requirement of security) {
    if (!isRecord(requirement)) continue;
    for (const scopes of Object.values(requirement)) {
      if (Array.isArray(scopes)) for (const s of scopes) if (typeof s === 'string') into.add(s);
    }
  }
}

function loadReference(): Reference {
  if (loaded) return loaded;
  if (!referenceAvailable) {
    throw new Error(`reference OpenAPI document not found at ${referencePath} (set EVENTLINE_REFERENCE_OPENAPI)`);
  }
  const parsed: unknown = YAML.parse(readFileSync(referencePath, 'utf8'), { maxAliasCount: -1 });
  if (!isRecord(parsed) || !isRecord(parsed.paths) || !isRecord(parsed.components)) {
    throw new Error(`${referencePath} is not an OpenAPI document with paths and components`);
  }
  const doc = parsed;
  const formats = new Set<string>();
  const schemas = mapValues(parsed.components.schemas ?? {}, (s) => convertSchema(s, formats));

  const ajv = new Ajv({ strict: false, allErrors: true, logger: false, verbose: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: { schemas } });

  const operations = new Map<string, Operation>();
  const byShape = new Map<string, Operation | null>();
  for (const [path, item] of Object.entries(parsed.paths)) {
    if (!isRecord(item)) continue;
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!isRecord(raw)) continue;
      const scopes = new Set<string>();
      collectScopes(raw.security ?? doc.security, scopes);
      const op: Operation = {
        method: method.toUpperCase(),
        path,
        operationId: typeof raw.operationId === 'string' ? raw.operationId : opKey(method, path),
        scopes: [...scopes].sort(),
        raw,
      };
      operations.set(opKey(method, path), op);
      const shape = opKey(method, shapeOf(path));
      byShape.set(shape, byShape.has(shape) ? null : op); // null = ambiguous
    }
  }
  loaded = { doc, ajv, formats, operations, byShape };
  return loaded;
}

function findOperation(method: string, path: string): Operation | undefined {
  const ref = loadReference();
  return ref.operations.get(opKey(method, path)) ?? ref.byShape.get(opKey(method, shapeOf(path))) ?? undefined;
}

/** Resolve a local `#/a/b` pointer inside the raw document. */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return node;
}

/** `#/components/responses/...` refs are followed (possibly chained). */
function deref(doc: Json, node: unknown): unknown {
  for (let hops = 0; isRecord(node) && typeof node.$ref === 'string' && hops < 20; hops++) {
    node = resolvePointer(doc, node.$ref);
  }
  return node;
}

/**
 * The operation's JSON response schema for a status (exact code, then the
 * OpenAPI `2XX`-style range), compiled once; a string explains why there is none.
 */
function validatorFor(op: Operation, status: number): ValidateFunction | string {
  const key = `${opKey(op.method, op.path)} ${status}`;
  const cached = validators.get(key);
  if (cached !== undefined) return cached;
  const ref = loadReference();
  const label = `${op.method} ${op.path} (${op.operationId})`;
  const responses = isRecord(op.raw.responses) ? op.raw.responses : {};
  const statusKey = [String(status), `${String(status).charAt(0)}XX`].find((k) => k in responses);
  let result: ValidateFunction | string;
  if (statusKey === undefined) {
    result = `reference ${label} has no response for status ${status} (documented: ${Object.keys(responses).join(', ')})`;
  } else {
    const response = deref(ref.doc, responses[statusKey]);
    const content = isRecord(response) && isRecord(response.content) ? response.content : {};
    const media = content['application/json'];
    if (!isRecord(media) || media.schema === undefined) {
      result = `reference ${label} → ${status} has no application/json response schema`;
    } else {
      const schema = convertSchema(media.schema, ref.formats);
      for (const f of ref.formats) if (!(f in ref.ajv.formats)) ref.ajv.addFormat(f, true);
      result = ref.ajv.compile(isRecord(schema) ? schema : {});
      compileCount++;
    }
  }
  validators.set(key, result);
  return result;
}

function formatError(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const params: Json = e.params;
  let detail = '';
  const allowed: unknown = params.allowedValues;
  const extra: unknown = params.additionalProperty;
  if (Array.isArray(allowed)) detail = ` ${JSON.stringify(allowed)}`;
  else if (typeof extra === 'string') detail = ` '${extra}'`;
  const title: unknown = isRecord(e.parentSchema) ? e.parentSchema.title : undefined;
  const schema = `${typeof title === 'string' ? `${title} ` : ''}${e.schemaPath.replace(DOC_ID, '')}`;
  return `${where} ${e.message ?? e.keyword}${detail} (schema ${schema})`;
}

/** The reference's operationId and OAuth2 scopes, or undefined if it has no such operation. */
export function referenceOperation(method: string, path: string): { operationId: string; scopes: string[] } | undefined {
  const op = findOperation(method, path);
  return op ? { operationId: op.operationId, scopes: [...op.scopes] } : undefined;
}

/**
 * Validate a response body against the reference. Unknown operation, status or
 * missing JSON schema give `valid: false` with an explanation; a missing
 * reference file throws.
 */
export function validateAgainstReference(
  method: string,
  path: string,
  status: number,
  body: unknown,
): { valid: boolean; errors: string[] } {
  const op = findOperation(method, path);
  if (!op) return { valid: false, errors: [`reference has no operation ${opKey(method, path)}`] };
  const validate = validatorFor(op, status);
  if (typeof validate === 'string') return { valid: false, errors: [validate] };
  if (validate(body)) return { valid: true, errors: [] };
  return { valid: false, errors: (validate.errors ?? []).map(formatError) };
}

const schemaValidators = new Map<string, ValidateFunction>();

/**
 * Validate a value against one schema of the reference's components, by its
 * JSON pointer under `#/components/schemas/` (e.g. `contact-transaction`, or
 * `hook-security.json/oneOf/0` for one option of a oneOf): for bodies eventline
 * sends rather than answers (callbacks), and for parts of a response.
 */
export function validateAgainstReferenceSchema(pointer: string, value: unknown): { valid: boolean; errors: string[] } {
  const ref = loadReference();
  let validate = schemaValidators.get(pointer);
  if (!validate) {
    for (const f of ref.formats) if (!(f in ref.ajv.formats)) ref.ajv.addFormat(f, true);
    validate = ref.ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${pointer}` });
    schemaValidators.set(pointer, validate);
  }
  if (validate(value)) return { valid: true, errors: [] };
  return { valid: false, errors: (validate.errors ?? []).map(formatError) };
}

/** Throw a readable Error unless `body` matches the reference's response schema. */
export function expectMatchesReference(method: string, path: string, status: number, body: unknown): void {
  const { valid, errors } = validateAgainstReference(method, path, status, body);
  if (valid) return;
  const op = findOperation(method, path);
  const label = op ? `${op.method} ${op.path} (${op.operationId})` : opKey(method, path);
  throw new Error(
    `response does not match the reference contract for ${label} → ${status}:\n` +
      errors.map((e) => `  - ${e}`).join('\n'),
  );
}

/** An answer of the app (Fastify's inject response, or the test helpers' api()). */
export interface Answer { readonly statusCode: number; readonly body: string; json(): unknown }

/** Asserts the status, and the body against the reference's schema for it (a 204 has none); returns the body. */
export function expectReferenceAnswer(method: string, path: string, status: number, res: Answer): unknown {
  expect(res.statusCode, res.body).toBe(status);
  if (status === 204) return undefined;
  const body = res.json();
  expectMatchesReference(method, path, status, body);
  return body;
}

/** Diagnostics: how many validators have been compiled in this process. */
export function referenceCacheStats(): { compiled: number; cached: number } {
  return { compiled: compileCount, cached: validators.size };
}

function titleOf(name: unknown): string {
  if (typeof name === 'string') return name;
  if (typeof name === 'function') return name.name;
  return String(name);
}

const missingReason = `reference OpenAPI document not found at ${referencePath}`;

/**
 * `describe` when the reference is available. When it is absent: under CI a
 * describe whose single test fails saying the file is missing; otherwise a
 * skipped describe whose title carries the reason.
 */
export const describeContract: typeof describe = referenceAvailable
  ? describe
  : new Proxy(describe, {
      apply(_target, _thisArg: unknown, args: unknown[]): unknown {
        const title = titleOf(args[0]);
        if (requireReference) {
          return describe(title, () => {
            it('reference OpenAPI document is present', () => {
              throw new Error(
                `${missingReason}. CI must provide it (set EVENTLINE_REFERENCE_OPENAPI or check out ../shared).`,
              );
            });
          });
        }
        const skippedTitle = `${title} [skipped: ${missingReason}; set EVENTLINE_REFERENCE_OPENAPI]`;
        return Reflect.apply(describe.skip, undefined, [skippedTitle, ...args.slice(1)]);
      },
    });
