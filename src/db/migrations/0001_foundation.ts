import type { Kysely } from 'kysely';

// Ids are UUID text, timestamps ISO-8601 text, booleans integer 0/1 and JSON
// documents text, identically on SQLite and PostgreSQL (see db/time.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
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
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
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
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('progress', 'text')
    .addColumn('result', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('virtual', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('end', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('venues', 'text', (c) => c.notNull())
    .addColumn('planners', 'text', (c) => c.notNull())
    .addColumn('planner_first_name', 'text')
    .addColumn('planner_last_name', 'text')
    .addColumn('planner_email', 'text')
    .addColumn('venue_city', 'text')
    .addColumn('venue_country_code', 'text')
    .addColumn('note', 'text')
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_status', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('default_locale', 'text', (c) => c.notNull())
    .addColumn('show_venue_location', 'integer', (c) => c.notNull())
    .addColumn('show_point_of_contact', 'integer', (c) => c.notNull())
    .addColumn('test_mode', 'integer', (c) => c.notNull())
    .addColumn('launch_after', 'text')
    .addColumn('close_after', 'text')
    .addColumn('archive_after', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_modified_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_account_id').on('events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('events_account_start').on('events').columns(['account_id', 'start', 'id']).execute();
  await db.schema.createIndex('events_account_code').on('events').columns(['account_id', 'code']).unique().execute();

  await db.schema
    .createTable('event_creations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
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
