import type { Tier } from '../../config/index.js';

export const TIERS: readonly Tier[] = ['Free', 'Professional', 'Enterprise'];
export type Feature = 'compliance-communications' | 'contact-obfuscation';
export const FEATURES: readonly Feature[] = ['compliance-communications', 'contact-obfuscation'];
export type Role = 'administrator' | 'planner' | 'developer';
export const ROLES: readonly Role[] = ['administrator', 'planner', 'developer'];
export type InvitationStatus = 'pending' | 'accepted';

/** Narrows free input (CLI arguments, JSON) to one of a list of literals. */
function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): value is T => values.some((v) => v === value);
}
export const isTier = oneOf(TIERS);
export const isFeature = oneOf(FEATURES);
export const isRole = oneOf(ROLES);

export interface Account {
  id: string;
  name: string;
  region: string;
  tier: Tier;
  features: Feature[];
  created: string;
}

export interface User {
  id: string;
  accountId: string;
  email: string;
  name: string;
  role: Role;
  /** False once deactivated: the user cannot sign in, and their tokens and sessions are refused. */
  active: boolean;
  /** When access was last cut: tokens issued before then are refused even once the user is active again. */
  accessRevokedAt: string | null;
  created: string;
}

/** Why a user's access ends: deactivated (may come back) or deleted (gone). */
export interface UserRevocation {
  accountId: string;
  userId: string;
  reason: 'deactivated' | 'deleted';
}

/** What may change of a user; absent fields stay as they are. */
export interface UserChanges {
  email?: string;
  name?: string;
  role?: string;
  active?: boolean;
  password?: string;
}

export interface Workspace {
  id: string;
  accountId: string;
  name: string;
  scopes: string[];
  created: string;
}

export interface Invitation {
  id: string;
  workspaceId: string;
  email: string;
  status: InvitationStatus;
  created: string;
}

export interface Application {
  id: string;
  accountId: string;
  workspaceId: string;
  name: string;
  clientId: string;
  scopes: string[];
  redirectUris: string[];
  created: string;
  revokedAt: string | null;
}

/** What the token endpoint and every authenticated call need to know about a client, at this moment. */
export interface ClientGrant {
  applicationId: string;
  accountId: string;
  workspaceId: string;
  clientId: string;
  secretHash: string;
  applicationScopes: string[];
  workspaceScopes: string[];
  redirectUris: string[];
  revoked: boolean;
}
