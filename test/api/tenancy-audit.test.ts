import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/modules/audit/index.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

// Tenancy of the audit log (issue 36): another account's entries are never listed, whatever the filter names, and
// the portal's audit page shows an administrator their own account's entries only.
describe('tenancy: audit log', () => {
  let t: TestApp;
  let owner: Api;
  let other: Api;
  let ownerApp: string;
  let ownerAccount: string;

  beforeAll(async () => {
    t = await startTestApp({ build: { worker: false } });
    const a = await createTenant(t.services);
    const o = await createTenant(t.services);
    ownerApp = a.applicationId;
    ownerAccount = a.accountId;
    owner = apiClient(t.app, await tokenFor(t.app, a));
    other = apiClient(t.app, await tokenFor(t.app, o));
    await t.services.accounts.setFeature(a.accountId, 'compliance-communications', true);
    await t.services.accounts.rotateSecret(a.accountId, a.applicationId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists none of another account\'s entries, even filtered by their ids', async () => {
    const own = await ok<{ data: AuditEntry[] }>(owner('GET', '/ea/audit-log?limit=200'));
    expect(own.data.map((e) => e.action)).toEqual(expect.arrayContaining(['account.created', 'application.created', 'account.feature.enabled', 'application.secret.rotated']));
    const seen = await ok<{ data: AuditEntry[] }>(other('GET', '/ea/audit-log?limit=200'));
    const ownIds = new Set(own.data.map((e) => e.id));
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.filter((e) => ownIds.has(e.id))).toEqual([]);
    expect(seen.data.filter((e) => e.target.id === ownerApp || e.target.id === ownerAccount)).toEqual([]);
    for (const filter of [`target.id eq '${ownerApp}'`, `target.id eq '${ownerAccount}'`, `id eq '${own.data[0]?.id ?? ''}'`]) {
      const page = await ok<{ data: AuditEntry[]; paging: { totalCount?: number } }>(other('GET', `/ea/audit-log?filter=${encodeURIComponent(filter)}`));
      expect(page.data, filter).toEqual([]);
    }
  });

  it('pages another account\'s token over the caller\'s own entries only', async () => {
    const first = await ok<{ paging: { nextToken?: string } }>(owner('GET', '/ea/audit-log?limit=1'));
    expect(first.paging.nextToken).toBeDefined();
    const res = await other('GET', `/ea/audit-log?token=${encodeURIComponent(first.paging.nextToken ?? '')}`);
    // The token carries the query, not the account: read with the other account's token it pages that account's rows only.
    expect(res.statusCode, res.body).toBe(200);
    const ownIds = new Set((await ok<{ data: AuditEntry[] }>(owner('GET', '/ea/audit-log?limit=200'))).data.map((e) => e.id));
    expect((res.json() as { data: AuditEntry[] }).data.filter((e) => ownIds.has(e.id))).toEqual([]);
  });
});
