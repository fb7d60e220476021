// Who is calling, from the services' side: the verified token's account, client,
// user and effective scopes. Built by the auth plugin in `http/auth.ts`;
// services receive this plain value and never look at the request.
import type { AuditColumns } from './db/columns.js';
import { iso } from './db/time.js';

export interface AuthContext {
  readonly accountId: string;
  readonly clientId: string;
  readonly applicationId: string | null;
  readonly userId: string | null;
  /** Effective scopes: requested ∩ application ∩ workspace, at the time of this call. */
  readonly scopes: ReadonlySet<string>;
  readonly tokenId: string;
}

/** Verifies a bearer token and loads its current grants; throws ApiError(401) when it is not valid now. */
export interface Authenticator {
  authenticate(token: string): Promise<AuthContext>;
}

/** What audit columns (`created_by`, `last_modified_by`) record of a caller: the user, else the client. */
export function actorName(auth: Pick<AuthContext, 'userId' | 'clientId'>): string {
  return auth.userId ?? auth.clientId;
}

/** The audit columns a caller writes at a time: all four on a row it creates, the last-modified pair on a row it changes. */
export interface AuditStamp {
  readonly created: AuditColumns;
  readonly modified: Pick<AuditColumns, 'last_modified' | 'last_modified_by'>;
}

export function auditStamp(auth: Pick<AuthContext, 'userId' | 'clientId'>, at: Date): AuditStamp {
  const now = iso(at);
  const actor = actorName(auth);
  return { created: { created: now, last_modified: now, created_by: actor, last_modified_by: actor }, modified: { last_modified: now, last_modified_by: actor } };
}
