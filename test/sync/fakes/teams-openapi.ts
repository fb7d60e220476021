/**
 * Checks requests to Microsoft Graph and Graph's answers against Microsoft's own published
 * OpenAPI description (`../shared/reference/platforms/microsoft-graph-onlinemeetings.json`, the
 * Graph v1.0 `onlineMeetings` and `subscriptions` subset; override with GRAPH_OPENAPI), the way
 * ./zoom-openapi.ts checks Zoom: the description's schemas converted from OpenAPI 3.0 to JSON
 * Schema and compiled with Ajv.
 *
 * A request must name an operation of the description (method and path template), give only
 * the query parameters that operation declares, each of its declared type, and a body valid
 * against its requestBody schema, with no property the schema does not list (Graph ignores
 * some unknown properties and refuses others: either way a misspelt field must not pass). An
 * answer must have a status the operation documents (Graph's description documents ranges:
 * `2XX`, `4XX`, `5XX`) and a body valid against that status' schema.
 *
 * Three readings of the description, each as Graph itself behaves, and nothing else relaxed:
 * - `@odata.type` is listed as required on every object (the generator uses it as the
 *   discriminator), but Graph sends and needs it only where the type differs from the declared
 *   one (OData JSON format, "odata.type"; microsoftgraph/msgraph-metadata issue 1166): it is
 *   checked as an optional string.
 * - `anyOf: [{$ref: X}, {type: object, nullable: true}]` is the generator's way of writing
 *   "X or null" (a 3.0 `$ref` takes no `nullable` beside it): read as X or null, so an object
 *   that is not X fails instead of passing as "some object".
 * - A pageable operation (`x-ms-pageable`, next link `@odata.nextLink`) also takes the
 *   `$skiptoken` Graph writes into its next links; the client follows the link as given.
 *
 * The Microsoft identity platform's token endpoint
 * (`POST https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token`) is not in the
 * description: it is checked by hand against its documentation (client credentials grant).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const graphDescriptionPath = process.env.GRAPH_OPENAPI
  ? resolve(process.cwd(), process.env.GRAPH_OPENAPI)
  : resolve(repoRoot, '../shared/reference/platforms/microsoft-graph-onlinemeetings.json');
export const graphDescriptionAvailable = existsSync(graphDescriptionPath);

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const IGNORED = new Set(['example', 'examples', 'xml', 'discriminator', 'externalDocs', 'deprecated', 'nullable', 'description', 'title']);

interface Param { name: string; in: string; required: boolean; schema: Json; style?: string; explode?: boolean }
interface Operation {
  method: string;
  template: string;
  operationId: string;
  regex: RegExp;
  names: string[];
  literals: number;
  params: Param[];
  pageable: boolean;
  raw: Json;
}

interface Loaded {
  doc: Json;
  ajv: InstanceType<typeof Ajv>;
  formats: Set<string>;
  operations: Operation[];
}

let loaded: Loaded | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The object a local `$ref` (`#/components/...`) points at. */
function deref(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`unexpected external $ref ${ref}`);
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!isRecord(at)) throw new Error(`$ref ${ref} does not resolve`);
    at = at[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (at === undefined) throw new Error(`$ref ${ref} does not resolve`);
  return at;
}

/** Follows a `$ref` at the top of a response, parameter or request body. */
function follow(doc: Json, v: unknown): unknown {
  let out = v;
  for (let i = 0; isRecord(out) && typeof out.$ref === 'string'; i++) {
    if (i > 10) throw new Error('a $ref chain that does not end');
    out = deref(doc, out.$ref);
  }
  return out;
}

/** OpenAPI 3.0 schema -> JSON Schema draft-07, every `$ref` inlined (the schemas of this subset are not recursive). */
function convert(doc: Json, schema: unknown, formats: Set<string>, seen: readonly string[] = []): unknown {
  if (!isRecord(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) throw new Error(`recursive $ref ${schema.$ref}`);
    return convert(doc, deref(doc, schema.$ref), formats, [...seen, schema.$ref]);
  }
  // "X or null", written as anyOf [$ref X, a nullable free object].
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2) {
    const [a, b] = schema.anyOf as unknown[];
    if (isRecord(a) && typeof a.$ref === 'string' && isRecord(b) && b.nullable === true && b.type === 'object' && Object.keys(b).every((k) => ['nullable', 'type', 'description'].includes(k))) {
      return { anyOf: [convert(doc, a, formats, seen), { type: 'null' }] };
    }
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (IGNORED.has(k) || k.startsWith('x-')) continue;
    if (k === 'properties' && isRecord(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, convert(doc, s, formats, seen)]));
    else if ((k === 'allOf' || k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) out[k] = v.map((s) => convert(doc, s, formats, seen));
    else if ((k === 'not' || k === 'additionalProperties' || k === 'items') && isRecord(v)) out[k] = convert(doc, v, formats, seen);
    else if (k === 'required' && Array.isArray(v)) {
      // @odata.type: see the file's header.
      const required = v.filter((r) => r !== '@odata.type');
      if (required.length > 0) out[k] = required;
    } else out[k] = v;
  }
  if (typeof out.format === 'string') formats.add(out.format);
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** allOf of plain objects merged into one object (so it can be closed), recursively. */
function merged(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  let s: Json = { ...schema };
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map(merged);
    if (parts.every((p) => isRecord(p) && (p.type === 'object' || p.type === undefined) && !('allOf' in p) && !('oneOf' in p) && !('anyOf' in p))) {
      const props: Json = {};
      const required = new Set<string>();
      for (const p of parts as Json[]) {
        if (isRecord(p.properties)) Object.assign(props, p.properties);
        if (Array.isArray(p.required)) for (const r of p.required) if (typeof r === 'string') required.add(r);
      }
      const { allOf: _drop, ...rest } = s;
      s = { ...rest, type: 'object', properties: props, ...(required.size > 0 ? { required: [...required] } : {}) };
    } else {
      s.allOf = parts;
    }
  }
  if (isRecord(s.properties)) s.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, merged(v)]));
  if (s.items !== undefined) s.items = merged(s.items);
  for (const k of ['anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k] = (s[k] as unknown[]).map(merged);
  return s;
}

/** Objects that list their properties accept no other property (requests only). */
function closed(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const s: Json = { ...schema };
  if (isRecord(s.properties)) {
    s.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, closed(v)]));
    if (s.additionalProperties === undefined) s.additionalProperties = false;
  }
  if (s.items !== undefined) s.items = closed(s.items);
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k] = (s[k] as unknown[]).map(closed);
  return s;
}

function load(): Loaded {
  if (loaded) return loaded;
  const doc: unknown = JSON.parse(readFileSync(graphDescriptionPath, 'utf8'));
  if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error(`${graphDescriptionPath} is not an OpenAPI document`);
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const raw = item[method];
      if (!isRecord(raw)) continue;
      // Operation parameters override the path's (same name and place).
      const byKey = new Map<string, Param>();
      for (const ref of [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])]) {
        const p = follow(doc, ref);
        if (!isRecord(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
        byKey.set(`${p.in}:${p.name}`, {
          name: p.name, in: p.in, required: p.required === true, schema: isRecord(p.schema) ? p.schema : {},
          ...(typeof p.style === 'string' ? { style: p.style } : {}), ...(typeof p.explode === 'boolean' ? { explode: p.explode } : {}),
        });
      }
      const names: string[] = [];
      const segments = template.split('/').filter(Boolean);
      const regex = new RegExp(`^/${segments.map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1] ?? '');
        return '([^/]+)';
      }).join('/')}$`);
      operations.push({
        method: method.toUpperCase(), template, operationId: typeof raw.operationId === 'string' ? raw.operationId : `${method} ${template}`,
        regex, names, literals: segments.length - names.length, params: [...byKey.values()], pageable: isRecord(raw['x-ms-pageable']), raw,
      });
    }
  }
  // The most literal template first: .../onlineMeetings/microsoft.graph.createOrGet before .../onlineMeetings/{onlineMeeting-id}.
  operations.sort((a, b) => b.literals - a.literals);
  loaded = { doc, ajv, formats: new Set(), operations };
  return loaded;
}

function compile(key: string, schema: unknown, request: boolean): ValidateFunction {
  const found = compiled.get(key);
  if (found) return found;
  const l = load();
  let s = merged(convert(l.doc, schema, l.formats));
  if (request) s = closed(s);
  for (const f of l.formats) if (!(f in l.ajv.formats)) l.ajv.addFormat(f, true);
  const v = l.ajv.compile(isRecord(s) ? s : {});
  compiled.set(key, v);
  return v;
}

const fmt = (e: ErrorObject): string => {
  const extra: unknown = e.params.additionalProperty;
  return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${typeof extra === 'string' ? ` '${extra}'` : ''}`;
};

/** The operation a request names (path relative to `/v1.0`), and its path parameters. */
export function findGraphOperation(method: string, path: string): { op: Operation; pathParams: Record<string, string> } | undefined {
  for (const op of load().operations) {
    if (op.method !== method.toUpperCase()) continue;
    const m = op.regex.exec(path);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    op.names.forEach((n, i) => { pathParams[n] = decodeURIComponent(m[i + 1] ?? ''); });
    return { op, pathParams };
  }
  return undefined;
}

/** A parameter's text as its schema's type (form style, explode false: an array is comma-separated). */
function typed(value: string, schema: Json): unknown {
  if (schema.type === 'array') return value.split(',');
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function checkParam(op: Operation, p: Param, value: string): string[] {
  const v = compile(`${op.method} ${op.template} param ${p.in}:${p.name}`, p.schema, false);
  return v(typed(value, p.schema)) ? [] : (v.errors ?? []).map((e) => `${p.in} parameter ${p.name}=${JSON.stringify(value)}: ${fmt(e)}`);
}

/**
 * Errors of one request to Graph (`path` relative to the base URL `https://graph.microsoft.com/v1.0`,
 * e.g. `/users/{id}/onlineMeetings`; `body` parsed JSON, or undefined when none was sent). An empty
 * list: the request is as Microsoft describes it.
 */
export function checkGraphRequest(method: string, path: string, query: URLSearchParams, body: unknown): string[] {
  const found = findGraphOperation(method, path);
  if (!found) return [`${method} ${path}: Microsoft Graph's description has no such operation`];
  const { op, pathParams } = found;
  const label = `${op.method} ${op.template} (${op.operationId})`;
  const errors: string[] = [];
  for (const p of op.params.filter((x) => x.in === 'path')) errors.push(...checkParam(op, p, pathParams[p.name] ?? ''));
  const declared = new Map(op.params.filter((x) => x.in === 'query').map((p) => [p.name, p]));
  for (const [name, value] of query) {
    const p = declared.get(name);
    if (p) errors.push(...checkParam(op, p, value));
    else if (!(name === '$skiptoken' && op.pageable)) errors.push(`query parameter ${name} is not a parameter of ${label}`);
  }
  for (const p of declared.values()) if (p.required && !query.has(p.name)) errors.push(`query parameter ${p.name} is required`);
  const rb = follow(load().doc, op.raw.requestBody);
  const media = isRecord(rb) && isRecord(rb.content) && isRecord(rb.content['application/json']) ? rb.content['application/json'] : undefined;
  if (body !== undefined) {
    if (!media) errors.push(`${label} takes no JSON body`);
    else {
      const v = compile(`${op.method} ${op.template} body`, media.schema, true);
      if (!v(body)) errors.push(...(v.errors ?? []).map((e) => `body ${fmt(e)}`));
    }
  } else if (isRecord(rb) && rb.required === true) {
    errors.push(`${label} needs a body`);
  }
  return errors.map((e) => `${method} ${path}: ${e}`);
}

/** Errors of one answer of Graph (`body` parsed JSON, or undefined for an empty body). */
export function checkGraphAnswer(method: string, path: string, status: number, body: unknown): string[] {
  const found = findGraphOperation(method, path);
  if (!found) return [`${method} ${path}: Microsoft Graph's description has no such operation`];
  const { op } = found;
  const l = load();
  const responses = isRecord(op.raw.responses) ? op.raw.responses : {};
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
  const doc = follow(l.doc, responses[key]);
  const errors: string[] = [];
  if (!isRecord(doc)) {
    errors.push(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
  } else {
    const media = isRecord(doc.content) && isRecord(doc.content['application/json']) ? doc.content['application/json'] : undefined;
    if (!media) {
      if (body !== undefined) errors.push(`status ${status} has no body in the description`);
    } else if (body === undefined) {
      errors.push(`status ${status} has a body in the description, and the answer none`);
    } else {
      const v = compile(`${op.method} ${op.template} ${key}`, media.schema, false);
      if (!v(body)) errors.push(...(v.errors ?? []).map((e) => `answer ${fmt(e)}`));
    }
  }
  return errors.map((e) => `${method} ${path} -> ${status}: ${e}`);
}

/**
 * The client credentials token request of the Microsoft identity platform (v2.0 endpoint):
 * `POST /{tenant}/oauth2/v2.0/token`, form body `client_id`, `client_secret`, `scope` (a resource's
 * `/.default`), `grant_type=client_credentials`; nothing in the query.
 */
export function checkTokenRequest(method: string, path: string, query: URLSearchParams, contentType: string | undefined, body: string): string[] {
  const errors: string[] = [];
  if (method !== 'POST') errors.push(`the token is asked with POST, not ${method}`);
  if (!/^\/[^/]+\/oauth2\/v2\.0\/token$/.test(path)) errors.push(`the token endpoint is /{tenant}/oauth2/v2.0/token, not ${path}`);
  if ([...query.keys()].length > 0) errors.push('the token request takes its parameters in the form body, not the query');
  if (!/^application\/x-www-form-urlencoded\b/.test(contentType ?? '')) errors.push('the body is application/x-www-form-urlencoded');
  const form = new URLSearchParams(body);
  if (form.get('grant_type') !== 'client_credentials') errors.push('grant_type must be client_credentials');
  if (!form.get('client_id')) errors.push('client_id is required');
  if (!form.get('client_secret')) errors.push('client_secret is required (a secret credential)');
  if (!/^https:\/\/[^ ]+\/\.default$/.test(form.get('scope') ?? '')) errors.push('scope must be the resource\'s /.default (https://graph.microsoft.com/.default)');
  for (const k of form.keys()) if (!['grant_type', 'client_id', 'client_secret', 'scope'].includes(k)) errors.push(`unknown token parameter ${k}`);
  return errors.map((e) => `POST ${path}: ${e}`);
}

export function checkTokenAnswer(status: number, body: unknown): string[] {
  if (status !== 200) {
    const ok = isRecord(body) && typeof body.error === 'string' && typeof body.error_description === 'string'
      && Array.isArray(body.error_codes) && body.error_codes.every((c) => typeof c === 'number');
    return ok ? [] : ['token endpoint: an error answer is {error, error_description, error_codes: number[], ...}'];
  }
  const ok = isRecord(body) && body.token_type === 'Bearer' && typeof body.expires_in === 'number' && typeof body.access_token === 'string';
  return ok ? [] : ['token endpoint -> 200: the answer is {token_type: "Bearer", expires_in, access_token}'];
}
