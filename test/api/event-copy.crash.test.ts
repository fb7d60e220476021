import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { EVENT_COPY_JOB } from '../../src/modules/events/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { spawnProcess, type Spawned } from '../helpers/process.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

let t: TestApp;
let api: Api;
let accountId: string;
const children: Spawned[] = [];
const root = fileURLToPath(new URL('../../', import.meta.url));
const script = fileURLToPath(new URL('../../src/modules/events/testing/children.ts', import.meta.url));

function child(mode: 'crash' | 'cli'): Spawned {
  const c = spawnProcess(process.execPath, ['--import', 'tsx', script, mode], {
    cwd: root, env: { ...process.env, EVENTLINE_COPY_TEST_DB: JSON.stringify(t.db.config) },
  });
  children.push(c);
  return c;
}

const count = async (table: 'sessions' | 'speakers' | 'session_speakers' | 'events', eventId?: string) => {
  let q = t.db.handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId);
  if (eventId !== undefined) q = q.where(table === 'events' ? 'id' : 'event_id', '=', eventId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  // No worker in this process: only the child processes run jobs.
  t = await startTestApp({ build: { worker: false } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  api = apiClient(t.app, await tokenFor(t.app, tenant));
});
afterEach(async () => {
  for (const c of children.splice(0)) await c.stop('SIGKILL');
});
afterAll(async () => t?.close());

describe('event copy survives a killed worker', () => {
  it('copies an event with 100 sessions and 50 speakers exactly once after the worker is killed mid-copy and `eventline worker` is started', async () => {
    const source = await fixtureEvent(t.services, accountId, 'Hybrid', 'Big Summit');
    const db = t.db.handle.db;
    const now = new Date().toISOString();
    const audit = { created: now, last_modified: now, created_by: 'fixture', last_modified_by: 'fixture' };
    const sessionIds = Array.from({ length: 100 }, () => newId());
    await db.insertInto('sessions').values(sessionIds.map((id, i) => ({
      id, account_id: accountId, event_id: source, title: `Session ${i}`, code: null, description: null, start: '2027-03-01T10:00:00.000Z',
      end: '2027-03-01T11:00:00.000Z', status: 'Active' as const, capacity: null, waitlist_capacity: null, ...audit,
    }))).execute();
    const speakerIds = Array.from({ length: 50 }, () => newId());
    await db.insertInto('speakers').values(speakerIds.map((id, i) => ({
      id, account_id: accountId, event_id: source, category_id: null, contact_id: null, first_name: `Speaker${i}`, last_name: 'Crash', code: null, email: null,
      prefix: null, designation: null, company: '', title: '', twitter_url: null, facebook_url: null, linkedin_url: null, visibility: 1, biography: null,
      internal_note: null, featured: 0, sort_order: i + 1, profile_image_file_id: null, ...audit,
    }))).execute();
    // Each speaker speaks at two sessions: 100 assignments.
    await db.insertInto('session_speakers').values(speakerIds.flatMap((speakerId, i) => [0, 1].map((k) => ({
      id: newId(), account_id: accountId, event_id: source, session_id: sessionIds[(2 * i + k) % 100] as string, speaker_id: speakerId, category_id: null, sort_order: k + 1, ...audit,
    })))).execute();
    const eventsBefore = await count('events');

    const start = await api('POST', `/ea/events/${source}/copy`, {});
    expect(start.statusCode, start.body).toBe(202);
    const { id: copyId } = start.json() as { id: string };
    const status = async () => (await api('GET', `/ea/events/copy/${copyId}/status`)).json() as { status: string; event?: { id: string } };

    const crash = child('crash');
    await crash.waitForOutput(/copying/, 60_000);
    expect((await status()).status).toBe('Processing');
    await crash.stop('SIGKILL');

    // The copy's transaction died with the process: no event, session, speaker or assignment of it is visible.
    expect((await status()).status).toBe('Processing');
    expect(await count('events')).toBe(eventsBefore);
    expect(await count('sessions')).toBe(100);
    expect(await count('speakers')).toBe(50);
    expect(await count('session_speakers')).toBe(100);

    const worker = child('cli');
    await worker.waitForOutput(/worker started/, 60_000);
    const copy = await waitFor(async () => {
      const s = await status();
      return s.status === 'Created' ? s.event?.id : undefined;
    }, 60_000, 'the restarted worker to copy the event');

    // Exactly one copy: one more event, holding 100 sessions, 50 speakers and their 100 assignments.
    expect(await count('events')).toBe(eventsBefore + 1);
    expect(await count('sessions', copy)).toBe(100);
    expect(await count('speakers', copy)).toBe(50);
    expect(await count('session_speakers', copy)).toBe(100);
    expect(await count('sessions')).toBe(200);
    expect(await count('speakers')).toBe(100);
    // Every copied assignment joins a copied session and a copied speaker.
    const links = await db.selectFrom('session_speakers').innerJoin('sessions', 'sessions.id', 'session_speakers.session_id')
      .innerJoin('speakers', 'speakers.id', 'session_speakers.speaker_id').select(['sessions.event_id as se', 'speakers.event_id as sp'])
      .where('session_speakers.event_id', '=', copy).execute();
    expect(links.every((l) => l.se === copy && l.sp === copy)).toBe(true);
    const job = await waitFor(async () => {
      const row = await db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', EVENT_COPY_JOB).executeTakeFirstOrThrow();
      return row.status === 'running' ? undefined : row;
    }, 60_000, 'the job to finish');
    // Two runs of the job (the killed one and the one that committed); one committed copy.
    expect(job).toEqual({ status: 'completed', attempts: 2 });
    expect(await db.selectFrom('event_copies').select(['attempts', 'status']).where('id', '=', copyId).executeTakeFirstOrThrow()).toEqual({ attempts: 1, status: 'Created' });
    expect(await worker.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
