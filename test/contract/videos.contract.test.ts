import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { filter } from '../helpers/engagement.js';
import { BROKEN_VTT, VALID_VTT, putVtt } from '../helpers/videos.js';
import { fixtureAttendees, fixtureEvent, fixtureSession } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// The seven operations of the reference's Video tag, as eventline really
// answers them, success and error statuses, validated against the reference's
// response schemas (DESIGN rule 2). The videos come the way eventline makes
// them: a webcast whose recording was written back.
describeContract('contract: Video operations match the reference', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let otherApi: Api;
  let video: string;
  let track: string;
  const MISSING = '0190a1b2-0000-7000-8000-000000000000';

  const expectOk = expectReferenceAnswer;
  const expectError = expectReferenceAnswer;

  beforeAll(async () => {
    t = await startTestApp();
    const tenant = await createTenant(t.services);
    token = await tokenFor(t.app, tenant);
    api = apiClient(t.app, token);
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/events:read'));
    otherApi = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    const event = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    const session = await fixtureSession(t.db.handle.db, tenant.accountId, event);
    const [attendee] = await fixtureAttendees(t.db.handle.db, tenant.accountId, event, 1);
    const wc = await api('POST', '/ea/webcasts', {
      event: { id: event }, session: { id: session }, provider: 'Zoom', meetingId: 'm-1', title: 'Opening', status: 'Finished',
      _links: { recording: { href: 'https://meet.example.test/rec/opening.mp4', code: 'secret' } },
    });
    expect(wc.statusCode, wc.body).toBe(200);
    video = ((await api('GET', '/ea/videos')).json() as { data: Array<{ id: string }> }).data[0]?.id as string;
    expect(video).toBeDefined();
    // One of each thing the lists hold.
    expect((await api('POST', `/ea/videos/${video}/renditions`, { type: 'Mp4', location: { href: 'https://cdn.example.test/opening-720.mp4' }, width: 1280, height: 720 })).statusCode).toBe(201);
    expect((await api('POST', `/ea/videos/${video}/audio-tracks`, { type: 'mp3', language: 'en-US', variant: 'Main', default: true, duration: 60_000, url: { href: 'https://cdn.example.test/a.mp3' } })).statusCode).toBe(201);
    expect((await api('POST', `/ea/videos/${video}/views`, {
      attendee: { id: attendee }, solution: 'EVENTS_PLUS', type: 'RECORDING', device: { id: 'd-1', type: 'TABLET', operatingSystem: 'iPadOS' }, watchDuration: 1000, totalDuration: 4000,
    })).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('declares the reference scopes', () => {
    expect(referenceOperation('GET', '/videos')).toEqual({ operationId: 'listVideos', scopes: ['event/videos:read'] });
    expect(referenceOperation('GET', '/videos/views')).toEqual({ operationId: 'getVideoViews', scopes: ['event/video-views:read'] });
    expect(referenceOperation('GET', '/videos/{videoId}/renditions')).toEqual({ operationId: 'listVideoRenditions', scopes: ['event/videos:read'] });
    expect(referenceOperation('GET', '/videos/{videoId}/audio-tracks')).toEqual({ operationId: 'listAudioTracks', scopes: ['event/videos:read'] });
    expect(referenceOperation('POST', '/videos/{videoId}/text-tracks')).toEqual({ operationId: 'createTextTrack', scopes: ['event/videos:write'] });
    expect(referenceOperation('GET', '/videos/{videoId}/text-tracks')).toEqual({ operationId: 'listVideoTextTracks', scopes: ['event/videos:read'] });
    expect(referenceOperation('PUT', '/videos/{videoId}/text-tracks/{textTrackId}')).toEqual({ operationId: 'updateTextTrack', scopes: ['event/videos:write'] });
  });

  it('GET /videos 200, 400, 401, 403', async () => {
    const page = expectOk('GET', '/videos', 200, await api('GET', '/ea/videos')) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectOk('GET', '/videos', 200, await api('GET', `/ea/videos?${filter(`id eq '${video}' and status ne 'Error'`)}&deleted=false`));
    expectOk('GET', '/videos', 200, await otherApi('GET', '/ea/videos'));
    expectError('GET', '/videos', 400, await api('GET', `/ea/videos?${filter("title eq 'x'")}`));
    expectError('GET', '/videos', 400, await api('GET', '/ea/videos?limit=0'));
    expectError('GET', '/videos', 401, await anonymous('GET', '/ea/videos'));
    expectError('GET', '/videos', 403, await narrow('GET', '/ea/videos'));
  });

  it('GET /videos/views 200, 400, 401, 403', async () => {
    const page = expectOk('GET', '/videos/views', 200, await api('GET', `/ea/videos/views?${filter(`video.id eq '${video}' and device.type eq 'TABLET'`)}`)) as { data: unknown[] };
    expect(page.data).toHaveLength(1);
    expectOk('GET', '/videos/views', 200, await otherApi('GET', '/ea/videos/views'));
    expectError('GET', '/videos/views', 400, await api('GET', `/ea/videos/views?${filter("type ne 'LIVE'")}`));
    expectError('GET', '/videos/views', 401, await anonymous('GET', '/ea/videos/views'));
    expectError('GET', '/videos/views', 403, await narrow('GET', '/ea/videos/views'));
  });

  it('reports each view as an event.videoPlayed activity in the reference\'s activity shape', async () => {
    const page = expectOk('GET', '/attendees/activities', 200, await api('GET', `/ea/attendees/activities?${filter("type eq 'event.videoPlayed'")}`)) as { data: Array<{ data: { title?: string } }> };
    expect(page.data.map((a) => a.data.title)).toEqual(['Opening']);
  });

  it('GET /videos/{videoId}/renditions 200, 400, 401, 403, 404', async () => {
    const path = '/videos/{videoId}/renditions';
    expect((expectOk('GET', path, 200, await api('GET', `/ea/videos/${video}/renditions`)) as { data: unknown[] }).data).toHaveLength(1);
    expectError('GET', path, 404, await api('GET', '/ea/videos/not-a-uuid/renditions'));
    expectError('GET', path, 401, await anonymous('GET', `/ea/videos/${video}/renditions`));
    expectError('GET', path, 403, await narrow('GET', `/ea/videos/${video}/renditions`));
    expectError('GET', path, 404, await api('GET', `/ea/videos/${MISSING}/renditions`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/videos/${video}/renditions`));
  });

  it('GET /videos/{videoId}/audio-tracks 200, 401, 403, 404', async () => {
    const path = '/videos/{videoId}/audio-tracks';
    expect((expectOk('GET', path, 200, await api('GET', `/ea/videos/${video}/audio-tracks`)) as { data: unknown[] }).data).toHaveLength(1);
    expectError('GET', path, 401, await anonymous('GET', `/ea/videos/${video}/audio-tracks`));
    expectError('GET', path, 403, await narrow('GET', `/ea/videos/${video}/audio-tracks`));
    expectError('GET', path, 404, await api('GET', `/ea/videos/${MISSING}/audio-tracks`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/videos/${video}/audio-tracks`));
  });

  it('POST /videos/{videoId}/text-tracks 201, 400, 401, 403, 404', async () => {
    const path = '/videos/{videoId}/text-tracks';
    const body = { language: 'en-US', kind: 'subtitles', label: 'English' };
    track = (expectOk('POST', path, 201, await api('POST', `/ea/videos/${video}/text-tracks`, body)) as { id: string }).id;
    expectError('POST', path, 400, await api('POST', `/ea/videos/${video}/text-tracks`, { language: 'en-US', kind: 'karaoke' }));
    expectError('POST', path, 400, await api('POST', `/ea/videos/${video}/text-tracks`, { kind: 'subtitles' }));
    expectError('POST', path, 401, await anonymous('POST', `/ea/videos/${video}/text-tracks`, body));
    expectError('POST', path, 403, await narrow('POST', `/ea/videos/${video}/text-tracks`, body));
    expectError('POST', path, 404, await api('POST', `/ea/videos/${MISSING}/text-tracks`, body));
    expectError('POST', path, 404, await otherApi('POST', `/ea/videos/${video}/text-tracks`, body));
  });

  it('GET /videos/{videoId}/text-tracks 200 (before and after its WebVTT file), 401, 403, 404', async () => {
    const path = '/videos/{videoId}/text-tracks';
    expectOk('GET', path, 200, await api('GET', `/ea/videos/${video}/text-tracks`));
    expect((await putVtt(t, token, video, track, VALID_VTT)).statusCode).toBe(200);
    const page = expectOk('GET', path, 200, await api('GET', `/ea/videos/${video}/text-tracks`)) as { data: Array<{ status: string; url?: unknown }> };
    expect(page.data[0]).toMatchObject({ status: 'Available', url: expect.anything() });
    expectError('GET', path, 401, await anonymous('GET', `/ea/videos/${video}/text-tracks`));
    expectError('GET', path, 403, await narrow('GET', `/ea/videos/${video}/text-tracks`));
    expectError('GET', path, 404, await api('GET', `/ea/videos/${MISSING}/text-tracks`));
    expectError('GET', path, 404, await otherApi('GET', `/ea/videos/${video}/text-tracks`));
  });

  it('PUT /videos/{videoId}/text-tracks/{textTrackId} 200, 400, 401, 403, 404; a malformed WebVTT file is a 400 in the same shape', async () => {
    const path = '/videos/{videoId}/text-tracks/{textTrackId}';
    const url = `/ea/videos/${video}/text-tracks/${track}`;
    const body = { id: track, status: 'Available', language: 'en-GB', kind: 'captions', label: 'British', published: true, default: true };
    expectOk('PUT', path, 200, await api('PUT', url, body));
    expectError('PUT', path, 400, await api('PUT', url, { ...body, id: MISSING }));
    expectError('PUT', path, 400, await api('PUT', url, { ...body, language: '' }));
    expectError('PUT', path, 400, await putVtt(t, token, video, track, BROKEN_VTT));
    expectError('PUT', path, 401, await anonymous('PUT', url, body));
    expectError('PUT', path, 403, await narrow('PUT', url, body));
    expectError('PUT', path, 404, await api('PUT', `/ea/videos/${video}/text-tracks/${MISSING}`, body));
    expectError('PUT', path, 404, await otherApi('PUT', url, body));
  });
});
