/**
 * Checks requests to Zoom and Zoom's answers against Zoom's own published OpenAPI description
 * (`../shared/reference/platforms/zoom-api.json`, Zoom API v2; override with ZOOM_OPENAPI), the
 * way test/contract/reference.ts checks eventline's answers against the Cvent reference:
 * the description's schemas converted from OpenAPI 3.0 to JSON Schema and compiled with Ajv.
 *
 * A request must name an operation of the description (method and path template), give only
 * the query parameters that operation declares, each of its declared type, and a body valid
 * against its requestBody schema, with no property the schema does not list (Zoom ignores
 * unknown fields silently, so a misspelt field would otherwise go unnoticed). An answer must
 * have a status the operation documents and a body valid against that status' schema.
 *
 * Zoom's OAuth token endpoint (`POST https://zoom.us/oauth/token`, account_credentials grant)
 * is not among the description's paths: it is checked by hand against Zoom's Server-to-Server
 * OAuth documentation (checkTokenRequest / checkTokenAnswer).
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
export const zoomDescriptionPath = process.env.ZOOM_OPENAPI
  ? resolve(process.cwd(), process.env.ZOOM_OPENAPI)
  : resolve(repoRoot, '../shared/reference/platforms/zoom-api.json');
export const zoomDescriptionAvailable = existsSync(zoomDescriptionPath);

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const IGNORED = new Set(['example', 'examples', 'xml', 'discriminator', 'externalDocs', 'deprecated', 'nullable', 'description', 'title']);
const MAPS = new Set(['properties', 'patternProperties']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBS = new Set(['not', 'additionalProperties', 'items']);

/** OpenAPI 3.0 schema -> JSON Schema draft-07 (the same rules as test/contract/reference.ts). */
function convert(schema: unknown, formats: Set<string>): unknown {
  if (!isRecord(schema)) return schema;
  if (typeof schema.$ref === 'string') throw new Error(`unexpected $ref ${schema.$ref} in an operation this checker uses`);
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (IGNORED.has(k) || k.startsWith('x-')) continue;
    if (MAPS.has(k) && isRecord(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, convert(s, formats)]));
    else if (LISTS.has(k) && Array.isArray(v)) out[k] = v.map((s) => convert(s, formats));
    else if (SUBS.has(k)) out[k] = convert(v, formats);
    else out[k] = v;
  }
  if (typeof out.format === 'string') formats.add(out.format);
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  // A readOnly property is in answers only; a required readOnly one is not asked of requests (none here), so kept as is.
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

interface Param { name: string; in: string; required: boolean; schema: Json }
interface Operation {
  method: string;
  template: string;
  operationId: string;
  regex: RegExp;
  names: string[];
  literals: number;
  params: Param[];
  raw: Json;
}

interface Loaded {
  ajv: InstanceType<typeof Ajv>;
  formats: Set<string>;
  operations: Operation[];
}

let loaded: Loaded | undefined;
const compiled = new Map<string, ValidateFunction | string>();

function load(): Loaded {
  if (loaded) return loaded;
  const doc: unknown = JSON.parse(readFileSync(zoomDescriptionPath, 'utf8'));
  if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error(`${zoomDescriptionPath} is not an OpenAPI document`);
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
      for (const p of [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])]) {
        if (!isRecord(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
        byKey.set(`${p.in}:${p.name}`, { name: p.name, in: p.in, required: p.required === true, schema: isRecord(p.schema) ? p.schema : {} });
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
        regex, names, literals: segments.length - names.length, params: [...byKey.values()], raw,
      });
    }
  }
  // The most literal template first: /meetings/{meetingId}/registrants before a looser match.
  operations.sort((a, b) => b.literals - a.literals);
  loaded = { ajv, formats: new Set(), operations };
  return loaded;
}

function compile(key: string, schema: unknown, request: boolean): ValidateFunction {
  const l = load();
  const found = compiled.get(key);
  if (typeof found === 'function') return found;
  let s = convert(schema, l.formats);
  if (request) s = closed(merged(s));
  for (const f of l.formats) if (!(f in l.ajv.formats)) l.ajv.addFormat(f, true);
  const v = l.ajv.compile(isRecord(s) ? s : {});
  compiled.set(key, v);
  return v;
}

const fmt = (e: ErrorObject): string => {
  const extra: unknown = e.params.additionalProperty;
  return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${typeof extra === 'string' ? ` '${extra}'` : ''}`;
};

/** The operation a request names, and its path parameters. */
export function findZoomOperation(method: string, path: string): { op: Operation; pathParams: Record<string, string> } | undefined {
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

/** A parameter's text as its schema's type (path and query parameters arrive as text). */
function typed(value: string, schema: Json): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function checkParam(op: Operation, p: Param, value: string): string[] {
  const v = compile(`${op.method} ${op.template} param ${p.in}:${p.name}`, p.schema, false);
  return v(typed(value, p.schema)) ? [] : (v.errors ?? []).map((e) => `${p.in} parameter ${p.name}=${JSON.stringify(value)}: ${fmt(e)}`);
}

/**
 * Errors of one request to the API (`path` relative to the base URL, e.g. `/meetings/85746065432`;
 * `body` parsed JSON, or undefined when none was sent). An empty list: the request is as Zoom describes it.
 */
export function checkZoomRequest(method: string, path: string, query: URLSearchParams, body: unknown): string[] {
  const found = findZoomOperation(method, path);
  if (!found) return [`${method} ${path}: Zoom's API has no such operation`];
  const { op, pathParams } = found;
  const label = `${op.method} ${op.template} (${op.operationId})`;
  const errors: string[] = [];
  for (const p of op.params.filter((x) => x.in === 'path')) errors.push(...checkParam(op, p, pathParams[p.name] ?? ''));
  const declared = new Map(op.params.filter((x) => x.in === 'query').map((p) => [p.name, p]));
  for (const [name, value] of query) {
    const p = declared.get(name);
    if (!p) errors.push(`query parameter ${name} is not a parameter of ${label}`);
    else errors.push(...checkParam(op, p, value));
  }
  for (const p of declared.values()) if (p.required && !query.has(p.name)) errors.push(`query parameter ${p.name} is required`);
  const rb = isRecord(op.raw.requestBody) ? op.raw.requestBody : undefined;
  const media = rb && isRecord(rb.content) && isRecord(rb.content['application/json']) ? rb.content['application/json'] : undefined;
  if (body !== undefined) {
    if (!media) errors.push(`${label} takes no JSON body`);
    else {
      const v = compile(`${op.method} ${op.template} body`, media.schema, true);
      if (!v(body)) errors.push(...(v.errors ?? []).map((e) => `body ${fmt(e)}`));
    }
  } else if (rb?.required === true) {
    errors.push(`${label} needs a body`);
  }
  return errors.map((e) => `${method} ${path}: ${e}`);
}

/** Statuses Zoom documents for every call (its error and rate-limit pages) rather than per operation. */
const GENERAL_STATUSES = new Set([401, 429]);

/** Errors of one answer of the API (`body` parsed JSON, or undefined for an empty body). */
export function checkZoomAnswer(method: string, path: string, status: number, body: unknown): string[] {
  const found = findZoomOperation(method, path);
  if (!found) return [`${method} ${path}: Zoom's API has no such operation`];
  const { op } = found;
  const responses = isRecord(op.raw.responses) ? op.raw.responses : {};
  const doc = responses[String(status)];
  const errors: string[] = [];
  if (status >= 400) {
    if (!isRecord(doc) && !GENERAL_STATUSES.has(status)) errors.push(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
    // Zoom's error body: {code, message}.
    if (!isRecord(body) || typeof body.code !== 'number' || typeof body.message !== 'string') errors.push('an error answer must be {code: number, message: string}');
  } else if (!isRecord(doc)) {
    errors.push(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
  } else {
    const media = isRecord(doc.content) && isRecord(doc.content['application/json']) ? doc.content['application/json'] : undefined;
    if (!media) {
      if (body !== undefined) errors.push(`status ${status} has no body in the description`);
    } else {
      const v = compile(`${op.method} ${op.template} ${status}`, media.schema, false);
      if (!v(body)) errors.push(...(v.errors ?? []).map((e) => `answer ${fmt(e)}`));
    }
  }
  return errors.map((e) => `${method} ${path} -> ${status}: ${e}`);
}

/** The token request of a Server-to-Server OAuth app: `POST /oauth/token?grant_type=account_credentials&account_id=...`, HTTP Basic client_id:client_secret. */
export function checkTokenRequest(method: string, query: URLSearchParams, authorization: string | undefined, body: string): string[] {
  const errors: string[] = [];
  if (method !== 'POST') errors.push(`the token is asked with POST, not ${method}`);
  if (query.get('grant_type') !== 'account_credentials') errors.push('grant_type must be account_credentials');
  if (!query.get('account_id')) errors.push('account_id is required');
  for (const k of query.keys()) if (k !== 'grant_type' && k !== 'account_id') errors.push(`unknown token parameter ${k}`);
  if (!/^Basic [A-Za-z0-9+/]+=*$/.test(authorization ?? '')) errors.push('the client id and secret go in HTTP Basic authorization');
  if (body !== '') errors.push('the token request has no body');
  return errors.map((e) => `POST /oauth/token: ${e}`);
}

export function checkTokenAnswer(status: number, body: unknown): string[] {
  if (status !== 200) {
    return isRecord(body) && typeof body.reason === 'string' && typeof body.error === 'string' ? [] : ['POST /oauth/token: an error answer is {reason, error}'];
  }
  const ok = isRecord(body) && typeof body.access_token === 'string' && body.token_type === 'bearer' && typeof body.expires_in === 'number' && typeof body.scope === 'string';
  return ok ? [] : ['POST /oauth/token -> 200: the answer is {access_token, token_type: "bearer", expires_in, scope}'];
}
