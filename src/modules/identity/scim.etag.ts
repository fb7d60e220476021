import { createHash } from 'node:crypto';
import { ScimErrors } from './identity.errors.js';

/** A weak ETag over what the resource says (RFC 7644 §3.14): any change to it changes the version. */
export function versionOf(value: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22)}"`;
}

/** If-Match (RFC 7232 §3.1): `*`, or one of a list of ETags, compared weakly. */
export function checkIfMatch(ifMatch: string | undefined, etag: string): void {
  if (ifMatch === undefined) return;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const tags = ifMatch.split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.includes('*') || tags.some((t) => bare(t) === bare(etag))) return;
  throw ScimErrors.preconditionFailed();
}

/** The resource with `meta.version` set to its ETag, and the ETag. */
export function withVersion<T extends { meta: { version?: string } }>(resource: T): { resource: T; etag: string } {
  const etag = versionOf(resource);
  return { resource: { ...resource, meta: { ...resource.meta, version: etag } }, etag };
}
