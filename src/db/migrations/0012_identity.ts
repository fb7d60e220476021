import { sql, type Kysely } from 'kysely';
import { newId } from '../ids.js';
import { addColumns, audited, createTable, dropTables, each, owned } from './columns.js';

// Identity (issue 14): account users can be switched off (`users.active`), the
// account's user groups (which SCIM exposes as Groups; a group may carry a role),
// their members, the SCIM attributes of each user (user_profiles), and the
// per-account SCIM bearer tokens an operator issues for identity providers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'users', {
    // Deactivated users (SCIM active: false) cannot sign in; their tokens and sessions stop at once.
    active: 'integer! = 1',
    // When the user's access was last cut (deactivation): tokens issued before it stay refused, even after reactivation.
    access_revoked_at: 'text',
  });
  // SCIM lists an account's users in creation order; deactivation and deletion end a user's authorization codes.
  await db.schema.createIndex('users_account_created').on('users').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('authorization_codes_user').on('authorization_codes').columns(['user_id']).execute();

  await createTable(db, 'user_groups', {
    // role: administrator | planner | developer, or NULL: a member's role is the highest role of its groups.
    ...owned, name: 'text!', description: 'text', role: 'text', external_id: 'text', ...audited,
  }, { user_groups_account_created: 'account_id, created, id' });
  // Names are unique in an account whatever their letter case: identity providers link groups by name.
  await sql`create unique index user_groups_account_name on user_groups (account_id, lower(name))`.execute(db);

  await createTable(db, 'user_group_members', {
    group_id: 'text! -> user_groups', user_id: 'text! -> users', account_id: 'text! -> accounts', created: 'text!',
  }, {
    user_group_members_pk: 'primary key: group_id, user_id',
    user_group_members_user: 'user_id, group_id',
  });

  // One row per user: the SCIM attributes eventline keeps beyond the user's email, name, role and state.
  await createTable(db, 'user_profiles', {
    user_id: 'text key -> users', account_id: 'text! -> accounts', user_name: 'text!',
    ...each('text', 'external_id', 'given_name', 'family_name', 'middle_name', 'honorific_prefix', 'honorific_suffix', 'display_name', 'title'),
    ...each('text', 'preferred_language', 'locale', 'timezone', 'email_type', 'phone_numbers', 'addresses', 'enterprise'),
    send_login_details: 'integer! = 1', created: 'text!', last_modified: 'text!',
  }, { user_profiles_account_external: 'account_id, external_id' });
  await sql`create unique index user_profiles_account_user_name on user_profiles (account_id, lower(user_name))`.execute(db);

  await createTable(db, 'scim_tokens', { ...owned, token_hash: 'text! unique', description: 'text', created: 'text!', revoked_at: 'text' });

  // Every account that exists gets the three role groups, and every user joins the group of its role,
  // so that roles and group membership agree from the start.
  type GroupRow = Record<'id' | 'account_id' | 'name' | 'created' | 'last_modified' | 'created_by' | 'last_modified_by', string>
    & { description: string | null; role: string; external_id: string | null };
  type MemberRow = Record<'group_id' | 'user_id' | 'account_id' | 'created', string>;
  type ProfileRow = Record<'user_id' | 'account_id' | 'user_name' | 'created' | 'last_modified', string>;
  const out = db.withTables<{ user_groups: GroupRow; user_group_members: MemberRow; user_profiles: ProfileRow }>();
  const now = new Date().toISOString();
  const by = 'migration 0012';
  const { rows: accounts } = await sql<{ id: string }>`select id from accounts order by id`.execute(db);
  for (const account of accounts) {
    const groups = ROLE_GROUPS.map((g) => ({
      id: newId(), account_id: account.id, name: g.name, description: g.description, role: g.role, external_id: null,
      created: now, last_modified: now, created_by: by, last_modified_by: by,
    }));
    await out.insertInto('user_groups').values(groups).execute();
    const { rows: users } = await sql<{ id: string; email: string; role: string }>`select id, email, role from users where account_id = ${account.id} order by id`.execute(db);
    for (let i = 0; i < users.length; i += 200) {
      const batch = users.slice(i, i + 200);
      const members = batch.flatMap((u) => {
        const group = groups.find((g) => g.role === u.role);
        return group ? [{ group_id: group.id, user_id: u.id, account_id: account.id, created: now }] : [];
      });
      if (members.length > 0) await out.insertInto('user_group_members').values(members).execute();
      await out.insertInto('user_profiles').values(batch.map((u) => ({ user_id: u.id, account_id: account.id, user_name: u.email, created: now, last_modified: now }))).execute();
    }
  }
}

/** The groups every account starts with, one per role (history: the module's own list may change later). */
const ROLE_GROUPS = [
  { name: 'Administrators', role: 'administrator', description: 'Members have the administrator role.' },
  { name: 'Planners', role: 'planner', description: 'Members have the planner role.' },
  { name: 'Developers', role: 'developer', description: 'Members have the developer role.' },
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'scim_tokens', 'user_profiles', 'user_group_members', 'user_groups');
  await db.schema.dropIndex('authorization_codes_user').execute();
  await db.schema.dropIndex('users_account_created').execute();
  await db.schema.alterTable('users').dropColumn('access_revoked_at').execute();
  await db.schema.alterTable('users').dropColumn('active').execute();
}
