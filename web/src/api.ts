// The planner pages' client of the public API (/ea), with the token from the
// authorization code + PKCE sign-in.
import type { Page } from '../../src/client/types.js';

export interface ApiErrorBody {
  code?: number;
  message?: string;
  target?: string;
  details?: Array<{ code?: string; message?: string; target?: string }>;
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) {
    super(body.message ?? `Request failed (${status})`);
  }

  /** Field name -> message, from `target` and `details[].target`. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.body.target) out[this.body.target] = this.message;
    for (const d of this.body.details ?? []) if (d.target && d.message) out[d.target] = d.message;
    return out;
  }
}

const TOKEN_KEY = 'eventline.token';

export interface StoredToken {
  accessToken: string;
  expiresAt: number;
}

export function getToken(): StoredToken | undefined {
  const raw = sessionStorage.getItem(TOKEN_KEY);
  if (!raw) return undefined;
  const t = JSON.parse(raw) as StoredToken;
  return t.expiresAt > Date.now() ? t : undefined;
}

export function setToken(t: StoredToken | undefined): void {
  if (t) sessionStorage.setItem(TOKEN_KEY, JSON.stringify(t));
  else sessionStorage.removeItem(TOKEN_KEY);
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/ea${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  if (res.status === 401) {
    // Expired or revoked: drop the token and let the app offer sign-in again.
    setToken(undefined);
    window.dispatchEvent(new Event('eventline:signed-out'));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new ApiError(res.status, (data ?? {}) as ApiErrorBody);
  return data as T;
}

export const q = (filter: string, extra: Record<string, string> = {}): string =>
  `?${new URLSearchParams({ filter, limit: '200', ...extra }).toString()}`;

/** Every page of a list (the demo lists are small; the limit keeps calls few). */
export async function listAll<T>(path: string, filter?: string): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const params = new URLSearchParams({ limit: '200' });
    if (filter) params.set('filter', filter);
    if (token) params.set('token', token);
    const page = await api<Page<T>>('GET', `${path}?${params.toString()}`);
    out.push(...page.data);
    token = page.paging.nextToken;
    if (!token) break;
  }
  return out;
}
