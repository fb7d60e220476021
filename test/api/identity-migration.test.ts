import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../../src/db/index.js';
import { createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';
import { scimClient } from '../helpers/scim.js';

// Migration 0012 on a database that holds accounts and users already: every
// account gets the three role groups, every user joins the group of its role
// and gets a profile (userName = email), and everyone stays active.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('migration 0012_identity', () => {
  it('gives existing accounts their role groups and existing users their group, profile and active state', async () => {
    const tenant = await createTenant(t.services);
    const planner = await t.services.accounts.createUser({ accountId: tenant.accountId, email: 'old.planner@example.test', name: 'Old Planner', role: 'planner' });
    const db = t.db.handle.db;
    const schema = t.db.config.dialect === 'postgres' ? t.db.config.schema : undefined;
    await migrateTo(db, '0011_event_features', schema);
    await migrateTo(db, '0012_identity', schema);

    const groups = await db.selectFrom('user_groups').selectAll().where('account_id', '=', tenant.accountId).orderBy('id').execute();
    expect(groups.map((g) => [g.name, g.role, g.created_by])).toEqual([
      ['Administrators', 'administrator', 'migration 0012'], ['Planners', 'planner', 'migration 0012'], ['Developers', 'developer', 'migration 0012'],
    ]);
    const members = await db.selectFrom('user_group_members').innerJoin('user_groups', 'user_groups.id', 'user_group_members.group_id')
      .select(['user_group_members.user_id', 'user_groups.role']).where('user_group_members.account_id', '=', tenant.accountId).execute();
    expect(members).toEqual(expect.arrayContaining([{ user_id: tenant.adminId, role: 'administrator' }, { user_id: planner.id, role: 'planner' }]));
    expect(members).toHaveLength(2);

    // The users, seen through SCIM as they were: active, userName = email, in the group of their role.
    const scim = scimClient(t.app, await tokenFor(t.app, tenant));
    const res = await scim('GET', `/Users/${planner.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'old.planner@example.test', active: true, name: { givenName: 'Old', familyName: 'Planner' },
      groups: [{ display: 'Planners' }], roles: [{ value: 'planner', primary: true }],
    });
  });
});
