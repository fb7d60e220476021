import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/index.js';
import { createVenue, seedPerson, type PersonData, type Venue } from '../contract/obfuscation.fixtures.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';

// `eventline contacts verify-obfuscated --name "First Last"`, the README's form: the name
// is the contact's full name, so other people who share only its first or its last name
// are not traces of this contact.

interface Report {
  contactPurged: boolean | null;
  hits: Array<{ place: string; row?: string; value: string }>;
}

let t: TestApp;
let api: Api;
let venue: Venue;

beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  venue = await createVenue(t.services, tenant.accountId);
}, 120_000);
afterAll(async () => t?.close());

const person = (firstName: string, lastName: string, n: number): PersonData => ({
  firstName, lastName, email: `${firstName}.${lastName}@erasure.test`.toLowerCase(), phone: `+44 20 7946 ${String(2000 + n)}`, note: `note ${n}`,
});

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config: t.config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

const verify = (contactId: string, p: PersonData, json = true) =>
  cli(['contacts', 'verify-obfuscated', contactId, '--email', p.email, '--name', `${p.firstName} ${p.lastName}`, ...(json ? ['--json'] : [])]);

describe('eventline contacts verify-obfuscated --name', () => {
  it('matches the full name: reports no other contact who shares the first or the last name, and exits 0 once the contact is obfuscated', async () => {
    const db = t.services.db.db;
    const ada = person('Quillane', 'Vantreight', 1);
    const sameFirst = person('Quillane', 'Ashcombe', 2);
    const sameLast = person('Borislav', 'Vantreight', 3);
    const target = await seedPerson(db, venue, ada);
    const first = await seedPerson(db, venue, sameFirst);
    const last = await seedPerson(db, venue, sameLast);
    const others = new Set([first.contactId, first.attendeeId, last.contactId, last.attendeeId]);

    // Before: the contact's own rows are hits, the others' rows are not.
    const before = await verify(target.contactId, ada);
    expect(before.code).toBe(EXIT.failed);
    const found = JSON.parse(before.stdout) as Report;
    expect(found.hits.some((h) => h.place === 'contacts.first_name' && h.row === target.contactId)).toBe(true);
    expect(found.hits.some((h) => h.place === 'contacts.last_name' && h.row === target.contactId)).toBe(true);
    expect(found.hits.filter((h) => h.row !== undefined && others.has(h.row))).toEqual([]);
    expect(found.hits.filter((h) => h.place.startsWith('contacts.') && h.row !== target.contactId)).toEqual([]);

    const start = await api('POST', `/ea/contacts/${target.contactId}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const { obfuscateId } = start.json() as { obfuscateId: string };
    // The command also reads the database's files: wait for the job, whose compaction follows the erasure.
    const { job_id: jobId } = await db.selectFrom('contact_obfuscations').select('job_id').where('id', '=', obfuscateId).executeTakeFirstOrThrow();
    await waitFor(async () => ((await t.services.jobs.get(jobId ?? ''))?.status === 'completed' ? true : undefined), 60_000, 'the obfuscation job');
    // The job's own compaction cannot drop old row versions that another session of the same PostgreSQL
    // database may still see (a test run shares its server); the documented step waits for them.
    const compact = await cli(['db', 'compact', '--json']);
    expect(compact.code, compact.stdout + compact.stderr).toBe(EXIT.ok);

    const after = await verify(target.contactId, ada);
    const report = JSON.parse(after.stdout) as Report;
    expect(report.contactPurged).toBe(true);
    expect(report.hits).toEqual([]);
    expect(after.code, after.stderr).toBe(EXIT.ok);
    const text = await verify(target.contactId, ada, false);
    expect(text.code).toBe(EXIT.ok);
    expect(text.stdout).toContain('Zero hits');

    // The rule hides no trace: the namesakes themselves, not obfuscated, are found in full.
    const namesake = await verify(first.contactId, sameFirst);
    expect(namesake.code).toBe(EXIT.failed);
    const theirs = JSON.parse(namesake.stdout) as Report;
    expect(theirs.hits.some((h) => h.place === 'contacts.first_name' && h.row === first.contactId)).toBe(true);
    expect(theirs.hits.some((h) => h.place === 'contacts.last_name' && h.row === first.contactId)).toBe(true);
    expect(theirs.hits.filter((h) => h.place.startsWith('contacts.') && h.row !== first.contactId)).toEqual([]);
  }, 180_000);
});
