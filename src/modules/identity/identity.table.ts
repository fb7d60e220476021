import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
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
export const IDENTITY_TABLES = declareTables<Database>('identity', {
  user_groups: {
    id: 'none', account_id: 'none', name: 'none', description: 'none', role: 'none', external_id: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  user_group_members: { group_id: 'none', user_id: 'none', account_id: 'none', created: 'none' },
  user_profiles: {
    user_id: 'none', account_id: 'none', user_name: 'none', external_id: 'none', given_name: 'none', family_name: 'none', middle_name: 'none',
    honorific_prefix: 'none', honorific_suffix: 'none', display_name: 'none', title: 'none', preferred_language: 'none', locale: 'none',
    timezone: 'none', email_type: 'none', phone_numbers: 'none', addresses: 'none', enterprise: 'none', created: 'none', last_modified: 'none',
  },
  scim_tokens: { id: 'none', account_id: 'none', token_hash: 'none', description: 'none', created: 'none', revoked_at: 'none' },
});

export type UserGroupRow = Selectable<UserGroupsTable>;
export type NewUserGroupRow = Insertable<UserGroupsTable>;
export type UserGroupUpdate = Updateable<UserGroupsTable>;
export type NewUserGroupMemberRow = Insertable<UserGroupMembersTable>;
export type UserProfileRow = Selectable<UserProfilesTable>;
export type NewUserProfileRow = Insertable<UserProfilesTable>;
export type ScimTokenRow = Selectable<ScimTokensTable>;
export type NewScimTokenRow = Insertable<ScimTokensTable>;
