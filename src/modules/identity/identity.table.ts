import type { Generated } from 'kysely';
import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Role } from '../accounts/index.js';

/** The account's user groups (the reference's Account User Groups; SCIM Groups). */
export interface UserGroupsTable extends OwnedColumns, AuditColumns {
  name: string;
  description: string | null;
  /** The role a member has through this group; NULL: the group gives none. */
  role: Role | null;
  /** The identity provider's id of the group (SCIM externalId). */
  external_id: string | null;
}

export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
  account_id: string;
  created: string;
}

/** The SCIM attributes of a user that the accounts module does not keep (it keeps email, name, role, active, password). */
export interface UserProfilesTable {
  user_id: string;
  account_id: string;
  user_name: string;
  external_id: string | null;
  given_name: string | null;
  family_name: string | null;
  middle_name: string | null;
  honorific_prefix: string | null;
  honorific_suffix: string | null;
  display_name: string | null;
  title: string | null;
  preferred_language: string | null;
  locale: string | null;
  timezone: string | null;
  email_type: string | null;
  phone_numbers: string | null; // JSON: [{ type, value }]
  addresses: string | null; // JSON: [{ type, primary, streetAddress?, ... }]
  enterprise: string | null; // JSON: the enterprise extension's attributes
  send_login_details: Generated<number>;
  created: string;
  last_modified: string;
}

/** Per-account bearer tokens for identity providers that cannot use client credentials (only a hash is kept). */
export interface ScimTokensTable extends OwnedColumns {
  token_hash: string;
  description: string | null;
  created: string;
  revoked_at: string | null;
}

// Account users' names, emails and phone numbers are the account's own people, not contacts
// (like the accounts module's users table): contact erasure never touches them.
export const IDENTITY_TABLES = declareTables('identity', {
  user_groups: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'description', 'role', 'external_id'] },
  user_group_members: { none: ['group_id', 'user_id', 'account_id', 'created'] },
  user_profiles: {
    none: ['user_id', 'account_id', 'user_name', 'external_id', 'given_name', 'family_name', 'middle_name', 'honorific_prefix', 'honorific_suffix',
      'display_name', 'title', 'preferred_language', 'locale', 'timezone', 'email_type', 'phone_numbers', 'addresses', 'enterprise', 'created',
      'last_modified'],
  },
  scim_tokens: { none: [...OWNED_COLUMNS, 'token_hash', 'description', 'created', 'revoked_at'] },
});
