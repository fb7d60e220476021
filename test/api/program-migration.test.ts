import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/db/index.js';
import { createTenant, startTestApp, tokenFor, apiClient, type TestApp } from '../helpers/app.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

// Migration 0025 on a database whose sessions name locations and categories by ids the clients made up: each id of
// one account (and one event, for a location) becomes a catalogue entry with the session's labels, so the session
// can be read and sent back; an id shared across accounts stays unresolved.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('migration 0025_program', () => {
  it('turns the locations and categories sessions named into entries of the program', async () => {
    const a = await createTenant(t.services);
    const b = await createTenant(t.services);
    const db = t.db.handle.db;
    const schema = t.db.config.dialect === 'postgres' ? t.db.config.schema : undefined;
    // The events first, through the app (which reads the tables of every migration), then back to before 0025.
    const eventA = await fixtureEvent(t.services, a.accountId);
    const eventB = await fixtureEvent(t.services, b.accountId);
    await migrateTo(db, '0024_speakers', schema);
    const room = '0190a1b2-0000-7000-8000-0000000000a1';
    const shared = '0190a1b2-0000-7000-8000-0000000000c2';
    const track = '0190a1b2-0000-7000-8000-0000000000c1';
    const session = await fixtureSession(db, a.accountId, eventA, { location_id: room, location_code: 'HA', location_name: 'Hall A', category_id: track, category_name: 'Plenary' });
    await fixtureSession(db, a.accountId, eventA, { category_id: shared, category_name: 'Mine' });
    await fixtureSession(db, b.accountId, eventB, { category_id: shared, category_name: 'Theirs' });
    await migrateTo(db, '0025_program', schema);
    // The rest of the migrations (they do not touch what 0025 wrote): the app reads their tables too.
    await migrateToLatest(db, schema);

    const api = apiClient(t.app, await tokenFor(t.app, a));
    expect((await api('GET', `/ea/events/${eventA}/session-locations/${room}`)).json()).toEqual({ id: room, code: 'HA', name: 'Hall A' });
    expect((await api('GET', `/ea/session-categories/${track}`)).json()).toEqual({ id: track, name: 'Plenary' });
    expect((await api('GET', `/ea/session-categories/${shared}`)).statusCode).toBe(404);
    const got = (await api('GET', `/ea/sessions/${session}`)).json() as Record<string, unknown>;
    const put = await api('PUT', `/ea/sessions/${session}`, got);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ location: { id: room, code: 'HA', name: 'Hall A' }, category: { id: track, name: 'Plenary' } });
  });
});
