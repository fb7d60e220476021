import {
  InvalidScimPatchRequest, NoPathInScimPatchOp, NoTarget, PATCH_OPERATION_SCHEMA, ScimError, scimPatch,
  type ScimPatchOperation, type ScimResource,
} from 'scim-patch';
import { ScimErrors } from './identity.errors.js';
import { attributeAt, canonicalPath, canonicalValueAt, isRecord, pathParts, type PathParts, type ResourceNames } from './scim.definitions.js';

// PATCH (RFC 7644 §3.5.2) through scim-patch: the operations are read and put in
// canonical form here (op names in any case, as Entra ID sends "Replace"; paths
// and value keys in canonical spelling; no writes to read-only attributes),
// then applied by the library to the resource as it is now. The service keeps
// what comes out exactly as it would keep a PUT.

export interface PatchOp {
  readonly op: 'add' | 'remove' | 'replace';
  readonly path?: string;
  readonly value?: unknown;
}

/** Reads a PatchOp request body; malformed is 400 invalidSyntax. */
export function readPatchRequest(body: unknown): PatchOp[] {
  if (!isRecord(body)) throw ScimErrors.invalidSyntax('The body must be a PatchOp message');
  const key = (name: string) => Object.keys(body).find((k) => k.toLowerCase() === name.toLowerCase());
  const schemas = body[key('schemas') ?? 'schemas'];
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_OPERATION_SCHEMA.toLowerCase())) {
    throw ScimErrors.invalidSyntax(`'schemas' must contain ${PATCH_OPERATION_SCHEMA}`);
  }
  const operations = body[key('Operations') ?? 'Operations'];
  if (!Array.isArray(operations) || operations.length === 0) throw ScimErrors.invalidSyntax("'Operations' must be a non-empty array");
  if (operations.length > 1000) throw ScimErrors.invalidSyntax("'Operations' holds at most 1000 operations");
  return operations.map((raw, i) => {
    if (!isRecord(raw)) throw ScimErrors.invalidSyntax(`Operations[${i}] must be an object`);
    const field = (name: string) => raw[Object.keys(raw).find((k) => k.toLowerCase() === name) ?? name];
    const op = field('op');
    const path = field('path');
    const value = field('value');
    const name = typeof op === 'string' ? op.toLowerCase() : undefined;
    if (name !== 'add' && name !== 'remove' && name !== 'replace') throw ScimErrors.invalidSyntax(`Operations[${i}].op must be add, remove or replace`);
    if (path !== undefined && path !== null && typeof path !== 'string') throw ScimErrors.invalidSyntax(`Operations[${i}].path must be a string`);
    if (typeof path === 'string' && path.length > 1000) throw ScimErrors.invalidPath(`Operations[${i}].path is too long`);
    if (name === 'remove' && (typeof path !== 'string' || path.trim() === '')) throw ScimErrors.noTarget(`Operations[${i}]: remove needs a path`);
    if (name !== 'remove' && value === undefined) throw ScimErrors.invalidSyntax(`Operations[${i}]: ${name} needs a value`);
    return { op: name, ...(typeof path === 'string' && path.trim() !== '' ? { path: path.trim() } : {}), ...(value !== undefined ? { value } : {}) };
  });
}

/**
 * A value without a path as flat canonical paths, the form the library applies
 * attribute by attribute: sub-attributes left out of a complex value stay as they
 * are (RFC 7644 §3.5.2.3), and extension attributes are keyed `urn:...:attribute`.
 * Read-only attributes are dropped, as in a PUT (RFC 7644 §3.5.1): Entra ID echoes `id` there.
 */
function flatValue(names: ResourceNames, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keyOf = (p: PathParts) => `${p.extension !== undefined ? `${p.extension}:` : ''}${p.attribute ?? ''}${p.sub !== undefined ? `.${p.sub}` : ''}`;
  const put = (p: PathParts, v: unknown) => {
    const top = p.attribute !== undefined ? attributeAt(names, { ...(p.extension !== undefined ? { extension: p.extension } : {}), attribute: p.attribute }) : undefined;
    if (top?.mutability === 'readOnly' || attributeAt(names, p)?.mutability === 'readOnly') return;
    out[keyOf(p)] = canonicalValueAt(names, p, v);
  };
  const expand = (p: PathParts, v: unknown) => {
    const a = attributeAt(names, p);
    if (p.sub === undefined && a?.type === 'complex' && !a.multiValued && isRecord(v)) {
      for (const [k, sv] of Object.entries(v)) {
        const q = pathParts(names, `${keyOf(p)}.${k}`);
        if (q) put(q, sv);
      }
    } else {
      put(p, v);
    }
  };
  for (const [key, v] of Object.entries(value)) {
    const p = pathParts(names, key);
    // A key that is no attribute path at all is ignored, like an unknown attribute.
    if (!p || p.filter !== undefined) continue;
    if (p.attribute === undefined) {
      if (!isRecord(v)) throw ScimErrors.invalidValue(`'${key.slice(0, 200)}' must be an object of the extension's attributes`);
      for (const [k, sv] of Object.entries(v)) {
        const q = pathParts(names, `${p.extension ?? ''}:${k}`);
        if (q) expand(q, sv);
      }
      continue;
    }
    expand(p, v);
  }
  return out;
}

/** The operation in canonical spelling; a write to a read-only attribute is 400 mutability. */
export function canonicalOp(names: ResourceNames, op: PatchOp): PatchOp {
  if (op.path === undefined) {
    if (!isRecord(op.value)) throw ScimErrors.invalidValue(`An ${op.op} without a path needs an object of attributes as its value`);
    return { op: op.op, value: flatValue(names, op.value) };
  }
  const path = canonicalPath(names, op.path);
  const parts = pathParts(names, path);
  if (parts?.extension !== undefined && parts.attribute === undefined) {
    // A whole extension as the path: its attributes one by one.
    if (op.op === 'remove') throw ScimErrors.invalidPath('Remove the extension\'s attributes one by one (urn:...:attribute)');
    return { op: op.op, value: flatValue(names, { [parts.extension]: op.value }) };
  }
  const attribute = parts ? attributeAt(names, parts) : undefined;
  const top = parts?.attribute !== undefined ? attributeAt(names, { ...(parts.extension !== undefined ? { extension: parts.extension } : {}), attribute: parts.attribute }) : undefined;
  if (top?.mutability === 'readOnly' || (parts?.sub !== undefined && attribute?.mutability === 'readOnly')) {
    throw ScimErrors.mutability(`'${path}' is read-only`);
  }
  if (op.op === 'remove' && attribute?.required === true && parts?.sub === undefined && parts?.filter === undefined) {
    throw ScimErrors.mutability(`'${path}' is required and cannot be removed`);
  }
  return { op: op.op, path, ...(op.value !== undefined ? { value: parts ? canonicalValueAt(names, parts, op.value) : op.value } : {}) };
}

function toLibraryOp(op: PatchOp): ScimPatchOperation {
  if (op.op === 'remove') return { op: 'remove', path: op.path ?? '', ...(op.value !== undefined ? { value: op.value } : {}) };
  return { op: op.op, ...(op.path !== undefined ? { path: op.path } : {}), value: op.value };
}

/** Applies the (canonical) operations to a copy of the resource; the library's errors become SCIM errors. */
export function applyPatch(resource: Record<string, unknown>, ops: readonly PatchOp[]): Record<string, unknown> {
  // The library wants ScimResource's meta (dates); nothing here reads it, and it is dropped again after.
  const doc: ScimResource & Record<string, unknown> = { ...structuredClone(resource), schemas: [], meta: { created: new Date(0), lastModified: new Date(0) } };
  let patched: ScimResource & Record<string, unknown>;
  try {
    patched = scimPatch(doc, ops.map(toLibraryOp), { mutateDocument: true, treatMissingAsAdd: true });
  } catch (err) {
    if (err instanceof NoTarget || err instanceof NoPathInScimPatchOp) throw ScimErrors.noTarget(err.message.slice(0, 300));
    if (err instanceof InvalidScimPatchRequest) throw ScimErrors.invalidSyntax(err.message.slice(0, 300));
    if (err instanceof ScimError) throw (/path/i.test(err.message) ? ScimErrors.invalidPath : ScimErrors.invalidValue)(err.message.slice(0, 300));
    // The library walks whatever the client sent; a value of the wrong shape for a path may fail anywhere in it.
    if (err instanceof TypeError) throw ScimErrors.invalidValue('A value does not fit the attribute its path names');
    throw err;
  }
  const { meta: _meta, schemas: _schemas, ...rest } = patched;
  return rest;
}
