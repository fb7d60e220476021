import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { flushSearchIndex } from '../../src/db/index.js';
import type { Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// The embedded database must not keep an erased contact's bytes: not in old
// WAL frames, not in freed space. This suite always runs on its own SQLite
// file (whatever DATABASE_URL says), since it reads that file's raw bytes.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

/** The database file and its WAL, read as bytes: every place SQLite keeps data on disk. */
const rawBytes = (): string => d.rawBytes();
const obfuscate = (contactId: string): Promise<void> => d.obfuscate(contactId);

describe('erasure on disk (SQLite)', () => {
  it('leaves none of the contact\'s values in the database file or its WAL once the obfuscation completed', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = {
      firstName: `Qwyneth${tag}`, lastName: `Vbrazenhoff${tag}`, email: `qwyneth.${tag}@erasure.example`, phone: '+1 555 0100', note: 'no note',
    };
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, person);
    // Some churn on the contact first, so old versions of its rows sit in WAL frames and freed cells.
    for (let i = 0; i < 3; i++) {
      const res = await api('PATCH', `/ea/contacts/${contactId}`, { title: `Title ${i} of ${person.lastName}` });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // The contact is also a speaker (issue 29): the speaker's row holds the same values, and its biography quotes them.
    const speaker = await api('POST', '/ea/speakers', {
      event: { id: venue.eventId }, firstName: person.firstName, lastName: person.lastName, email: person.email, biography: `${person.firstName} ${person.lastName} speaks`,
    });
    expect(speaker.statusCode, speaker.body).toBe(201);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().toLowerCase().includes(n))).toEqual(needles);

    await obfuscate(contactId);
    const left = needles.filter((n) => rawBytes().toLowerCase().includes(n));
    expect(left).toEqual([]);
  });
  it('leaves none of the contact\'s trigrams in the search index (FTS5 secure-delete), where they were before', async () => {
    // A first name that is one trigram of characters nothing else in the file has: the index holds it as a whole term.
    const name = '\u0238\u0239\u0238';
    const needle = Buffer.from(name, 'utf8').toString('latin1');
    const tag = Date.now().toString(36);
    const venue = await createVenue(services, accountId);
    const { contactId } = await seedPerson(services.db.db, venue, {
      firstName: name, lastName: `Ohmstead${tag}`, email: `o.${tag}@erasure.example`, phone: '+1 555 0101', note: 'no note',
    });
    await flushSearchIndex(services.db.db, 'sqlite');
    const blocks = await sql<{ block: Uint8Array }>`select block from contacts_search_index_data`.execute(services.db.db);
    const index = Buffer.concat(blocks.rows.map((r) => Buffer.from(r.block))).toString('latin1');
    expect(index.includes(needle), 'the trigram index holds the name before the erasure').toBe(true);

    await obfuscate(contactId);
    expect(rawBytes().includes(needle)).toBe(false);
  });
});
