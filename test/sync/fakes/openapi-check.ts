/**
 * Checks requests to an outside platform and the platform's answers against the platform's own
 * published OpenAPI 3.0 description (`../shared/reference/platforms/*.json`), the way
 * test/contract/reference.ts checks eventline's answers against the Cvent reference: the
 * description's schemas converted to JSON Schema and compiled with Ajv. One checker per
 * description (./zoom-openapi.ts, ./gotowebinar-openapi.ts).
 *
 * A request must name an operation of the description (method and path template), give only
 * the query parameters that operation declares, each of its declared type, the header
 * parameters it requires (when the caller passes the headers), and a body valid against its
 * requestBody schema, with no property the schema does not list (platforms ignore unknown
 * fields silently, so a misspelt field would otherwise go unnoticed). An answer must have a
 * status the operation documents (or one the platform documents for every call) and a body
 * valid against that status' schema; an error answer's body is checked by the platform's rule.
 * Local `$ref`s (`#/components/...`) are inlined.
 */
import { existsSync, readFileSync } from 'node:fs';
import AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

type Json = Record<string, unknown>;
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const IGNORED = new Set(['example', 'examples', 'xml', 'discriminator', 'externalDocs', 'deprecated', 'nullable', 'description', 'title']);
const MAPS = new Set(['properties', 'patternProperties']);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBS = new Set(['not', 'additionalProperties', 'items']);

/** The target of a local `$ref` (`#/components/schemas/X`). */
function target(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, not ${ref}`);
  let at: unknown = doc;
  for (const part of ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!isRecord(at) || !(part in at)) throw new Error(`$ref ${ref} points at nothing`);
    at = at[part];
  }
  return at;
}

/** A copy of `value` with every local `$ref` replaced by its target (a cycle is an error: none in the operations used). */
function inlined(value: unknown, doc: Json, stack: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => inlined(v, doc, stack));
  if (!isRecord(value)) return value;
  if (typeof value.$ref === 'string') {
    if (stack.includes(value.$ref)) throw new Error(`$ref cycle through ${value.$ref}`);
    return inlined(target(doc, value.$ref), doc, [...stack, value.$ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlined(v, doc, stack)]));
}

/** OpenAPI 3.0 schema -> JSON Schema draft-07 (the same rules as test/contract/reference.ts). */
function convert(schema: unknown, formats: Set<string>): unknown {
  if (!isRecord(schema)) return schema;
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

export interface Param { name: string; in: string; required: boolean; schema: Json }
export interface Operation {
  method: string;
  template: string;
  operationId: string;
  regex: RegExp;
  names: string[];
  literals: number;
  /** The operation's and its path's parameters, $refs inlined. */
  params: Param[];
  /** The operation, $refs inlined. */
  raw: Json;
}

/** An operation as listed at load: its $refs are inlined when a request first names it. */
interface Listed {
  method: string;
  template: string;
  regex: RegExp;
  names: string[];
  literals: number;
  source: Json;
  shared: unknown[];
  resolved?: Operation;
}

export interface OpenApiCheckerOptions {
  /** The platform's name in messages ("Zoom's API has no such operation"). */
  platform: string;
  descriptionPath: string;
  /** Statuses the platform documents for every call (its error and rate-limit pages) rather than per operation. */
  generalStatuses?: ReadonlySet<number>;
  /** The platform's rule for an error answer's body (its error pages): what is wrong with it, [] when right. */
  errorBody: (status: number, body: unknown) => string[];
}

export interface OpenApiChecker {
  readonly descriptionPath: string;
  readonly available: boolean;
  /** The operation a request names, and its path parameters. */
  findOperation(method: string, path: string): { op: Operation; pathParams: Record<string, string> } | undefined;
  /**
   * Errors of one request (`path` relative to the description's server, `body` parsed JSON or
   * undefined when none was sent; `headers` lower-cased, when the header parameters are to be
   * checked). An empty list: the request is as the platform describes it.
   */
  checkRequest(method: string, path: string, query: URLSearchParams, body: unknown, headers?: Readonly<Record<string, string | undefined>>): string[];
  /** Errors of one answer (`body` parsed JSON, or undefined for an empty body). */
  checkAnswer(method: string, path: string, status: number, body: unknown): string[];
}

const fmt = (e: ErrorObject): string => {
  const extra: unknown = e.params.additionalProperty;
  return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${typeof extra === 'string' ? ` '${extra}'` : ''}`;
};

/** A parameter's text as its schema's type (path, query and header parameters arrive as text). */
function typed(value: string, schema: Json): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export function openApiChecker(opts: OpenApiCheckerOptions): OpenApiChecker {
  const general = opts.generalStatuses ?? new Set<number>();
  let loaded: { doc: Json; ajv: InstanceType<typeof Ajv>; formats: Set<string>; operations: Listed[] } | undefined;
  const compiled = new Map<string, ValidateFunction>();

  function load(): NonNullable<typeof loaded> {
    if (loaded) return loaded;
    const doc: unknown = JSON.parse(readFileSync(opts.descriptionPath, 'utf8'));
    if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error(`${opts.descriptionPath} is not an OpenAPI document`);
    const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    const operations: Listed[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      if (!isRecord(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const source = item[method];
        if (!isRecord(source)) continue;
        const names: string[] = [];
        const segments = template.split('/').filter(Boolean);
        const regex = new RegExp(`^/${segments.map((seg) => {
          const m = /^\{(.+)\}$/.exec(seg);
          if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(m[1] ?? '');
          return '([^/]+)';
        }).join('/')}$`);
        operations.push({ method: method.toUpperCase(), template, regex, names, literals: segments.length - names.length, source, shared });
      }
    }
    // The most literal template first: /registrants/fields before /registrants/{registrantKey}.
    operations.sort((a, b) => b.literals - a.literals);
    loaded = { doc, ajv, formats: new Set(), operations };
    return loaded;
  }

  function resolve(l: Listed): Operation {
    if (l.resolved) return l.resolved;
    const { doc } = load();
    const raw = inlined(l.source, doc) as Json;
    // Operation parameters override the path's (same name and place).
    const byKey = new Map<string, Param>();
    for (const p of [...(inlined(l.shared, doc) as unknown[]), ...(Array.isArray(raw.parameters) ? raw.parameters : [])]) {
      if (!isRecord(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      byKey.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, { name: p.name, in: p.in, required: p.required === true, schema: isRecord(p.schema) ? p.schema : {} });
    }
    l.resolved = {
      method: l.method, template: l.template, operationId: typeof raw.operationId === 'string' ? raw.operationId : `${l.method.toLowerCase()} ${l.template}`,
      regex: l.regex, names: l.names, literals: l.literals, params: [...byKey.values()], raw,
    };
    return l.resolved;
  }

  function compile(key: string, schema: unknown, request: boolean): ValidateFunction {
    const l = load();
    const found = compiled.get(key);
    if (found) return found;
    let s = convert(schema, l.formats);
    if (request) s = closed(merged(s));
    for (const f of l.formats) if (!(f in l.ajv.formats)) l.ajv.addFormat(f, true);
    const v = l.ajv.compile(isRecord(s) ? s : {});
    compiled.set(key, v);
    return v;
  }

  function checkParam(op: Operation, p: Param, value: string): string[] {
    const v = compile(`${op.method} ${op.template} param ${p.in}:${p.name}`, p.schema, false);
    return v(typed(value, p.schema)) ? [] : (v.errors ?? []).map((e) => `${p.in} parameter ${p.name}=${JSON.stringify(value)}: ${fmt(e)}`);
  }

  function findOperation(method: string, path: string): { op: Operation; pathParams: Record<string, string> } | undefined {
    for (const l of load().operations) {
      if (l.method !== method.toUpperCase()) continue;
      const m = l.regex.exec(path);
      if (!m) continue;
      const pathParams: Record<string, string> = {};
      l.names.forEach((n, i) => { pathParams[n] = decodeURIComponent(m[i + 1] ?? ''); });
      return { op: resolve(l), pathParams };
    }
    return undefined;
  }

  const none = (method: string, path: string): string => `${method} ${path}: ${opts.platform}'s API has no such operation`;

  return {
    descriptionPath: opts.descriptionPath,
    available: existsSync(opts.descriptionPath),
    findOperation,

    checkRequest(method, path, query, body, headers) {
      const found = findOperation(method, path);
      if (!found) return [none(method, path)];
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
      if (headers) {
        // Only the declared ones: a request carries many headers HTTP itself defines.
        for (const p of op.params.filter((x) => x.in === 'header')) {
          const value = headers[p.name.toLowerCase()];
          if (value === undefined) {
            if (p.required) errors.push(`header ${p.name} is required`);
          } else {
            errors.push(...checkParam(op, p, value));
          }
        }
      }
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
    },

    checkAnswer(method, path, status, body) {
      const found = findOperation(method, path);
      if (!found) return [none(method, path)];
      const { op } = found;
      const responses = isRecord(op.raw.responses) ? op.raw.responses : {};
      const doc = responses[String(status)];
      const errors: string[] = [];
      if (status >= 400) {
        if (!isRecord(doc) && !general.has(status)) errors.push(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
        errors.push(...opts.errorBody(status, body));
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
    },
  };
}
