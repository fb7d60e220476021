import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/demo/seed.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp, ok } from '../helpers/app.js';
import { pdf, png, uploadFile } from '../helpers/files.js';
import { fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

interface Speaker {
  id: string; order: number; event: { id: string }; firstName: string; lastName: string; email?: string; company?: string; title?: string; biography?: string;
  internalNote?: string; contact?: { id: string }; category?: { id: string; name?: string }; featured: boolean; visibility: boolean;
  links: { twitterUrl?: { href: string }; profilePicture?: { href: string } };
}
interface Page<T> { data: T[]; paging: { totalCount: number; limit: number; nextToken?: string } }
interface SpeakerFile { file: { id: string }; href: string; friendlyName?: string; type?: string; size?: number }

const MISSING = '0190a1b2-0000-7000-8000-000000000000';

let t: TestApp;
let token: string;
let api: Api;
let otherApi: Api;
let accountId: string;
let event: string;
let otherEvent: string;
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-speakers-'));

const createSpeaker = (overrides: Record<string, unknown> = {}) =>
  ok<Speaker>(api('POST', '/ea/speakers', { event: { id: event }, firstName: 'Ada', lastName: 'Lovelace', ...overrides }), 201);
const upload = (name: string, bytes: Buffer): Promise<string> => uploadFile(t.app, token, name, bytes);
const list = (filter: string, query = '') => ok<Page<Speaker>>(api('GET', `/ea/speakers?filter=${encodeURIComponent(filter)}${query}`));

beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir }, build: { worker: true } });
  const tenant = await createTenant(t.services);
  accountId = tenant.accountId;
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  event = await fixtureEvent(t.services, accountId);
  otherEvent = await fixtureEvent(t.services, accountId, 'Virtual', 'Second event');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('speakers', () => {
  it('creates, replaces, lists and deletes a speaker with a category', async () => {
    const category = await ok<{ id: string; name: string; active: boolean }>(api('POST', '/ea/speaker-categories', { name: 'Keynotes' }), 201);
    expect(category).toMatchObject({ name: 'Keynotes', active: true });
    const created = await createSpeaker({
      email: 'grace@example.test', company: 'Navy', title: 'Rear Admiral', category: { id: category.id }, featured: true,
      links: { twitterUrl: { href: 'https://x.example/grace' } }, biography: 'Wrote the first compiler', internalNote: 'Prefers mornings',
    });
    expect(created).toMatchObject({
      event: { id: event }, firstName: 'Ada', email: 'grace@example.test', category: { id: category.id, name: 'Keynotes' }, featured: true, visibility: true,
      links: { twitterUrl: { href: 'https://x.example/grace' } },
    });
    expect(created.order).toBeGreaterThanOrEqual(1);
    const replaced = await ok<Speaker>(api('PUT', `/ea/speakers/${created.id}`, { ...created, firstName: 'Grace', lastName: 'Hopper', company: undefined, category: undefined }));
    expect(replaced).toMatchObject({ id: created.id, firstName: 'Grace', lastName: 'Hopper', order: created.order });
    expect(replaced.company).toBeUndefined();
    expect(replaced.category).toBeUndefined();
    const found = await list(`id eq '${created.id}'`);
    expect(found.data.map((s) => s.firstName)).toEqual(['Grace']);
    const cats = await ok<Page<{ id: string; active: boolean }>>(api('GET', `/ea/speaker-categories?filter=${encodeURIComponent("active eq 'true'")}`));
    expect(cats.data.map((c) => c.id)).toContain(category.id);

    const moved = await api('PUT', `/ea/speakers/${created.id}`, { ...replaced, event: { id: otherEvent } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 400, target: 'event.id' });

    expect((await api('DELETE', `/ea/speakers/${created.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/speakers/${created.id}`)).statusCode).toBe(404);
    expect((await list(`id eq '${created.id}'`)).data).toEqual([]);
  });

  it('filters by the reference\'s fields (GET and POST /speakers/filter) and pages by keyset', async () => {
    const cat = await ok<{ id: string }>(api('POST', '/ea/speaker-categories', { name: 'Panelists' }), 201);
    const made: Speaker[] = [];
    for (const [i, name] of ['Alan', 'Barbara', 'Claude', 'Donald', 'Edsger'].entries()) {
      made.push(await createSpeaker({ event: { id: otherEvent }, firstName: name, lastName: `Pioneer${i}`, company: i % 2 === 0 ? 'Bell Labs' : 'IBM', category: i < 2 ? { id: cat.id } : undefined }));
    }
    const inEvent = await list(`event.id eq '${otherEvent}'`, '&limit=2&sort=firstName:DESC');
    expect(inEvent.paging.totalCount).toBe(5);
    expect(inEvent.data.map((s) => s.firstName)).toEqual(['Edsger', 'Donald']);
    const second = await ok<Page<Speaker>>(api('GET', `/ea/speakers?token=${encodeURIComponent(inEvent.paging.nextToken ?? '')}`));
    expect(second.data.map((s) => s.firstName)).toEqual(['Claude', 'Barbara']);

    expect((await list(`event.id eq '${otherEvent}' and company eq 'Bell Labs'`)).data.map((s) => s.firstName).sort()).toEqual(['Alan', 'Claude', 'Edsger']);
    expect((await list(`category.name eq 'Panelists'`)).data.map((s) => s.firstName).sort()).toEqual(['Alan', 'Barbara']);
    expect((await list(`firstName sw 'cla' or lastName match 'pioneer4'`)).data.map((s) => s.firstName).sort()).toEqual(['Claude', 'Edsger']);
    expect((await list(`id in ('${made[0]?.id ?? ''}', '${made[1]?.id ?? ''}')`)).paging.totalCount).toBe(2);
    const viaPost = await ok<Page<Speaker>>(api('POST', '/ea/speakers/filter?limit=10', { filter: `company contains 'IBM' and event.id eq '${otherEvent}'` }));
    expect(viaPost.data.map((s) => s.firstName).sort()).toEqual(['Barbara', 'Donald']);

    const bad = await api('GET', `/ea/speakers?filter=${encodeURIComponent("biography eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, target: 'filter' });
    const badOp = await api('POST', '/ea/speakers/filter', { filter: "company match 'x'" });
    expect(badOp.statusCode).toBe(400);
  });

  it('refuses bad input with 400 in the contract\'s error shape, and changes nothing', async () => {
    const before = (await list(`event.id eq '${event}'`)).paging.totalCount;
    for (const body of [
      { event: { id: event }, lastName: 'NoFirst' },
      { event: { id: event }, firstName: 'A', lastName: 'B', email: 'not-an-email' },
      { event: { id: event }, firstName: 'x'.repeat(31), lastName: 'B' },
      { event: { id: MISSING }, firstName: 'A', lastName: 'B' },
      { event: { id: event }, firstName: 'A', lastName: 'B', category: { id: MISSING } },
      { event: { id: event }, firstName: 'A', lastName: 'B', unknownField: 1 },
    ]) {
      const res = await api('POST', '/ea/speakers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const err = res.json() as { code: number; message: string };
      expect(err.code).toBe(400);
      expect(typeof err.message).toBe('string');
    }
    expect((await list(`event.id eq '${event}'`)).paging.totalCount).toBe(before);
  });

  it('keeps documents and a profile picture from real uploaded files', async () => {
    const sp = await createSpeaker({ firstName: 'Hedy', lastName: 'Lamarr' });
    const doc = await upload('slides.pdf', pdf());
    const added = await ok<SpeakerFile>(api('PUT', `/ea/speakers/${sp.id}/docs/${doc}`));
    expect(added).toMatchObject({ file: { id: doc }, friendlyName: 'slides.pdf', type: 'application/pdf' });
    expect(added.href).toContain(`/files/${doc}/content?`);
    expect((await api('PUT', `/ea/speakers/${sp.id}/docs/${doc}`)).statusCode).toBe(200);
    const docs = await ok<Page<SpeakerFile>>(api('GET', `/ea/speakers/${sp.id}/docs?filter=${encodeURIComponent(`file.id eq '${doc}'`)}`));
    expect(docs.data.map((d) => d.file.id)).toEqual([doc]);
    expect((await ok<SpeakerFile>(api('GET', `/ea/speakers/${sp.id}/docs/${doc}`))).file.id).toBe(doc);
    const bytes = await t.app.inject({ method: 'GET', url: added.href.replace(t.config.publicUrl, '') });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const image = await upload('hedy.png', png(8, 8));
    const notImage = await api('PUT', `/ea/speakers/${sp.id}/profile-images`, { file: { id: doc } });
    expect(notImage.statusCode).toBe(400);
    const pic = await ok<SpeakerFile>(api('PUT', `/ea/speakers/${sp.id}/profile-images`, { file: { id: image } }));
    expect(pic.file.id).toBe(image);
    const withPic = (await list(`id eq '${sp.id}'`)).data[0];
    expect(withPic?.links.profilePicture?.href).toContain(`/files/${image}/content?`);
    // A file already in use is refused elsewhere.
    const other = await createSpeaker({ firstName: 'Other', lastName: 'Person' });
    expect((await api('PUT', `/ea/speakers/${other.id}/docs/${image}`)).statusCode).toBe(400);

    expect((await api('DELETE', `/ea/speakers/${sp.id}/profile-images`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/speakers/${sp.id}/profile-images`)).statusCode).toBe(404);
    expect((await list(`id eq '${sp.id}'`)).data[0]?.links.profilePicture).toBeUndefined();
    expect((await api('DELETE', `/ea/speakers/${sp.id}/docs/${doc}`)).statusCode).toBe(204);
    expect((await api('GET', `/ea/speakers/${sp.id}/docs/${doc}`)).statusCode).toBe(404);
    expect((await api('PUT', `/ea/speakers/${sp.id}/docs/${MISSING}`)).statusCode).toBe(404);
  });

  it('links speakers and sessions both ways', async () => {
    const session = await fixtureSession(t.db.handle.db, accountId, event);
    const a = await createSpeaker({ firstName: 'Linus', lastName: 'T' });
    const b = await createSpeaker({ firstName: 'Margaret', lastName: 'H' });
    const cat = await ok<{ id: string }>(api('POST', '/ea/speaker-categories', { name: 'Moderators' }), 201);
    expect((await api('PUT', `/ea/sessions/${session}/speakers/${a.id}`, { speakerCategory: { id: cat.id }, order: 2 })).statusCode).toBe(204);
    expect((await api('PUT', `/ea/sessions/${session}/speakers/${b.id}`)).statusCode).toBe(204);
    expect((await api('PUT', `/ea/sessions/${session}/speakers/${b.id}`, { order: 1 })).statusCode).toBe(204);
    const ofSession = await ok<Page<{ id: string; session: { id: string }; order?: number; category?: { id: string; name?: string } }>>(api('GET', `/ea/sessions/${session}/speakers`));
    expect(ofSession.data).toEqual([
      { id: a.id, session: { id: session }, category: { id: cat.id, name: 'Moderators' }, order: 2 },
      { id: b.id, session: { id: session }, order: 1 },
    ]);
    const ofSpeaker = await ok<Page<{ id: string; speaker: { id: string } }>>(api('GET', `/ea/speakers/${a.id}/sessions`));
    expect(ofSpeaker.data).toEqual([{ id: session, speaker: { id: a.id }, category: { id: cat.id, name: 'Moderators' } }]);

    const elsewhere = await createSpeaker({ event: { id: otherEvent }, firstName: 'Wrong', lastName: 'Event' });
    expect((await api('PUT', `/ea/sessions/${session}/speakers/${elsewhere.id}`)).statusCode).toBe(400);
    expect((await api('PUT', `/ea/sessions/${MISSING}/speakers/${a.id}`)).statusCode).toBe(404);

    expect((await api('DELETE', `/ea/sessions/${session}/speakers/${a.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/ea/sessions/${session}/speakers/${a.id}`)).statusCode).toBe(404);
    expect((await ok<Page<unknown>>(api('GET', `/ea/speakers/${a.id}/sessions`))).data).toEqual([]);
    // Deleting the session takes its speakers' links with it.
    expect((await api('DELETE', `/ea/sessions/${session}`)).statusCode).toBe(204);
    expect((await ok<Page<unknown>>(api('GET', `/ea/speakers/${b.id}/sessions`))).data).toEqual([]);
  });

  it('answers 404 across accounts and shows none of another account\'s speakers', async () => {
    const sp = await createSpeaker({ firstName: 'Secret', lastName: 'Speaker' });
    const doc = await upload('secret.pdf', pdf());
    await ok(api('PUT', `/ea/speakers/${sp.id}/docs/${doc}`));
    const session = await fixtureSession(t.db.handle.db, accountId, event);
    for (const [method, url, body] of [
      ['PUT', `/ea/speakers/${sp.id}`, { event: { id: event }, firstName: 'Hijacked', lastName: 'X' }],
      ['DELETE', `/ea/speakers/${sp.id}`, undefined],
      ['GET', `/ea/speakers/${sp.id}/docs`, undefined],
      ['GET', `/ea/speakers/${sp.id}/docs/${doc}`, undefined],
      ['PUT', `/ea/speakers/${sp.id}/profile-images`, { file: { id: doc } }],
      ['DELETE', `/ea/speakers/${sp.id}/profile-images`, undefined],
      ['GET', `/ea/speakers/${sp.id}/sessions`, undefined],
      ['GET', `/ea/sessions/${session}/speakers`, undefined],
      ['PUT', `/ea/sessions/${session}/speakers/${sp.id}`, undefined],
    ] as const) {
      const res = await otherApi(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((res.json() as { code: number }).code).toBe(404);
    }
    const theirs = await ok<Page<Speaker>>(otherApi('GET', `/ea/speakers?filter=${encodeURIComponent(`id eq '${sp.id}'`)}`));
    expect(theirs.data).toEqual([]);
    expect((await list(`id eq '${sp.id}'`)).data[0]?.firstName).toBe('Secret');
  });

  it('answers 403 without the operation\'s scope', async () => {
    const tenant = await createTenant(t.services);
    const readOnly = apiClient(t.app, await tokenFor(t.app, tenant, 'event/speakers:read'));
    expect((await readOnly('GET', '/ea/speakers')).statusCode).toBe(200);
    const res = await readOnly('POST', '/ea/speakers', { event: { id: event }, firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403 });
    expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await readOnly('GET', '/ea/speaker-categories')).statusCode).toBe(403);
  });

  it('erases a speaker who is an obfuscated contact: personal fields, documents and profile picture', async () => {
    await t.services.accounts.setFeature(accountId, 'contact-obfuscation', true);
    const created = await api('POST', '/ea/contacts', [{ firstName: 'Philippa', lastName: 'Quenneville', email: 'philippa.quenneville@example.test' }]);
    const contactId = (created.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    const subject = await createSpeaker({
      firstName: 'Philippa', lastName: 'Quenneville', email: 'Philippa.Quenneville@example.test', company: 'Quenneville Consulting', title: 'Founder',
      biography: 'Philippa founded a consultancy', links: { twitterUrl: { href: 'https://x.example/pq' } },
    });
    expect(subject.contact).toEqual({ id: contactId });
    const doc = await upload('cv-quenneville.pdf', pdf());
    await ok(api('PUT', `/ea/speakers/${subject.id}/docs/${doc}`));
    const image = await upload('pq.png', png(6, 6));
    await ok(api('PUT', `/ea/speakers/${subject.id}/profile-images`, { file: { id: image } }));
    const bystander = await createSpeaker({ firstName: 'Bea', lastName: 'Stander', biography: 'Co-presents with philippa.quenneville@example.test' });

    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const obfuscateId = (start.json() as { obfuscateId: string }).obfuscateId;
    await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 20_000, 'obfuscation');

    const erased = (await list(`id eq '${subject.id}'`)).data[0];
    expect(erased).toMatchObject({ firstName: '[obfuscated]', lastName: '[obfuscated]', links: {} });
    for (const field of ['email', 'company', 'title', 'biography'] as const) expect(erased?.[field]).toBeUndefined();
    expect(erased?.links.profilePicture).toBeUndefined();
    expect((await ok<Page<unknown>>(api('GET', `/ea/speakers/${subject.id}/docs`))).data).toEqual([]);
    expect((await api('GET', `/ea/files/${doc}`)).statusCode).toBe(404);
    expect((await api('GET', `/ea/files/${image}`)).statusCode).toBe(404);
    const other = (await list(`id eq '${bystander.id}'`)).data[0];
    expect(other?.firstName).toBe('Bea');
    expect(other?.biography).not.toContain('quenneville');
    expect(JSON.stringify(await ok(api('GET', '/ea/speakers?limit=200'))).toLowerCase()).not.toContain('quenneville');
  });

  it('seeds the demo event with two speakers in categories, with profile pictures, both on its first session', async () => {
    const { credentials } = await seedDemo(t.services, t.config);
    if (!credentials) throw new Error('the demo was not seeded');
    const demo = apiClient(t.app, await tokenFor(t.app, credentials));
    const speakers = await ok<Page<Speaker>>(demo('GET', '/ea/speakers?sort=lastName:ASC'));
    expect(speakers.data.map((s) => `${s.firstName} ${s.lastName} (${s.category?.name ?? ''})`)).toEqual(['Ravi Menon (Panelists)', 'Ana Okafor (Keynotes)']);
    for (const s of speakers.data) expect(s.links.profilePicture?.href, `${s.firstName}'s picture`).toMatch(/^http/);
    const sessions = await ok<Page<{ id: string }>>(demo('GET', `/ea/speakers/${speakers.data[1]?.id ?? ''}/sessions`));
    expect(sessions.data).toHaveLength(1);
    expect((await ok<Page<unknown>>(demo('GET', `/ea/sessions/${sessions.data[0]?.id ?? ''}/speakers`))).data).toHaveLength(2);
  });
});
