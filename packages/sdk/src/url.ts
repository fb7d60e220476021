import { unversionedPaths } from './schema.js';
import type { Query } from './types.js';

/**
 * The origin (and any path prefix) the API lives under, without the version:
 * `https://host` and `https://host/ea` (the reference's `servers` style) both
 * name the same API.
 */
export function normalizeBaseUrl(baseUrl: string, version: string): string {
  let base = baseUrl.trim().replace(/\/+$/, '');
  if (base.endsWith(`/${version}`)) base = base.slice(0, -(version.length + 1));
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    throw new TypeError(`baseUrl is not a URL: '${baseUrl}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`baseUrl must be http(s): '${baseUrl}'`);
  if (parsed.search || parsed.hash) throw new TypeError(`baseUrl must not carry a query or fragment: '${baseUrl}'`);
  return base;
}

function isUnversioned(path: string): boolean {
  return path.startsWith('/.well-known/') || unversionedPaths.includes(path);
}

/** Puts `/{version}` in front of a path written without it (`/sessions` -> `/ea/sessions`). */
export function versioned(path: string, version: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (p === `/${version}` || p.startsWith(`/${version}/`) || isUnversioned(p)) return p;
  return `/${version}${p}`;
}

export function fillParams(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{([^}/]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter '${name}' for ${template}`);
    return encodeURIComponent(String(value));
  });
}

export function applyQuery(url: URL, query: Query | undefined): void {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.delete(key);
    // Past null and undefined, the only object a QueryValue can be is an array of values.
    if (typeof value === 'object') for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.set(key, String(value));
  }
}

/**
 * The URL of a call. `path` may carry its own query string; `query` values
 * replace same-named ones. An absolute URL (e.g. a `_links.next.href`) is only
 * accepted on the API's own origin, so the bearer token never goes elsewhere.
 */
export function buildUrl(base: string, version: string, path: string, params?: Readonly<Record<string, string | number>>, query?: Query): URL {
  let url: URL;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    url = new URL(path);
    if (url.origin !== new URL(base).origin) throw new TypeError(`refusing to send credentials to ${url.origin}: not the API's origin`);
  } else {
    const q = path.indexOf('?');
    const bare = q < 0 ? path : path.slice(0, q);
    const search = q < 0 ? '' : path.slice(q);
    url = new URL(`${base}${versioned(fillParams(bare, params), version)}${search}`);
  }
  applyQuery(url, query);
  return url;
}
