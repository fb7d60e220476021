import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// Test support for SCIM: a client that talks like an identity provider
// (application/scim+json), and a validator that checks a resource against the
// RFC 7643 schemas the server itself serves at /Schemas (RFC 7643 §7): every
// attribute must be declared, of its declared type and plurality, within its
// canonical values, never a `returned: never` one, and required ones present.

export const SCIM_BASE = '/ea/scim/v2';
export const SCIM_JSON = 'application/scim+json';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_URN = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type Scim = (method: InjectOptions['method'], path: string, body?: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;

/** Calls under /ea/scim/v2 with the bearer token, sending bodies as application/scim+json. */
export function scimClient(app: FastifyInstance, token: string | undefined): Scim {
  return (method, path, body, headers = {}) =>
    app.inject({
      method, url: `${SCIM_BASE}${path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': SCIM_JSON } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

export interface ScimAttribute {
  name: string;
  type: 'string' | 'boolean' | 'decimal' | 'integer' | 'dateTime' | 'reference' | 'complex';
  multiValued: boolean;
  required: boolean;
  mutability: string;
  returned: string;
  canonicalValues?: string[];
  subAttributes?: ScimAttribute[];
}
export interface ScimSchema { id: string; attributes: ScimAttribute[] }
export interface ResourceType { id: string; schema: string; schemaExtensions: Array<{ schema: string; required: boolean }> }

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUri = (v: unknown): boolean => {
  if (typeof v !== 'string') return false;
  try {
    return new URL(v).protocol.length > 0;
  } catch {
    return false;
  }
};
const isDateTime = (v: unknown): boolean => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v));

function checkValue(a: ScimAttribute, v: unknown, where: string, errors: string[], partial: boolean): void {
  switch (a.type) {
    case 'string':
      if (typeof v !== 'string') errors.push(`${where} must be a string`);
      else if (a.canonicalValues && !a.canonicalValues.includes(v)) errors.push(`${where} '${v}' is not one of ${a.canonicalValues.join(', ')}`);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') errors.push(`${where} must be a boolean`);
      return;
    case 'integer':
      if (!Number.isInteger(v)) errors.push(`${where} must be an integer`);
      return;
    case 'decimal':
      if (typeof v !== 'number') errors.push(`${where} must be a number`);
      return;
    case 'dateTime':
      if (!isDateTime(v)) errors.push(`${where} must be an RFC 3339 dateTime`);
      return;
    case 'reference':
      if (!isUri(v)) errors.push(`${where} must be an absolute URI reference`);
      return;
    case 'complex':
      if (!isRecord(v)) {
        errors.push(`${where} must be a complex value (object)`);
        return;
      }
      checkAttributes(a.subAttributes ?? [], v, where, errors, partial);
      return;
  }
}

function checkAttributes(attrs: readonly ScimAttribute[], obj: Json, where: string, errors: string[], partial: boolean): void {
  for (const [key, value] of Object.entries(obj)) {
    const a = attrs.find((x) => x.name === key);
    const at = where ? `${where}.${key}` : key;
    if (!a) {
      errors.push(`${at} is not declared by the schema`);
      continue;
    }
    if (a.returned === 'never') errors.push(`${at} is returned: never, but was returned`);
    if (a.multiValued) {
      if (!Array.isArray(value)) errors.push(`${at} is multi-valued: must be an array`);
      else value.forEach((item, i) => checkValue(a, item, `${at}[${i}]`, errors, partial));
    } else if (Array.isArray(value)) {
      errors.push(`${at} is single-valued: must not be an array`);
    } else {
      checkValue(a, value, at, errors, partial);
    }
  }
  if (!partial) {
    for (const a of attrs) if (a.required && !(a.name in obj) && a.returned !== 'never') errors.push(`${where ? `${where}.` : ''}${a.name} is required but missing`);
  }
}

/**
 * Errors of a resource against the served schemas ([] when it conforms). `partial`
 * is for answers shaped by `attributes` / `excludedAttributes`: required attributes
 * may then be missing.
 */
export function scimResourceErrors(resource: unknown, type: ResourceType, schemas: readonly ScimSchema[], opts: { partial?: boolean } = {}): string[] {
  const errors: string[] = [];
  const partial = opts.partial === true;
  if (!isRecord(resource)) return ['the resource is not an object'];
  const declared = resource['schemas'];
  if (!Array.isArray(declared) || !declared.includes(type.schema)) errors.push(`schemas must list ${type.schema}`);
  const core = schemas.find((s) => s.id === type.schema);
  if (!core) return [...errors, `no served schema ${type.schema}`];
  // RFC 7643 §3.1: common attributes, defined by no schema.
  if (typeof resource['id'] !== 'string' || resource['id'] === '') errors.push('id must be a non-empty string');
  if ('externalId' in resource && typeof resource['externalId'] !== 'string') errors.push('externalId must be a string');
  const meta = resource['meta'];
  if (meta !== undefined) {
    if (!isRecord(meta)) errors.push('meta must be an object');
    else {
      if (meta['resourceType'] !== type.id) errors.push(`meta.resourceType must be ${type.id}`);
      if (!isUri(meta['location'])) errors.push('meta.location must be an absolute URI');
      for (const k of ['created', 'lastModified']) if (k in meta && !isDateTime(meta[k])) errors.push(`meta.${k} must be a dateTime`);
      if ('version' in meta && typeof meta['version'] !== 'string') errors.push('meta.version must be a string');
    }
  } else if (!partial) {
    errors.push('meta is missing');
  }
  const coreValues: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    if (['schemas', 'id', 'externalId', 'meta'].includes(key)) continue;
    const ext = type.schemaExtensions.find((e) => e.schema === key);
    if (ext) {
      if (!Array.isArray(declared) || !declared.includes(key)) errors.push(`schemas must list the extension ${key} it carries`);
      const extSchema = schemas.find((s) => s.id === key);
      if (!extSchema) errors.push(`no served schema ${key}`);
      else if (!isRecord(value)) errors.push(`${key} must be an object`);
      else checkAttributes(extSchema.attributes, value, key, errors, partial);
      continue;
    }
    coreValues[key] = value;
  }
  checkAttributes(core.attributes, coreValues, '', errors, partial);
  return errors;
}
