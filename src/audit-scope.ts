// Who is acting and from where, for the audit log (issue 36): the request's id and address, and the actor (a user,
// an application, a SCIM token, the operator at the CLI). The HTTP layer opens a scope for each request and the CLI
// for each command; AuditService.record reads it, so the services that change administrative data need not carry
// the request through every signature. A change made outside any scope (the demo seed, a test's fixture) is the
// system's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthContext } from './actor.js';

export type AuditActorType = 'user' | 'application' | 'scim-token' | 'operator' | 'system';
export const AUDIT_ACTOR_TYPES: readonly AuditActorType[] = ['user', 'application', 'scim-token', 'operator', 'system'];

export interface AuditActor {
  readonly type: AuditActorType;
  readonly id: string;
  /** What a reader recognises: a user's email, an application's client id, the operator's OS user name. */
  readonly display?: string;
}

export interface AuditScope {
  readonly requestId?: string;
  /** The client's address as the server sees it (trustProxy decides whether X-Forwarded-For counts). */
  readonly address?: string;
  actor?: AuditActor;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs fn with this scope: whatever fn (and what it awaits) records is attributed to it. */
export function runInAuditScope<T>(scope: AuditScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** Names the actor of the current scope once it is known (the portal's session gate runs after the scope opens). */
export function actAs(actor: AuditActor): void {
  const scope = storage.getStore();
  if (scope) scope.actor = actor;
}

/** The actor a bearer token stands for: its user (authorization code), its SCIM token, or its application. */
export function actorOfAuth(auth: AuthContext): AuditActor {
  if (auth.userId !== null) return { type: 'user', id: auth.userId, display: auth.clientId };
  if (auth.clientId.startsWith('scim-token:')) return { type: 'scim-token', id: auth.tokenId };
  return { type: 'application', id: auth.applicationId ?? auth.clientId, display: auth.clientId };
}

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: 'eventline' };
