/**
 * A stateful local fake of Zoom (API v2 and its Server-to-Server OAuth token endpoint), on an
 * ephemeral port, serving the paths the Zoom connector uses. Every request it receives and every
 * answer it gives is checked against Zoom's published description (./zoom-openapi.ts); the
 * mismatches are kept in `violations` for the test to assert empty.
 *
 * Control API (in-process): host edits, joins and leaves, the meeting's end (a participants
 * report with one row per join), the cloud recording, 429s and outages on demand, revoked tokens,
 * and webhooks signed the way Zoom signs them.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkTokenAnswer, checkTokenRequest, checkZoomAnswer, checkZoomRequest } from './zoom-openapi.js';

export interface FakeRegistrant {
  id: string;
  email: string;
  first_name: string;
  last_name?: string;
  custom_questions?: Array<{ title: string; value: string }>;
  join_url: string;
  create_time: string;
  status: 'approved';
}

export interface FakeParticipant {
  id: string;
  name: string;
  user_email: string;
  registrant_id: string;
  join_time: string;
  leave_time: string;
  duration: number;
}

export interface FakeMeeting {
  id: number;
  uuid: string;
  kind: 'meeting' | 'webinar';
  topic: string;
  type: number;
  start_time: string;
  duration: number;
  timezone: string;
  password: string;
  agenda: string;
  created_at: string;
  join_url: string;
  start_url: string;
  status: 'waiting' | 'started';
  settings: Record<string, unknown>;
  questions: Array<{ title: string; type: string; required?: boolean }>;
  registrants: FakeRegistrant[];
  participants: FakeParticipant[];
  open: Map<string, string>;
  endedAt?: string;
  recording?: { files: Array<Record<string, unknown>>; password: string; shareUrl: string };
}

export interface ZoomRequestLog {
  method: string;
  path: string;
  query: string;
  status: number;
}

export interface FakeZoomOptions {
  accountId?: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  hostEmail?: string;
  hostKey?: string;
  /** Seconds a token lives (Zoom: 3600). */
  tokenLifetime?: number;
}

const ISO = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const rid = (): string => randomBytes(16).toString('base64url').slice(0, 22);

class HttpError extends Error {
  constructor(readonly status: number, readonly code: number, message: string) { super(message); }
}

export class FakeZoom {
  readonly accountId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookSecret: string;
  readonly hostKey: string;
  readonly hostEmail: string;
  readonly hostId = 'KDcuGIm1QgePTO8WbOqwIQ';
  url = '';
  /** Requests and answers that do not match Zoom's published description. */
  readonly violations: string[] = [];
  readonly requests: ZoomRequestLog[] = [];
  tokensIssued = 0;
  /** Largest page the fake answers, whatever page_size asks (Zoom: 300); lower it to make the connector page. */
  maxPageSize = 300;
  private readonly meetings = new Map<number, FakeMeeting>();
  private readonly tokens = new Map<string, number>();
  private nextId = 81234500000;
  private server: Server | undefined;
  private rateLimited: Array<{ retryAfter?: string; headersOnly?: boolean }> = [];
  private outage = 0;
  private failing: Array<{ when: (method: string, path: string, query: URLSearchParams) => boolean; times: number }> = [];
  private credentialsRevoked = false;
  private readonly subscribers: Array<{ url: string; secret: string }> = [];
  private readonly tokenLifetime: number;
  /** Adds share_url and password to recordings, as Zoom's current API does (the published description has neither). */
  recordingShareUrl = false;

  constructor(opts: FakeZoomOptions = {}) {
    this.accountId = opts.accountId ?? 'fake-account-7Xp';
    this.clientId = opts.clientId ?? 'fakeClientId123';
    this.clientSecret = opts.clientSecret ?? 'fakeClientSecret456';
    this.webhookSecret = opts.webhookSecret ?? 'fake-webhook-secret-token';
    this.hostEmail = opts.hostEmail ?? 'host@zoom.example.test';
    this.hostKey = opts.hostKey ?? '482913';
    this.tokenLifetime = opts.tokenLifetime ?? 3600;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      // A client killed mid-request (a SIGKILLed worker) aborts its body: drop that answer, not the test process.
      this.handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }

  get apiUrl(): string { return `${this.url}/v2`; }

  // ---- control ----------------------------------------------------------------------------------------------

  meeting(id: string | number): FakeMeeting {
    const m = this.meetings.get(Number(id));
    if (!m) throw new Error(`the fake has no meeting ${id}`);
    return m;
  }

  allMeetings(): FakeMeeting[] { return [...this.meetings.values()]; }

  /** The next n API calls answer 429 (Retry-After seconds, or only X-RateLimit-* headers). */
  rateLimit(n: number, opts: { retryAfter?: string; headersOnly?: boolean } = {}): void {
    for (let i = 0; i < n; i++) this.rateLimited.push(opts);
  }

  /** The next `times` API calls that `when` picks answer 503 (an outage in the middle of a pass). */
  failWhen(when: (method: string, path: string, query: URLSearchParams) => boolean, times = 1): void {
    this.failing.push({ when, times });
  }

  /** No more 429s. */
  clearRateLimit(): void { this.rateLimited = []; }

  /** The next n API calls answer 503. */
  fail(n: number): void { this.outage = n; }

  /** Every token issued so far stops working (Zoom: a token revoked, or expired early). */
  revokeTokens(): void { this.tokens.clear(); }

  /** The app's credentials stop working (its secret regenerated, or the app deactivated). */
  revokeCredentials(revoked = true): void { this.credentialsRevoked = revoked; }

  subscribe(url: string, secret = this.webhookSecret): void { this.subscribers.push({ url, secret }); }

  /** A host edit in Zoom's web portal; sends a signed meeting.updated to the subscribers. */
  async hostEdit(id: string | number, patch: Partial<Pick<FakeMeeting, 'topic' | 'start_time' | 'duration' | 'password'>>): Promise<void> {
    const m = this.meeting(id);
    const old = { id: m.id, ...Object.fromEntries(Object.keys(patch).map((k) => [k, m[k as keyof FakeMeeting]])) };
    Object.assign(m, patch);
    const now = Date.now();
    await this.emit(`${m.kind}.updated`, { account_id: this.accountId, operator: this.hostEmail, operator_id: this.hostId, object: { id: m.id, ...patch }, old_object: old, time_stamp: now });
  }

  /** Deleted on Zoom's side. */
  deleteOnZoom(id: string | number): void { this.meetings.delete(Number(id)); }

  join(id: string | number, registrantId: string, at: string): void {
    const m = this.meeting(id);
    if (!m.registrants.some((r) => r.id === registrantId)) throw new Error(`no registrant ${registrantId}`);
    m.status = 'started';
    m.open.set(registrantId, at);
  }

  leave(id: string | number, registrantId: string, at: string): void {
    const m = this.meeting(id);
    const joined = m.open.get(registrantId);
    if (!joined) throw new Error(`registrant ${registrantId} is not in the meeting`);
    m.open.delete(registrantId);
    this.row(m, registrantId, joined, at);
  }

  /** The host ends the meeting: everyone still in leaves; the participants report and the meeting report appear. */
  async end(id: string | number, at: string): Promise<void> {
    const m = this.meeting(id);
    for (const [r, joined] of m.open) this.row(m, r, joined, at);
    m.open.clear();
    m.status = 'waiting';
    m.endedAt = at;
    await this.emit(`${m.kind}.ended`, { account_id: this.accountId, object: { id: m.id, uuid: m.uuid, topic: m.topic, start_time: m.start_time, end_time: at } });
  }

  /** The cloud recording is processed; sends recording.completed. */
  async completeRecording(id: string | number): Promise<{ playUrl: string; password: string; shareUrl: string }> {
    const m = this.meeting(id);
    const playUrl = `https://fake.zoom.test/rec/play/${rid()}`;
    const password = randomBytes(4).toString('hex');
    const shareUrl = `https://fake.zoom.test/rec/share/${rid()}`;
    const start = m.start_time;
    const end = m.endedAt ?? start;
    m.recording = {
      password, shareUrl,
      files: [
        { id: randomUUID(), meeting_id: m.uuid, recording_start: start, recording_end: end, file_type: 'M4A', file_size: 1_200_000, play_url: `https://fake.zoom.test/rec/play/${rid()}`, download_url: `https://fake.zoom.test/rec/download/${rid()}`, status: 'completed', recording_type: 'audio_only' },
        { id: randomUUID(), meeting_id: m.uuid, recording_start: start, recording_end: end, file_type: 'MP4', file_size: 48_000_000, play_url: playUrl, download_url: `https://fake.zoom.test/rec/download/${rid()}`, status: 'completed', recording_type: 'shared_screen_with_speaker_view' },
      ],
    };
    await this.emit('recording.completed', { account_id: this.accountId, object: { id: m.id, uuid: m.uuid, topic: m.topic } });
    return { playUrl, password, shareUrl };
  }

  /** Headers and body of a webhook signed as Zoom signs it (timestamp in seconds); `secret`/`timestamp` to forge or age one. */
  signed(event: string, payload: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}): { headers: Record<string, string>; body: string } {
    const tsMs = opts.timestamp ?? Date.now();
    const ts = String(Math.floor(tsMs / 1000));
    const body = JSON.stringify({ event, event_ts: tsMs, payload });
    const sig = `v0=${createHmac('sha256', opts.secret ?? this.webhookSecret).update(`v0:${ts}:${body}`).digest('hex')}`;
    return { headers: { 'content-type': 'application/json', 'x-zm-request-timestamp': ts, 'x-zm-signature': sig }, body };
  }

  /** Zoom's endpoint check, as it sends it when a webhook URL is saved. */
  urlValidation(plainToken = rid()): { headers: Record<string, string>; body: string; plainToken: string } {
    return { ...this.signed('endpoint.url_validation', { plainToken }), plainToken };
  }

  private async emit(event: string, payload: Record<string, unknown>): Promise<void> {
    await Promise.all(this.subscribers.map(async (s) => {
      const { headers, body } = this.signed(event, payload, { secret: s.secret });
      try {
        await fetch(s.url, { method: 'POST', headers, body });
      } catch {
        // Like Zoom: a subscriber that is down misses the event.
      }
    }));
  }

  private row(m: FakeMeeting, registrantId: string, joined: string, left: string): void {
    const r = m.registrants.find((x) => x.id === registrantId);
    const earlier = m.participants.find((p) => p.registrant_id === registrantId);
    m.participants.push({
      // One id per person: a re-join is a second row of the same participant.
      id: earlier?.id ?? randomUUID(), name: `${r?.first_name ?? ''} ${r?.last_name ?? ''}`.trim(), user_email: r?.email ?? '',
      registrant_id: registrantId, join_time: ISO(Date.parse(joined)), leave_time: ISO(Date.parse(left)), duration: Math.round((Date.parse(left) - Date.parse(joined)) / 1000),
    });
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------

  /** Awaited before each request is handled: a test slows the platform down (e.g. so a worker is killed mid-sync). */
  beforeRequest: ((method: string, path: string) => Promise<void>) | undefined;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    await this.beforeRequest?.(method, url.pathname);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ method, path: url.pathname, query: url.search, status });
      res.writeHead(status, { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers });
      res.end(body !== undefined ? JSON.stringify(body) : undefined);
    };
    if (url.pathname === '/oauth/token') {
      this.violations.push(...checkTokenRequest(method, url.searchParams, req.headers.authorization, raw));
      const [out, status] = this.token(url.searchParams, req.headers.authorization);
      this.violations.push(...checkTokenAnswer(status, out));
      answer(status, out);
      return;
    }
    if (!url.pathname.startsWith('/v2/')) {
      answer(404, { code: 404, message: 'Not found' });
      return;
    }
    const path = url.pathname.slice(3);
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        this.violations.push(`${method} ${path}: the body is not JSON`);
      }
    }
    const asked = checkZoomRequest(method, path, url.searchParams, body);
    this.violations.push(...asked);
    const send = (status: number, out?: unknown, headers: Record<string, string> = {}) => {
      this.violations.push(...checkZoomAnswer(method, path, status, out));
      answer(status, out, headers);
    };
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const until = bearer ? this.tokens.get(bearer) : undefined;
    if (until === undefined || until < Date.now()) {
      send(401, { code: 124, message: 'Invalid access token.' });
      return;
    }
    const limited = this.rateLimited.shift();
    if (limited) {
      const headers: Record<string, string> = { 'x-ratelimit-category': 'Light', 'x-ratelimit-type': 'QPS', 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0' };
      if (!limited.headersOnly) headers['retry-after'] = limited.retryAfter ?? '0';
      send(429, { code: 429, message: "You have reached the maximum per-second rate limit for this API. Try again later." }, headers);
      return;
    }
    const picked = this.failing.find((f) => f.times > 0 && f.when(method, path, url.searchParams));
    if (picked) picked.times--;
    if (this.outage > 0 || picked) {
      if (!picked) this.outage--;
      // 5xx are not per-operation in Zoom's description either: answered without a check.
      answer(503, { code: 503, message: 'Service unavailable' });
      return;
    }
    if (asked.length > 0) {
      // Zoom's validation failure (its general 400, not listed per operation): the request is already a violation.
      answer(400, { code: 300, message: 'Validation Failed.' });
      return;
    }
    try {
      const [status, out] = this.route(method, path, url.searchParams, body);
      send(status, out);
    } catch (err) {
      if (err instanceof HttpError) send(err.status, { code: err.code, message: err.message });
      else throw err;
    }
  }

  private token(q: URLSearchParams, authorization: string | undefined): [unknown, number] {
    const basic = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64').toString('utf8').split(':');
    if (this.credentialsRevoked || id !== this.clientId || secret !== this.clientSecret) return [{ reason: 'Invalid client_id or client_secret', error: 'invalid_client' }, 400];
    if (q.get('account_id') !== this.accountId) return [{ reason: 'Invalid account_id', error: 'invalid_request' }, 400];
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, Date.now() + this.tokenLifetime * 1000);
    this.tokensIssued++;
    return [{ access_token: token, token_type: 'bearer', expires_in: this.tokenLifetime - 1, scope: 'meeting:read:admin meeting:write:admin webinar:read:admin webinar:write:admin report:read:admin recording:read:admin user:read:admin', api_url: this.url }, 200];
  }

  private page<T>(items: T[], q: URLSearchParams): { slice: T[]; next: string; size: number } {
    const size = Math.min(Number(q.get('page_size') ?? 30), this.maxPageSize);
    const from = q.get('next_page_token') ? Number(Buffer.from(q.get('next_page_token') ?? '', 'base64url').toString()) : 0;
    const slice = items.slice(from, from + size);
    const next = from + size < items.length ? Buffer.from(String(from + size)).toString('base64url') : '';
    return { slice, next, size };
  }

  private user(id: string): void {
    if (id !== 'me' && id !== this.hostEmail && id !== this.hostId) throw new HttpError(404, 1001, `User does not exist: ${id}.`);
  }

  private find(kind: 'meeting' | 'webinar', id: string): FakeMeeting {
    const m = this.meetings.get(Number(id));
    if (!m || m.kind !== kind) throw new HttpError(404, 3001, `${kind === 'webinar' ? 'Webinar' : 'Meeting'} does not exist: ${id}.`);
    return m;
  }

  private view(m: FakeMeeting): Record<string, unknown> {
    return {
      uuid: m.uuid, id: m.id, host_id: this.hostId, host_email: this.hostEmail, topic: m.topic, type: m.type, ...(m.kind === 'meeting' ? { status: m.status } : {}),
      start_time: m.start_time, duration: m.duration, timezone: m.timezone, agenda: m.agenda, created_at: m.created_at,
      start_url: m.start_url, join_url: m.join_url, password: m.password, settings: m.settings,
    };
  }

  private route(method: string, path: string, q: URLSearchParams, body: unknown): [number, unknown] {
    const b = (body ?? {}) as Record<string, unknown>;
    const seg = path.split('/').filter(Boolean).map((x) => decodeURIComponent(x));
    const kindOf = (s: string | undefined): 'meeting' | 'webinar' => (s === 'webinars' ? 'webinar' : 'meeting');
    // /users/{userId}
    if (seg[0] === 'users' && seg.length === 2 && method === 'GET') {
      this.user(seg[1] ?? '');
      return [200, { id: this.hostId, email: this.hostEmail, first_name: 'Host', last_name: 'User', type: 2, status: 'active', timezone: 'UTC', host_key: this.hostKey, account_id: this.accountId }];
    }
    // /users/{userId}/meetings|webinars
    if (seg[0] === 'users' && seg.length === 3 && (seg[2] === 'meetings' || seg[2] === 'webinars')) {
      this.user(seg[1] ?? '');
      const kind = kindOf(seg[2]);
      if (method === 'POST') {
        const id = this.nextId++;
        const now = Date.now();
        const m: FakeMeeting = {
          id, uuid: `${rid()}==`, kind, topic: String(b['topic'] ?? 'Zoom meeting'), type: Number(b['type'] ?? (kind === 'webinar' ? 5 : 2)),
          start_time: ISO(Date.parse(String(b['start_time'] ?? new Date(now).toISOString()))), duration: Number(b['duration'] ?? 60), timezone: String(b['timezone'] ?? 'UTC'),
          password: String(b['password'] ?? randomBytes(3).toString('hex')), agenda: String(b['agenda'] ?? ''), created_at: ISO(now),
          join_url: `https://fake.zoom.test/${kind === 'webinar' ? 'w' : 'j'}/${id}?pwd=${rid()}`, start_url: `https://fake.zoom.test/s/${id}?zak=${rid()}`,
          status: 'waiting', settings: { ...(b['settings'] as Record<string, unknown> | undefined) }, questions: [], registrants: [], participants: [], open: new Map(),
        };
        this.meetings.set(id, m);
        const { status: _s, ...created } = this.view(m);
        return [201, created];
      }
      const mine = [...this.meetings.values()].filter((m) => m.kind === kind);
      if (kind === 'meeting') {
        const { slice, next, size } = this.page(mine, q);
        const list = slice.map((m) => ({ uuid: m.uuid, id: m.id, host_id: this.hostId, topic: m.topic, type: m.type, start_time: m.start_time, duration: m.duration, timezone: m.timezone, agenda: m.agenda, created_at: m.created_at, join_url: m.join_url }));
        return [200, { page_size: size, total_records: mine.length, next_page_token: next, meetings: list }];
      }
      const size = Math.min(Number(q.get('page_size') ?? 30), this.maxPageSize);
      const n = Number(q.get('page_number') ?? 1);
      const slice = mine.slice((n - 1) * size, n * size);
      const list = slice.map((m) => ({ uuid: m.uuid, id: m.id, host_id: this.hostId, topic: m.topic, type: String(m.type), start_time: m.start_time, duration: m.duration, timezone: m.timezone, agenda: m.agenda, created_at: m.created_at, join_url: m.join_url }));
      return [200, { page_count: Math.max(1, Math.ceil(mine.length / size)), page_number: n, page_size: size, total_records: mine.length, webinars: list }];
    }
    // /meetings/{id}, /webinars/{id}
    if ((seg[0] === 'meetings' || seg[0] === 'webinars') && seg.length === 2) {
      const m = this.find(kindOf(seg[0]), seg[1] ?? '');
      if (method === 'GET') return [200, this.view(m)];
      if (method === 'PATCH') {
        for (const k of ['topic', 'agenda', 'timezone', 'password'] as const) if (typeof b[k] === 'string') m[k] = b[k];
        if (typeof b['start_time'] === 'string') m.start_time = ISO(Date.parse(b['start_time']));
        if (typeof b['duration'] === 'number') m.duration = b['duration'];
        return [204, undefined];
      }
      if (method === 'DELETE') {
        this.meetings.delete(m.id);
        return [204, undefined];
      }
    }
    // /meetings/{id}/registrants/questions
    if ((seg[0] === 'meetings' || seg[0] === 'webinars') && seg[2] === 'registrants' && seg[3] === 'questions' && method === 'PATCH') {
      const m = this.find(kindOf(seg[0]), seg[1] ?? '');
      m.questions = (b['custom_questions'] as FakeMeeting['questions'] | undefined) ?? [];
      return [204, undefined];
    }
    // /meetings/{id}/registrants
    if ((seg[0] === 'meetings' || seg[0] === 'webinars') && seg[2] === 'registrants' && seg.length === 3) {
      const m = this.find(kindOf(seg[0]), seg[1] ?? '');
      if (method === 'POST') {
        const r = this.register(m, b);
        return [201, { id: m.kind === 'webinar' ? String(m.id) : m.id, registrant_id: r.id, topic: m.topic, start_time: m.start_time, join_url: r.join_url }];
      }
      const { slice, next, size } = this.page(m.registrants, q);
      return [200, { page_size: size, total_records: m.registrants.length, next_page_token: next, registrants: slice }];
    }
    // /webinars/{id}/batch_registrants
    if (seg[0] === 'webinars' && seg[2] === 'batch_registrants' && method === 'POST') {
      const m = this.find('webinar', seg[1] ?? '');
      const list = (b['registrants'] as Array<Record<string, unknown>> | undefined) ?? [];
      if (list.length > 30) throw new HttpError(400, 300, 'At most 30 registrants at once.');
      return [200, { registrants: list.map((x) => { const r = this.register(m, x); return { email: r.email, registrant_id: r.id, join_url: r.join_url }; }) }];
    }
    // /report/meetings/{id}, /report/meetings/{id}/participants
    if (seg[0] === 'report' && (seg[1] === 'meetings' || seg[1] === 'webinars')) {
      const m = this.meetings.get(Number(seg[2]));
      if (!m || !m.endedAt) throw new HttpError(404, 3001, `Meeting ${seg[2]} not found or has expired.`);
      if (seg.length === 3) {
        return [200, {
          uuid: randomUUID(), id: m.id, type: m.type, topic: m.topic, user_name: 'Host User', user_email: this.hostEmail, start_time: m.start_time, end_time: m.endedAt,
          duration: m.duration, total_minutes: m.participants.reduce((s, p) => s + Math.round(p.duration / 60), 0), participants_count: m.participants.length,
        }];
      }
      const { slice, next, size } = this.page(m.participants, q);
      const withRegistrant = q.get('include_fields') === 'registrant_id';
      const rows = slice.map(({ registrant_id: r, ...p }, i) => ({ ...p, failover: false, user_id: String(16778240 + i), ...(withRegistrant ? { registrant_id: r } : {}) }));
      return [200, { page_count: Math.ceil(m.participants.length / size), page_size: size, total_records: m.participants.length, next_page_token: next, participants: rows }];
    }
    // /meetings/{id}/recordings, /meetings/{id}/recordings/settings
    if (seg[0] === 'meetings' && seg[2] === 'recordings') {
      const m = this.meetings.get(Number(seg[1]));
      if (!m || !m.recording) throw new HttpError(404, 3301, 'There is no recording for this meeting.');
      if (seg.length === 4 && seg[3] === 'settings') {
        return [200, { share_recording: 'publicly', recording_authentication: false, topic: m.topic, password: m.recording.password, on_demand: false, viewer_download: true, send_email_to_host: false, show_social_share_buttons: false, approval_type: 2 }];
      }
      return [200, {
        uuid: m.uuid, id: String(m.id), account_id: this.accountId, host_id: this.hostId, topic: m.topic, type: String(m.type), start_time: m.start_time, duration: m.duration,
        total_size: String(49_200_000), recording_count: String(m.recording.files.length), recording_files: m.recording.files,
        ...(this.recordingShareUrl ? { share_url: m.recording.shareUrl, password: m.recording.password } : {}),
      }];
    }
    throw new HttpError(404, 404, `the fake does not serve ${method} ${path}`);
  }

  /** Zoom answers the same registrant and join_url when the same email registers again. */
  private register(m: FakeMeeting, b: Record<string, unknown>): FakeRegistrant {
    const email = String(b['email'] ?? '');
    const existing = m.registrants.find((r) => r.email.toLowerCase() === email.toLowerCase());
    if (existing) return existing;
    const id = rid();
    const r: FakeRegistrant = {
      id, email, first_name: String(b['first_name'] ?? ''), ...(typeof b['last_name'] === 'string' ? { last_name: b['last_name'] } : {}),
      ...(Array.isArray(b['custom_questions']) ? { custom_questions: b['custom_questions'] as FakeRegistrant['custom_questions'] } : {}),
      join_url: `https://fake.zoom.test/${m.kind === 'webinar' ? 'w' : 'j'}/${m.id}?tk=${rid()}`, create_time: ISO(Date.now()), status: 'approved',
    };
    m.registrants.push(r);
    return r;
  }
}
