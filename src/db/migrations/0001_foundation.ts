import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Ids are UUID text, timestamps ISO-8601 text, booleans integer 0/1 and JSON
// documents text, identically on SQLite and PostgreSQL (see db/time.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'name', 'region', 'tier'))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .$call(columns('text!', 'created', 'last_modified'))
    .execute();

  await db.schema
    .createTable('users')
    .$call(owned)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .$call(columns('text!', 'name', 'role'))
    .addColumn('password_hash', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspaces')
    .$call(owned)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workspaces_account').on('workspaces').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('workspace_invitations')
    .$call(owned)
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .$call(columns('text!', 'email', 'status', 'created'))
    .addColumn('accepted_at', 'text')
    .execute();

  await db.schema
    .createTable('applications')
    .$call(owned)
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .$call(columns('text!', 'alg', 'private_jwk', 'public_jwk', 'created'))
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .$call(columns('text!', 'redirect_uri', 'code_challenge', 'scope', 'expires_at'))
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .$call(columns('text!', 'type', 'payload', 'status'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .$call(columns('text', 'lease_owner', 'lease_expires_at', 'progress', 'result', 'last_error'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('events')
    .$call(owned)
    .$call(columns('text!', 'title', 'code', 'format'))
    .addColumn('virtual', 'integer', (c) => c.notNull())
    .$call(columns('text!', 'type', 'start', 'end', 'timezone', 'languages', 'venues', 'planners'))
    .$call(columns('text', 'planner_first_name', 'planner_last_name', 'planner_email', 'venue_city', 'venue_country_code', 'note', 'description'))
    .$call(columns('text!', 'status', 'event_status'))
    .addColumn('capacity', 'integer')
    .$call(columns('text!', 'currency', 'default_locale'))
    .$call(columns('integer!', 'show_venue_location', 'show_point_of_contact', 'test_mode'))
    .$call(columns('text', 'launch_after', 'close_after', 'archive_after'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('events_account_id').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_account_start').on('events').columns(['account_id', 'start', 'id']).execute();
  await db.schema.createIndex('events_account_code').on('events').columns(['account_id', 'code']).unique().execute();

  await db.schema
    .createTable('event_creations')
    .$call(owned)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .$call(columns('text!', 'created_by', 'created'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'event_creations', 'events', 'jobs', 'authorization_codes', 'signing_keys', 'applications',
    'workspace_invitations', 'workspace_members', 'workspaces', 'users', 'accounts',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
