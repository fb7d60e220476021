import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { seedDemo } from '../../src/demo/seed.js';
import { EventlineApi, type ProviderMeeting, type WebcastProvider } from '../../src/modules/sync/index.js';
import { writeRecording } from '../../src/modules/sync/participation.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type Tenant } from '../helpers/app.js';
import { all, filter } from '../helpers/engagement.js';
import { fileForm, pdf } from '../helpers/files.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { BROKEN_VTT, VALID_VTT, mp4, putVtt } from '../helpers/videos.js';
import { fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';

interface Video { id: string; title: string; events: string[]; sessions: string[]; status: string; url?: { href: string }; recording?: { id: string }; source?: { id?: string }; type?: string; filename?: string; size?: number }
interface TextTrack { id: string; status: string; language: string; kind: string; label?: string; default: boolean; url?: { href: string } }
interface View { contact?: { id: string }; video: { id: string }; type: string; watchDuration: number; totalDuration?: number; watchPercentage?: number; device?: { id?: string; type?: string; operatingSystem?: string } }
interface Error { code: number; message: string; target?: string; details?: Array<{ target?: string; message: string }> }

let t: ListeningTestApp;
let dataDir: string;
let tenant: Tenant;
let token: string;
let api: Api;
let otherApi: Api;
let event: string;
let session: string;
let attendees: string[];
let webcast: string;
let recorded: Video;

const REC_URL = 'https://meet.example.test/rec/keynote.mp4';

/** The sync's recording step (participation.writeRecording) reads only getRecording of the provider. */
function providerWithRecording(url: string): WebcastProvider {
  const partial: Pick<WebcastProvider, 'getRecording'> = { getRecording: async () => ({ url, password: 'rec-pass' }) };
  return partial as WebcastProvider;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eventline-videos-'));
  t = await startListeningTestApp({ env: { DATA_DIR: dataDir } });
  tenant = await createTenant(t.services);
  token = await tokenFor(t.app, tenant);
  api = apiClient(t.app, token);
  otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
  const db = t.db.handle.db;
  event = await fixtureEvent(t.services, tenant.accountId, 'Hybrid');
  session = await fixtureSession(db, tenant.accountId, event, { title: 'Keynote' });
  attendees = await fixtureAttendees(db, tenant.accountId, event, 3);
  const wc = await api('POST', '/ea/webcasts', { event: { id: event }, session: { id: session }, provider: 'Zoom', meetingId: 'm-4242', title: 'Keynote webcast' });
  expect(wc.statusCode, wc.body).toBe(200);
  webcast = (wc.json() as { id: string }).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the video path, end to end', () => {
  it('(1) a recording the sync writes back onto the webcast becomes a video of its event and session', async () => {
    const client = createClient({ baseUrl: t.baseUrl, clientId: tenant.clientId, clientSecret: tenant.clientSecret });
    const eventline = new EventlineApi(client);
    const before = await eventline.webcastOf(session);
    expect(before?._links.recording).toBeUndefined();
    const meeting = { id: 'm-4242', status: 'ended' } as ProviderMeeting;
    const written = await writeRecording(eventline, providerWithRecording(REC_URL), before as NonNullable<typeof before>, meeting);
    expect(written.recording).toBe(true);

    const videos = await all<Video>(api, '/ea/videos', { filter: `recording.id eq '${webcast}'` });
    expect(videos).toHaveLength(1);
    recorded = videos[0] as Video;
    expect(recorded).toMatchObject({
      title: 'Keynote webcast', events: [event], sessions: [session], status: 'Available', url: { href: REC_URL }, recording: { id: webcast },
      source: { id: 'm-4242' }, type: 'mp4',
    });
    // The same recording written again (the next sync run) is the same video.
    const after = await eventline.webcastOf(session);
    await writeRecording(eventline, providerWithRecording(REC_URL), after as NonNullable<typeof after>, meeting);
    expect(await all<Video>(api, '/ea/videos', { filter: `events eq '${event}'` })).toHaveLength(1);
    expect(await all<Video>(api, '/ea/videos', { filter: `sessions ne '${session}'` })).toHaveLength(0);
  });

  it('(2) a WebVTT text track is created, then its file is uploaded and served', async () => {
    const created = await api('POST', `/ea/videos/${recorded.id}/text-tracks`, { language: 'en-US', kind: 'subtitles', label: 'English', default: true });
    expect(created.statusCode, created.body).toBe(201);
    const track = created.json() as TextTrack;
    expect(track).toMatchObject({ status: 'Started', language: 'en-US', kind: 'subtitles', label: 'English', default: true });
    expect(track.url).toBeUndefined();

    const put = await putVtt(t, token, recorded.id, track.id, VALID_VTT);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: track.id, status: 'Available', url: { href: expect.stringContaining(`/videos/${recorded.id}/text-tracks/${track.id}/content`) } });
    const content = await api('GET', `/ea/videos/${recorded.id}/text-tracks/${track.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toMatch(/^text\/vtt/);
    expect(content.body).toBe(VALID_VTT);

    const listed = await api('GET', `/ea/videos/${recorded.id}/text-tracks`);
    expect((listed.json() as { data: TextTrack[] }).data.map((x) => [x.id, x.status])).toEqual([[track.id, 'Available']]);

    const updated = await api('PUT', `/ea/videos/${recorded.id}/text-tracks/${track.id}`, { id: track.id, status: 'Available', language: 'en-GB', kind: 'captions', label: 'British' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ language: 'en-GB', kind: 'captions', label: 'British', status: 'Available', default: false });
  });

  it('(3) a malformed WebVTT file is refused with its line number, and the track keeps its file', async () => {
    const [track] = (await api('GET', `/ea/videos/${recorded.id}/text-tracks`)).json().data as TextTrack[];
    const res = await putVtt(t, token, recorded.id, (track as TextTrack).id, BROKEN_VTT);
    expect(res.statusCode, res.body).toBe(400);
    const err = res.json() as Error;
    expect(err.message).toContain('line 6');
    expect(err.message).toContain('Milliseconds must be given in three digits');
    expect(err.details?.[0]?.target).toBe('line 6');
    const noSignature = await putVtt(t, token, recorded.id, (track as TextTrack).id, 'Hello\n');
    expect(noSignature.statusCode).toBe(400);
    expect((noSignature.json() as Error).message).toContain('line 1');
    const notVtt = await putVtt(t, token, recorded.id, (track as TextTrack).id, VALID_VTT, 'text/vtt; charset=latin1');
    expect(notVtt.statusCode).toBe(415);
    const asJson = await putVtt(t, token, recorded.id, (track as TextTrack).id, JSON.stringify({ content: VALID_VTT }), 'application/json');
    expect(asJson.statusCode).toBe(400);
    const huge = await putVtt(t, token, recorded.id, (track as TextTrack).id, `WEBVTT\n\n${'00:00:01.000 --> 00:00:02.000\nx\n\n'.repeat(80_000)}`);
    expect(huge.statusCode).toBe(413);
    expect((huge.json() as Error).code).toBe(413);
    const content = await api('GET', `/ea/videos/${recorded.id}/text-tracks/${(track as TextTrack).id}/content`);
    expect(content.body).toBe(VALID_VTT);
  });

  it('(4) views are recorded, listed, reported as activities and earn points in an engagement score', async () => {
    const score = await api('POST', '/ea/attendee-insights', { name: 'Watching', event: { id: event }, actions: [{ type: 'event.videoPlayed', points: 7 }] });
    expect(score.statusCode, score.body).toBe(201);
    const insight = (score.json() as { id: string }).id;

    const [first, second] = attendees as [string, string];
    const view = await api('POST', `/ea/videos/${recorded.id}/views`, {
      attendee: { id: first }, solution: 'ATTENDEE_HUB', device: { id: 'device-1', type: 'DESKTOP', operatingSystem: 'Linux' }, watchDuration: 90_000, totalDuration: 180_000,
    });
    expect(view.statusCode, view.body).toBe(201);
    expect(view.json()).toMatchObject({ video: { id: recorded.id }, type: 'RECORDING', watchDuration: 90_000, totalDuration: 180_000, watchPercentage: 50 });
    const again = await api('POST', `/ea/videos/${recorded.id}/views`, { attendee: { id: second }, type: 'LIVE', watchDuration: 30_000, device: { type: 'MOBILE' } });
    expect(again.statusCode, again.body).toBe(201);

    const views = await all<View>(api, '/ea/videos/views', { filter: `video.id eq '${recorded.id}'` });
    expect(views.map((v) => v.watchDuration)).toEqual([90_000, 30_000]);
    expect(views[0]?.contact?.id).toEqual(expect.any(String));
    expect(await all<View>(api, '/ea/videos/views', { filter: `device.type eq 'MOBILE' and type eq 'LIVE'` })).toHaveLength(1);

    const activities = await all<{ type: string; attendee: { id: string }; data: { title?: string } }>(api, '/ea/attendees/activities', { filter: "type eq 'event.videoPlayed'" });
    expect(activities.map((a) => a.attendee.id).sort()).toEqual([first, second].sort());
    expect(activities[0]?.data.title).toBe('Keynote webcast');

    const scores = await all<{ attendee: { id: string }; points: number }>(api, `/ea/attendee-insights/${insight}/scores`);
    expect(scores.map((s) => [s.attendee.id, s.points]).sort()).toEqual([[first, 7], [second, 7]].sort());
  });
});

describe('videos from uploaded files, renditions and audio tracks', () => {
  const upload = async (name: string, bytes: Buffer, purpose?: string) => {
    const f = fileForm(name, bytes, undefined, purpose ? [{ name: 'purpose', value: purpose }] : []);
    const res = await t.app.inject({ method: 'POST', url: '/ea/files', payload: f.payload, headers: { ...f.headers, authorization: `Bearer ${token}` } });
    return res;
  };

  it('makes a video of a file uploaded with purpose=video, and attaches the file', async () => {
    const asPlain = await upload('talk.mp4', mp4());
    expect(asPlain.statusCode, 'without purpose=video a video is not an allowed file type').toBe(400);
    const file = await upload('talk.mp4', mp4(), 'video');
    expect(file.statusCode, file.body).toBe(201);
    const fileId = (file.json() as { id: string }).id;
    const res = await api('POST', '/ea/videos', { title: 'Workshop recording', file: { id: fileId }, events: [event], sessions: [session], tags: ['workshop'] });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json() as Video;
    expect(video).toMatchObject({ title: 'Workshop recording', filename: 'talk.mp4', type: 'mp4', size: mp4().length, events: [event], sessions: [session], tags: ['workshop'] });
    expect(video.url?.href).toContain(`/files/${fileId}/content?`);
    const bytes = await t.app.inject({ method: 'GET', url: new URL(video.url?.href ?? '').pathname + new URL(video.url?.href ?? '').search });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp4');
    expect(await all<Video>(api, '/ea/videos', { filter: "tags eq 'workshop'" })).toHaveLength(1);

    // Attached: a second video of the same file is refused.
    const twice = await api('POST', '/ea/videos', { title: 'Again', file: { id: fileId }, events: [event] });
    expect(twice.statusCode).toBe(400);
    expect((twice.json() as Error).target).toBe('file.id');
  });

  it('refuses a file that is not a video, an unknown event and a session of another event (400, nothing created)', async () => {
    const count = (await all<Video>(api, '/ea/videos')).length;
    const doc = (await upload('agenda.pdf', pdf())).json() as { id: string };
    const notVideo = await api('POST', '/ea/videos', { title: 'PDF', file: { id: doc.id }, events: [event] });
    expect(notVideo.statusCode).toBe(400);
    const otherEvent = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    const file = (await upload('b.mp4', mp4(), 'video')).json() as { id: string };
    const wrongSession = await api('POST', '/ea/videos', { title: 'X', file: { id: file.id }, events: [otherEvent], sessions: [session] });
    expect(wrongSession.statusCode).toBe(400);
    expect((wrongSession.json() as Error).target).toBe('sessions');
    const unknownEvent = await api('POST', '/ea/videos', { title: 'X', file: { id: file.id }, events: ['0190a1b2-0000-7000-8000-000000000000'] });
    expect(unknownEvent.statusCode).toBe(400);
    expect((await api('POST', '/ea/videos', { title: 'X', file: { id: file.id } })).statusCode).toBe(400);
    expect(await all<Video>(api, '/ea/videos')).toHaveLength(count);
  });

  it('keeps renditions and audio tracks the provider supplies', async () => {
    const r = await api('POST', `/ea/videos/${recorded.id}/renditions`, { type: 'Hls', location: { href: 'https://cdn.example.test/keynote/master.m3u8' }, width: 1920, height: 1080 });
    expect(r.statusCode, r.body).toBe(201);
    const list = (await api('GET', `/ea/videos/${recorded.id}/renditions`)).json() as { data: Array<{ type: string; width?: number }> };
    expect(list.data).toEqual([expect.objectContaining({ type: 'Hls', width: 1920, video: { id: recorded.id } })]);
    expect((await api('POST', `/ea/videos/${recorded.id}/renditions`, { type: 'Transcoded', location: { href: 'https://x.test' } })).statusCode).toBe(400);

    const a1 = await api('POST', `/ea/videos/${recorded.id}/audio-tracks`, { type: 'mp3', language: 'en-US', variant: 'Main', default: true });
    const a2 = await api('POST', `/ea/videos/${recorded.id}/audio-tracks`, { type: 'mp3', language: 'fr-FR', variant: 'Dub', default: true });
    expect([a1.statusCode, a2.statusCode]).toEqual([201, 201]);
    const tracks = (await api('GET', `/ea/videos/${recorded.id}/audio-tracks`)).json() as { data: Array<{ language: string; default: boolean }> };
    expect(tracks.data.map((x) => [x.language, x.default])).toEqual([['en-US', false], ['fr-FR', true]]);
  });
});

describe('bad input and tenancy', () => {
  it('refuses a view of an attendee outside the video\'s event (400) and records nothing', async () => {
    const before = (await all<View>(api, '/ea/videos/views')).length;
    const elsewhere = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    const [stranger] = await fixtureAttendees(t.db.handle.db, tenant.accountId, elsewhere, 1);
    const res = await api('POST', `/ea/videos/${recorded.id}/views`, { attendee: { id: stranger }, watchDuration: 1000 });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Error).target).toBe('attendee.id');
    expect((await api('POST', `/ea/videos/${recorded.id}/views`, { attendee: { id: attendees[0] }, watchDuration: -1 })).statusCode).toBe(400);
    expect(await all<View>(api, '/ea/videos/views')).toHaveLength(before);
  });

  it('answers 400 for filters the reference does not offer on views', async () => {
    for (const f of ["type ne 'LIVE'", "type eq 'LIVE' or type eq 'RECORDING'", "type eq 'LIVE' and solution eq 'ATTENDEE_HUB' and device.type eq 'MOBILE' and video.id eq '0190a1b2-0000-7000-8000-000000000000'", "title eq 'x'"]) {
      const res = await api('GET', `/ea/videos/views?${filter(f)}`);
      expect(res.statusCode, f).toBe(400);
      expect((res.json() as Error).target).toBe('filter');
    }
    expect((await api('GET', `/ea/videos?${filter("title eq 'x'")}`)).statusCode).toBe(400);
  });

  it('shows account B none of account A\'s videos, tracks or views (404 on each)', async () => {
    expect((await otherApi('GET', '/ea/videos')).json().data).toEqual([]);
    expect((await otherApi('GET', '/ea/videos/views')).json().data).toEqual([]);
    const [track] = (await api('GET', `/ea/videos/${recorded.id}/text-tracks`)).json().data as TextTrack[];
    const id = recorded.id;
    const tt = (track as TextTrack).id;
    for (const [method, url, body] of [
      ['GET', `/ea/videos/${id}/renditions`], ['GET', `/ea/videos/${id}/audio-tracks`], ['GET', `/ea/videos/${id}/text-tracks`],
      ['POST', `/ea/videos/${id}/text-tracks`, { language: 'de', kind: 'subtitles' }], ['PUT', `/ea/videos/${id}/text-tracks/${tt}`, { language: 'de', kind: 'subtitles' }],
      ['GET', `/ea/videos/${id}/text-tracks/${tt}/content`], ['POST', `/ea/videos/${id}/views`, { attendee: { id: attendees[0] }, watchDuration: 5 }],
      ['POST', `/ea/videos/${id}/renditions`, { type: 'Mp4', location: { href: 'https://x.test/a.mp4' } }],
    ] as const) {
      const res = await otherApi(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api('GET', `/ea/videos/${id}/text-tracks`)).json().data).toHaveLength(1);
  });

  it('obfuscation clears the viewer\'s device, keeps the view, and redacts captions that quote the contact', async () => {
    const [view] = await all<View>(api, '/ea/videos/views', { filter: "device.type eq 'DESKTOP'" });
    const contactId = view?.contact?.id as string;
    const contact = (await api('GET', `/ea/contacts/${contactId}`)).json() as { lastName: string; email: string };
    const caption = (await api('POST', `/ea/videos/${recorded.id}/text-tracks`, { language: 'en-US', kind: 'subtitles', label: 'Q&A' })).json() as TextTrack;
    const quoting = `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nA question from ${contact.lastName}.\n`;
    expect((await putVtt(t, token, recorded.id, caption.id, quoting)).statusCode).toBe(200);

    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const start = await api('POST', `/ea/contacts/${contactId}/obfuscate`);
    expect(start.statusCode, start.body).toBe(202);
    const obfuscateId = (start.json() as { obfuscateId: string }).obfuscateId;
    await waitFor(async () => ((await api('GET', `/ea/contacts/obfuscate/${obfuscateId}/status`)).json() as { status: string }).status === 'COMPLETED', 20_000, 'obfuscation');

    const [after] = await all<View>(api, '/ea/videos/views', { filter: `contact.id eq '${contactId}'` });
    expect(after).toMatchObject({ watchDuration: 90_000, device: { type: 'DESKTOP' } });
    expect(after?.device?.id).toBeUndefined();
    expect(after?.device?.operatingSystem).toBeUndefined();
    const redacted = await api('GET', `/ea/videos/${recorded.id}/text-tracks/${caption.id}/content`);
    expect(redacted.body).not.toContain(contact.lastName);
    expect(redacted.body).toContain('A question from ');
    const check = await t.services.obfuscation.verify({ contactId, values: [contact.lastName, contact.email, 'device-1', 'Linux'] });
    expect(check.hits).toEqual([]);
  });
});

describe('the demo account', () => {
  it('holds the video scopes, and has the pre-recorded closing panel as a video, with English captions and an HLS rendition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eventline-videos-demo-'));
    const demo = await startTestApp({ env: { DATA_DIR: dir } });
    try {
      const scopes = ['event/videos:read', 'event/videos:write', 'event/video-views:read', 'event/video-views:write'];
      expect(demo.services.portal.scopes().map((s) => s.name)).toEqual(expect.arrayContaining(scopes));
      const { credentials } = await seedDemo(demo.services, demo.config);
      if (!credentials) throw new Error('the demo was not seeded');
      const [workspace] = await demo.services.accounts.listWorkspaces(credentials.accountId);
      expect(workspace?.scopes).toEqual(expect.arrayContaining(scopes));
      const [application] = await demo.services.accounts.listApplications(credentials.accountId);
      expect(application?.scopes).toEqual(expect.arrayContaining(scopes));
      const demoApi = apiClient(demo.app, await tokenFor(demo.app, credentials, 'event/videos:read'));
      const videos = await all<Video>(demoApi, '/ea/videos');
      expect(videos.map((v) => v.title)).toEqual(['Closing Panel (pre-recorded)']);
      const id = (videos[0] as Video).id;
      const tracks = (await demoApi('GET', `/ea/videos/${id}/text-tracks`)).json() as { data: TextTrack[] };
      expect(tracks.data).toEqual([expect.objectContaining({ language: 'en-US', kind: 'captions', status: 'Available', default: true })]);
      const renditions = (await demoApi('GET', `/ea/videos/${id}/renditions`)).json() as { data: Array<{ type: string }> };
      expect(renditions.data.map((r) => r.type)).toEqual(['Hls']);
    } finally {
      await demo.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
