import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { createVenue, seedPerson, type PersonData, type Venue } from '../contract/obfuscation.fixtures.js';

let t: TestApp;
let api: Api;
let venue: Venue;
const used = new Set<string>();

// Letters g-z only: no hex digit, so a value can never match inside a uuid or a hash by chance.
const word = fc.stringMatching(/^[g-z]{7,10}$/);
const digits = fc.stringMatching(/^[0-9]{4}$/);
const personArb = fc.record({ first: word, last: word, local: word, domain: word, p1: digits, p2: digits, note: word })
  .map((r): PersonData => ({
    firstName: r.first[0]?.toUpperCase() + r.first.slice(1), lastName: r.last[0]?.toUpperCase() + r.last.slice(1),
    email: `${r.local}.${r.last}@${r.domain}.test`, phone: `+31 ${r.p1} ${r.p2}`, note: `Note ${r.note}`,
  }));

const valuesOf = (p: PersonData) => [p.email, `${p.firstName} ${p.lastName}`, p.firstName, p.lastName, p.phone];
const tokens = (p: PersonData) => [p.firstName.toLowerCase(), p.lastName.toLowerCase(), p.email, p.phone];

function distinct(people: readonly PersonData[]): boolean {
  const all = people.flatMap(tokens);
  if (all.some((x) => used.has(x))) return false;
  // No value may be part of another person's value, or "untouched" could not be told apart from "erased".
  return all.every((a, i) => all.every((b, j) => i === j || (!b.includes(a) && !a.includes(b)) || Math.floor(i / 4) === Math.floor(j / 4)));
}

async function scan(contactId: string, p: PersonData) {
  const r = await t.services.obfuscation.verify({ contactId, values: valuesOf(p) });
  return r.hits.map((h) => `${h.place}#${h.row ?? ''}#${h.valueIndex}`).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  const ten = await createTenant(t.services);
  await t.services.accounts.setFeature(ten.accountId, 'contact-obfuscation', true);
  api = apiClient(t.app, await tokenFor(t.app, ten));
  venue = await createVenue(t.services, ten.accountId);
});
afterAll(async () => t?.close());

describe('contact obfuscation (property)', () => {
  it('leaves no trace of obfuscated contacts anywhere, and every other contact\'s data untouched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(personArb, { minLength: 2, maxLength: 5 }).chain((people) => fc.tuple(fc.constant(people), fc.subarray(people.map((_, i) => i), { minLength: 1 }))),
        async ([people, chosen]) => {
          fc.pre(distinct(people));
          people.flatMap(tokens).forEach((x) => used.add(x));
          const seeded = [];
          for (const p of people) seeded.push({ p, ...(await seedPerson(t.services.db.db, venue, p)) });
          const before = await Promise.all(seeded.map(async (s) => ({
            hits: await scan(s.contactId, s.p),
            contact: (await api('GET', `/ea/contacts/${s.contactId}`)).json() as unknown,
          })));
          const ids: string[] = [];
          for (const i of chosen) {
            const res = await api('POST', `/ea/contacts/${seeded[i]?.contactId ?? ''}/obfuscate`);
            expect(res.statusCode).toBe(202);
            ids.push((res.json() as { obfuscateId: string }).obfuscateId);
          }
          await waitFor(async () => {
            const st = await Promise.all(ids.map(async (id) => ((await api('GET', `/ea/contacts/obfuscate/${id}/status`)).json() as { status: string }).status));
            return st.every((s) => s === 'COMPLETED');
          }, 30_000, 'obfuscations to complete');
          for (const [i, s] of seeded.entries()) {
            const hits = await scan(s.contactId, s.p);
            if (chosen.includes(i)) {
              expect(hits).toEqual([]);
            } else {
              expect(hits.length).toBeGreaterThan(0);
              expect(hits).toEqual(before[i]?.hits);
              expect((await api('GET', `/ea/contacts/${s.contactId}`)).json()).toEqual(before[i]?.contact);
            }
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 180_000);
});
