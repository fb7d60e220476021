import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Ids are UUID text, timestamps ISO-8601 text, booleans integer 0/1 and JSON
// documents text, identically on SQLite and PostgreSQL (see db/time.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'accounts', {
    id: 'text key', ...each('text!', 'name', 'region', 'tier'), features: "text! = '[]'", created: 'text!', last_modified: 'text!',
  });
  await createTable(db, 'users', { ...owned, email: 'text! unique', name: 'text!', role: 'text!', password_hash: 'text', created: 'text!' });
  await createTable(db, 'workspaces', { ...owned, name: 'text!', scopes: "text! = '[]'", created_by: 'text', created: 'text!' }, {
    workspaces_account: 'account_id, id',
  });
  await createTable(db, 'workspace_members', { workspace_id: 'text! -> workspaces', user_id: 'text! -> users', created: 'text!' }, {
    workspace_members_pk: 'primary key: workspace_id, user_id',
  });
  await createTable(db, 'workspace_invitations', {
    ...owned, workspace_id: 'text! -> workspaces', ...each('text!', 'email', 'status', 'created'), accepted_at: 'text',
  });
  await createTable(db, 'applications', {
    ...owned, workspace_id: 'text! -> workspaces', name: 'text!', client_id: 'text! unique', secret_hash: 'text!',
    scopes: "text! = '[]'", redirect_uris: "text! = '[]'", created_by: 'text', created: 'text!', revoked_at: 'text',
  });
  await createTable(db, 'signing_keys', { kid: 'text key', ...each('text!', 'alg', 'private_jwk', 'public_jwk', 'created'), retired_at: 'text' });
  await createTable(db, 'authorization_codes', {
    code_hash: 'text key', client_id: 'text!', user_id: 'text! -> users', account_id: 'text! -> accounts',
    ...each('text!', 'redirect_uri', 'code_challenge', 'scope', 'expires_at'), used_at: 'text',
  });
  await createTable(db, 'jobs', {
    id: 'text key', account_id: 'text -> accounts', ...each('text!', 'type', 'payload', 'status'),
    attempts: 'integer! = 0', max_attempts: 'integer! = 5', run_at: 'text!',
    ...each('text', 'lease_owner', 'lease_expires_at', 'progress', 'result', 'last_error'), created: 'text!', finished_at: 'text',
  }, { jobs_ready: 'status, run_at' });
  await createTable(db, 'events', {
    ...owned, ...each('text!', 'title', 'code', 'format'), virtual: 'integer!',
    ...each('text!', 'type', 'start', 'end', 'timezone', 'languages', 'venues', 'planners'),
    ...each('text', 'planner_first_name', 'planner_last_name', 'planner_email', 'venue_city', 'venue_country_code', 'note', 'description'),
    status: 'text!', event_status: 'text!', capacity: 'integer', currency: 'text!', default_locale: 'text!',
    ...each('integer!', 'show_venue_location', 'show_point_of_contact', 'test_mode'), ...each('text', 'launch_after', 'close_after', 'archive_after'),
    ...audited,
  }, {
    events_account_id: 'account_id, id',
    events_account_start: 'account_id, start, id',
    events_account_code: 'unique: account_id, code',
  });
  await createTable(db, 'event_creations', {
    ...owned, status: 'text!', event_id: 'text', request: 'text!', error: 'text', created_by: 'text!', created: 'text!',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db,
    'event_creations', 'events', 'jobs', 'authorization_codes', 'signing_keys', 'applications',
    'workspace_invitations', 'workspace_members', 'workspaces', 'users', 'accounts',
  );
}
