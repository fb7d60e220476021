import { ApiError, type ApiErrorBody } from './api.js';

// The developer portal's own endpoints: a cookie session plus a CSRF token.
let csrf = '';

export interface PortalSession {
  user: { id: string; email: string; name: string; role: 'administrator' | 'planner' | 'developer' };
  account: { id: string; name: string; tier: string };
  csrfToken: string;
  canManageWorkspaces: boolean;
}
export interface Workspace { id: string; name: string; scopes: string[]; created: string }
export interface Invitation { id: string; workspaceId: string; email: string; status: string; created: string }
export interface Application {
  id: string; workspaceId: string; name: string; clientId: string; scopes: string[]; redirectUris: string[]; created: string; revokedAt: string | null;
}

export async function portal<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const res = await fetch(`/portal${path}`, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data as ApiErrorBody);
  if (path === '/session' && (method === 'GET' || method === 'POST')) csrf = (data as PortalSession).csrfToken;
  return data as T;
}

export interface ScopeInfo { name: string; description?: string }

/** GET /portal/scopes: objects with descriptions, or (an older server) bare names; anything else is dropped. */
export function readScopes(raw: unknown): ScopeInfo[] {
  if (!Array.isArray(raw)) return [];
  const out: ScopeInfo[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item === 'string') out.push({ name: item });
    else if (item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string') {
      const { name, description } = item as { name: string; description?: unknown };
      out.push(typeof description === 'string' && description ? { name, description } : { name });
    }
  }
  return out;
}
