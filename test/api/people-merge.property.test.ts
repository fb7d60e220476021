import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

// Property (issue 30): merging contacts of a random graph (registrations, group memberships, relationships, custom-field
// answers, histories) loses nothing and doubles nothing. The state is read from the database before and after the merge
// and compared with what the merge promises.

const CONTACTS = 5;
const EVENTS = 2;
const GROUPS = 3;
const FIELDS = 2;

const graphArb = fc.record({
  registered: fc.array(fc.array(fc.boolean(), { minLength: EVENTS, maxLength: EVENTS }), { minLength: CONTACTS, maxLength: CONTACTS }),
  members: fc.array(fc.array(fc.boolean(), { minLength: GROUPS, maxLength: GROUPS }), { minLength: CONTACTS, maxLength: CONTACTS }),
  related: fc.array(fc.boolean(), { minLength: (CONTACTS * (CONTACTS - 1)) / 2, maxLength: (CONTACTS * (CONTACTS - 1)) / 2 }),
  answers: fc.array(fc.array(fc.option(fc.stringMatching(/^[a-z]{3,8}$/), { nil: undefined }), { minLength: FIELDS, maxLength: FIELDS }), { minLength: CONTACTS, maxLength: CONTACTS }),
  main: fc.nat(CONTACTS - 1),
  secondaries: fc.uniqueArray(fc.nat(CONTACTS - 1), { minLength: 1, maxLength: 2 }),
}).filter((g) => !g.secondaries.includes(g.main));

let t: TestApp;
let db: Db;
let api: Api;
let accountId: string;
let events: string[];
let groups: string[];
let fields: string[];
let run = 0;

interface State {
  attendees: Map<string, { contact: string; event: string }>;
  groups: Map<string, string[]>;
  related: Map<string, string[]>;
  answers: Map<string, string>; // `${contact}:${field}` -> value
  answerRows: number;
  history: Map<string, string[]>; // contact -> history row ids
}

async function state(contacts: readonly string[]): Promise<State> {
  const attendees = await db.selectFrom('attendees').select(['id', 'contact_id', 'event_id']).where('account_id', '=', accountId).where('event_id', 'in', events).execute();
  const members = await db.selectFrom('contact_group_members').select(['group_id', 'contact_id']).where('account_id', '=', accountId).where('group_id', 'in', groups).orderBy('id').execute();
  const rels = await db.selectFrom('contact_relationships').select(['contact_id', 'related_contact_id']).where('account_id', '=', accountId).where('contact_id', 'in', [...contacts]).execute();
  const answers = await db.selectFrom('custom_field_answers').select(['subject_id', 'custom_field_id', 'value']).where('account_id', '=', accountId)
    .where('subject_id', 'in', [...contacts]).execute();
  const history = await db.selectFrom('contact_history').select(['id', 'contact_id']).where('account_id', '=', accountId).where('contact_id', 'in', [...contacts]).orderBy('id').execute();
  const group = (rows: Array<{ k: string; v: string }>) => {
    const m = new Map<string, string[]>();
    for (const r of rows) m.set(r.k, [...(m.get(r.k) ?? []), r.v]);
    return m;
  };
  return {
    attendees: new Map(attendees.map((a) => [a.id, { contact: a.contact_id, event: a.event_id }])),
    groups: group(members.map((m) => ({ k: m.group_id, v: m.contact_id }))),
    related: group(rels.map((r) => ({ k: r.contact_id, v: r.related_contact_id }))),
    answers: new Map(answers.map((a) => [`${a.subject_id}:${a.custom_field_id}`, a.value])),
    answerRows: answers.length,
    history: group(history.map((h) => ({ k: h.contact_id, v: h.id }))),
  };
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
  db = t.db.handle.db;
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
  events = [];
  for (let i = 0; i < EVENTS; i++) events.push(await fixtureEvent(t.services, accountId, 'Virtual', `Property event ${i}`));
  groups = [];
  for (let i = 0; i < GROUPS; i++) groups.push((await ok<{ id: string }>(api('POST', '/ea/contact-groups', { name: `Property group ${i}` }), 201)).id);
  fields = [];
  for (let i = 0; i < FIELDS; i++) {
    fields.push((await ok<{ id: string }>(api('POST', '/ea/custom-fields', { category: 'Contact', name: `Property ${i}`, code: `CF-PROP${i}`, type: 'Open Ended Text - One Line', required: false }), 201)).id);
  }
}, 60_000);
afterAll(async () => t?.close());

describe('contact merge (property)', () => {
  it('moves every related row of the merged contacts to the survivor: nothing lost, nothing doubled', async () => {
    await fc.assert(fc.asyncProperty(graphArb, async (g) => {
      run += 1;
      const res = await api('POST', '/ea/contacts', Array.from({ length: CONTACTS }, (_, i) => ({ firstName: `P${i}`, lastName: `Run${run}`, email: `p${i}.r${run}.${Date.now()}@prop.example` })));
      const contacts = (res.json() as Array<{ data: { id: string } }>).map((x) => x.data.id);
      const regs = contacts.flatMap((c, i) => events.filter((_, e) => g.registered[i]?.[e] === true).map((e) => ({ event: { id: e }, contact: { id: c } })));
      if (regs.length > 0) expect((await api('POST', '/ea/attendees', regs)).statusCode).toBe(207);
      for (const [i, c] of contacts.entries()) {
        for (const [k, gid] of groups.entries()) if (g.members[i]?.[k] === true) expect((await api('PUT', `/ea/contact-groups/${gid}/contacts/${c}`)).statusCode).toBe(204);
        for (const [k, fid] of fields.entries()) {
          const v = g.answers[i]?.[k];
          if (v !== undefined) await ok(api('PUT', `/ea/contacts/${c}/custom-fields/${fid}/answers`, { value: [v] }));
        }
      }
      let pair = 0;
      for (let a = 0; a < CONTACTS; a++) {
        for (let b = a + 1; b < CONTACTS; b++) {
          if (g.related[pair++] === true) expect((await api('PUT', `/ea/contacts/${contacts[a]}/related-contacts/${contacts[b]}`)).statusCode).toBe(204);
        }
      }
      const main = contacts[g.main] ?? '';
      const secondaries = g.secondaries.map((i) => contacts[i] ?? '');
      const merged = new Set([main, ...secondaries]);
      const before = await state(contacts);

      await ok(api('POST', `/ea/contacts/${main}/merge`, { secondaryContacts: secondaries }));
      const after = await state(contacts);

      // Registrations: the same rows; the survivor has one per event any of them had; the others keep their own.
      expect(sorted(after.attendees.keys())).toEqual(sorted(before.attendees.keys()));
      for (const e of events) {
        const had = [...before.attendees.values()].some((a) => a.event === e && merged.has(a.contact));
        const mainRegs = [...after.attendees.values()].filter((a) => a.event === e && a.contact === main);
        expect(mainRegs.length).toBe(had ? 1 : 0);
      }
      for (const [id, a] of after.attendees) {
        const was = before.attendees.get(id);
        expect(a.contact === was?.contact || (a.contact === main && merged.has(was?.contact ?? ''))).toBe(true);
      }
      // Group memberships: the survivor is in every group any of them was in, once; the merged contacts in none.
      for (const gid of groups) {
        const was = before.groups.get(gid) ?? [];
        const expected = new Set(was.filter((c) => !merged.has(c)));
        if (was.some((c) => merged.has(c))) expected.add(main);
        expect(sorted(after.groups.get(gid) ?? [])).toEqual(sorted(expected));
      }
      // Relationships: the survivor is related to everyone any of them was related to (not to themselves), both ways.
      const relatedBefore = new Set([...merged].flatMap((m) => before.related.get(m) ?? []).filter((c) => !merged.has(c)));
      expect(sorted(after.related.get(main) ?? [])).toEqual(sorted(relatedBefore));
      for (const s of secondaries) expect(after.related.get(s) ?? []).toEqual([]);
      for (const c of contacts.filter((x) => !merged.has(x))) {
        const expected = new Set((before.related.get(c) ?? []).map((r) => (merged.has(r) ? main : r)));
        expect(sorted(after.related.get(c) ?? [])).toEqual(sorted(expected));
      }
      // Answers: no row lost or added; the survivor keeps its own, else takes the first merged contact's.
      expect(after.answerRows).toBe(before.answerRows);
      for (const f of fields) {
        const expected = [main, ...secondaries].map((c) => before.answers.get(`${c}:${f}`)).find((v) => v !== undefined);
        expect(after.answers.get(`${main}:${f}`)).toBe(expected);
      }
      // History: the survivor holds its own and the merged contacts' entries (each once) plus the merge; each merged
      // contact keeps its deletion and the merge.
      const moved = [main, ...secondaries].flatMap((c) => before.history.get(c) ?? []);
      const mainAfter = after.history.get(main) ?? [];
      expect(new Set(mainAfter).size).toBe(mainAfter.length);
      expect(moved.every((id) => mainAfter.includes(id))).toBe(true);
      expect(mainAfter.length).toBe(moved.length + 1);
      for (const s of secondaries) expect(after.history.get(s)?.length).toBe(2);
    }), { numRuns: 12 });
  }, 300_000);
});
