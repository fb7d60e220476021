import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import type { AuditEntry } from '../../src/modules/audit/index.js';
import { createTenant, ok, tokenFor, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { scimClient, USER_URN } from '../helpers/scim.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Obfuscation redacts the personal values of audit entries (issue 36, DESIGN style 9): a person who was a user of
// the account (provisioned by SCIM, then deleted) and is also one of its contacts asks to be forgotten. The entries
// that named them keep who did what and when, but none of the contact's values stay in the database file or its
// WAL (the raw-byte check of test/api/erasure-disk.test.ts, over the audit table's rows too). Always SQLite: it reads
// the file's bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-audit-erasure-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

describe('audit entries on disk after an obfuscation (SQLite)', () => {
  it('keeps the entries about the person but none of the contact\'s values in the file or its WAL', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = {
      firstName: `Ysolde${tag}`, lastName: `Quarrington${tag}`, email: `ysolde.${tag}@audit-erasure.example`, phone: '+1 555 0177', note: 'no note',
    };
    // The identity provider provisions the person as a user, then removes them: the audit log keeps both entries.
    const scim = scimClient(d.app, await tokenFor(d.app, await tenantOf(services, accountId)));
    const created = await scim('POST', '/Users', {
      schemas: [USER_URN], userName: person.email, name: { givenName: person.firstName, familyName: person.lastName },
      displayName: `${person.firstName} ${person.lastName}`, emails: [{ value: person.email, primary: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = (created.json() as { id: string }).id;
    expect((await scim('DELETE', `/Users/${userId}`)).statusCode).toBe(204);

    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    const about = async () => (await ok<{ data: AuditEntry[] }>(api('GET', `/ea/audit-log?limit=200&filter=${encodeURIComponent(`target.id eq '${userId}'`)}`))).data;
    const before = await about();
    expect(before.map((e) => e.action)).toEqual(['user.created', 'user.deleted']);
    expect(JSON.stringify(before)).toContain(person.email);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => d.rawBytes().toLowerCase().includes(n)), 'the file holds the values before').toEqual(needles);

    await d.obfuscate(contactId);

    const after = await about();
    // The entries stay, with who acted, what and when; their personal values are redacted.
    expect(after.map((e) => [e.id, e.action, e.actor, e.at, e.requestId])).toEqual(before.map((e) => [e.id, e.action, e.actor, e.at, e.requestId]));
    expect(JSON.stringify(after).toLowerCase()).not.toContain(person.email.toLowerCase());
    expect(JSON.stringify(after)).toContain('[obfuscated]');
    expect(needles.filter((n) => d.rawBytes().toLowerCase().includes(n))).toEqual([]);
  });
});

/** A client of the disk app's account that may use SCIM (the disk app's own tenant has every scope, but its secret is not kept). */
async function tenantOf(s: Services, account: string) {
  const workspace = (await s.accounts.listWorkspaces(account))[0];
  if (!workspace) return createTenant(s, { workspaceScopes: ALL_SCOPES });
  const { application, clientSecret } = await s.accounts.createApplication({ accountId: account, workspaceId: workspace.id, name: 'IdP', scopes: ALL_SCOPES });
  return { clientId: application.clientId, clientSecret };
}
