import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { createTestDb, type TestDatabase } from '../../../test/helpers/db.js';
import { ALL_SCOPES } from '../oauth/index.js';

let db: TestDatabase;
let s: Services;

beforeAll(async () => {
  db = await createTestDb();
  s = await buildServices(loadConfig({ LOG_LEVEL: 'silent' }, { database: db.config }), { db: db.handle });
});
afterAll(async () => db?.cleanup());

describe('AccountsService', () => {
  it('starts new accounts on the Free tier and refuses blank names and unknown tiers', async () => {
    expect((await s.accounts.createAccount({ name: '  Acme  ' })).tier).toBe('Free');
    await expect(s.accounts.createAccount({ name: '   ' })).rejects.toMatchObject({ status: 400 });
    await expect(s.accounts.createAccount({ name: 'X', tier: 'Gold' })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an invalid or duplicate email, case-insensitively', async () => {
    const a = await s.accounts.createAccount({ name: 'Emails' });
    await expect(s.accounts.createUser({ accountId: a.id, email: 'not an email', role: 'planner' })).rejects.toMatchObject({ status: 400 });
    await s.accounts.createUser({ accountId: a.id, email: 'Dup@Example.test', role: 'planner' });
    await expect(s.accounts.createUser({ accountId: a.id, email: 'dup@example.TEST', role: 'developer' })).rejects.toMatchObject({ status: 409 });
  });

  it('honours an invitation sent before the developer had a user', async () => {
    const a = await s.accounts.createAccount({ name: 'Invites' });
    const ws = await s.accounts.createWorkspace({ accountId: a.id, name: 'WS', scopes: ['event/events:read'] });
    const inv = await s.accounts.invite({ accountId: a.id, workspaceId: ws.id, email: 'later@example.test' });
    expect(inv.status).toBe('pending');
    const dev = await s.accounts.createUser({ accountId: a.id, email: 'later@example.test', role: 'developer' });
    // Membership is what lets a developer create applications in the workspace.
    const { application } = await s.accounts.createApplication({ accountId: a.id, workspaceId: ws.id, name: 'App', scopes: ['event/events:read'], createdBy: dev.id });
    expect(application.scopes).toEqual(['event/events:read']);
  });

  it('lets only members create applications, with scopes the workspace was granted', async () => {
    const a = await s.accounts.createAccount({ name: 'Members' });
    const ws = await s.accounts.createWorkspace({ accountId: a.id, name: 'WS', scopes: ['event/events:read'] });
    const outsider = await s.accounts.createUser({ accountId: a.id, email: 'outsider@example.test', role: 'developer' });
    await expect(s.accounts.createApplication({ accountId: a.id, workspaceId: ws.id, name: 'X', scopes: ['event/events:read'], createdBy: outsider.id })).rejects.toMatchObject({ status: 403 });
    await expect(s.accounts.createApplication({ accountId: a.id, workspaceId: ws.id, name: 'X', scopes: ['event/events:write'] })).rejects.toMatchObject({ status: 400 });
    await expect(s.accounts.createApplication({ accountId: a.id, workspaceId: ws.id, name: 'X', scopes: ['no/such:scope'] })).rejects.toMatchObject({ status: 400 });
  });

  it('stores the client secret only as a hash and shows it once', async () => {
    const a = await s.accounts.createAccount({ name: 'Secrets' });
    const ws = await s.accounts.createWorkspace({ accountId: a.id, name: 'WS', scopes: ALL_SCOPES });
    const { application, clientSecret } = await s.accounts.createApplication({ accountId: a.id, workspaceId: ws.id, name: 'App', scopes: ALL_SCOPES });
    const row = await db.handle.db.selectFrom('applications').selectAll().where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(clientSecret);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await s.accounts.getApplication(a.id, application.id))).not.toContain(clientSecret);
  });

  it('finds no workspace or application of another account', async () => {
    const a = await s.accounts.createAccount({ name: 'A' });
    const b = await s.accounts.createAccount({ name: 'B' });
    const ws = await s.accounts.createWorkspace({ accountId: a.id, name: 'WS', scopes: [] });
    await expect(s.accounts.getWorkspace(b.id, ws.id)).rejects.toMatchObject({ status: 404 });
    await expect(s.accounts.listWorkspaces('0190a1b2-0000-7000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });
});
