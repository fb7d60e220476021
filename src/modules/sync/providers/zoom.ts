import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ProviderHttpError } from '../provider.js';
import type {
  ChangeNotification, ChangeType, MeetingFields, MeetingKind, MeetingSpec, ParticipantJoin, ProviderMeeting, Recording, Registrant, Registration, WebcastProvider,
} from '../provider.js';
import { checkedBody, retryAfterMs, send, unavailable, type BodyCheck, type ConnectorHttpOptions } from './http.js';

/**
 * The Zoom connector: Zoom API v2 as published (../shared/reference/platforms/zoom-api.json),
 * authenticated as a Server-to-Server OAuth app. Meetings (type 2) and webinars (type 5) of one
 * host user. See docs/sync.md ("Zoom") for the app to create on Zoom's side.
 */
export interface ZoomProviderOptions extends ConnectorHttpOptions {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** The app's webhook secret token (Zoom: Feature > Event subscriptions > Secret token). */
  webhookSecret?: string;
  /** The user who hosts the meetings: an email or Zoom user id (default `me`, the app's own user). */
  hostUser?: string;
  /** Default https://api.zoom.us/v2. */
  apiUrl?: string;
  /** Default https://zoom.us (the token is asked at {oauthUrl}/oauth/token). */
  oauthUrl?: string;
  /** The account's connection these settings come from (its name): failures then name it instead of the ZOOM_* variables. */
  connectionName?: string;
}

const Id = Type.Union([Type.Number(), Type.String()]);
// What we read of Zoom's answers: checked before use, so a surprise fails the pass loudly.
const TokenBody = Compile(Type.Object({ access_token: Type.String(), expires_in: Type.Number() }));
const ZoomMeetingSchema = Type.Object({
  id: Id, topic: Type.String(), type: Type.Number(), start_time: Type.Optional(Type.String()), duration: Type.Optional(Type.Number()),
  password: Type.Optional(Type.String()), agenda: Type.Optional(Type.String()), join_url: Type.String(), start_url: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()), created_at: Type.Optional(Type.String()),
});
type ZoomMeeting = Static<typeof ZoomMeetingSchema>;
const Meeting = Compile(ZoomMeetingSchema);
const Listed = Type.Object({ id: Id, agenda: Type.Optional(Type.String()) });
const MeetingPage = Compile(Type.Object({ meetings: Type.Array(Listed), next_page_token: Type.Optional(Type.String()) }));
const WebinarPage = Compile(Type.Object({ webinars: Type.Array(Listed), page_count: Type.Optional(Type.Number()), page_number: Type.Optional(Type.Number()) }));
const User = Compile(Type.Object({ host_key: Type.Optional(Type.String()) }));
const NewRegistrant = Compile(Type.Object({ registrant_id: Type.String(), join_url: Type.String() }));
const BatchRegistrants = Compile(Type.Object({ registrants: Type.Array(Type.Object({ email: Type.String(), registrant_id: Type.String(), join_url: Type.String() })) }));
const RegistrantPage = Compile(Type.Object({
  registrants: Type.Array(Type.Object({
    id: Type.String(), email: Type.String(), join_url: Type.String(),
    custom_questions: Type.Optional(Type.Array(Type.Object({ title: Type.String(), value: Type.String() }))),
  })),
  next_page_token: Type.Optional(Type.String()),
}));
const Report = Compile(Type.Object({ end_time: Type.Optional(Type.String()) }));
const ParticipantPage = Compile(Type.Object({
  participants: Type.Array(Type.Object({ registrant_id: Type.Optional(Type.String()), join_time: Type.String(), leave_time: Type.String(), duration: Type.Number() })),
  next_page_token: Type.Optional(Type.String()),
}));
const RecordingBody = Compile(Type.Object({
  // share_url and password are in Zoom's current API but not in the published description: read when present.
  share_url: Type.Optional(Type.String()), password: Type.Optional(Type.String()),
  recording_files: Type.Optional(Type.Array(Type.Object({ play_url: Type.Optional(Type.String()), status: Type.Optional(Type.String()), file_type: Type.Optional(Type.String()) }))),
}));
const RecordingSettings = Compile(Type.Object({ password: Type.Optional(Type.String()) }));
const ZoomError = Compile(Type.Object({ code: Type.Optional(Type.Number()), message: Type.Optional(Type.String()) }));
const TokenError = Compile(Type.Object({ reason: Type.Optional(Type.String()), error: Type.Optional(Type.String()) }));
const Notification = Compile(Type.Object({
  event: Type.String(), event_ts: Type.Optional(Type.Number()),
  payload: Type.Object({ object: Type.Optional(Type.Object({ id: Id })), time_stamp: Type.Optional(Type.Number()), plainToken: Type.Optional(Type.String()) }),
}));
const Anything = Compile(Type.Unknown());

/** The line in the meeting's agenda that names the eventline session (Zoom's meeting list answers the agenda, not tracking fields). */
export const ZOOM_SESSION_MARKER = 'eventline session ';
/** The registration question that carries eventline's attendee id. */
export const ZOOM_ATTENDEE_QUESTION = 'eventline_attendee_id';
const PAGE_SIZE = 300;
/** Webinars' batch_registrants takes at most 30 at once. */
const BATCH_MAX = 30;
const SIGNATURE_WINDOW_MS = 5 * 60_000;

const CHANGE: Record<string, ChangeType> = {
  'meeting.updated': 'meeting.updated', 'meeting.started': 'meeting.started', 'meeting.ended': 'meeting.ended', 'meeting.deleted': 'meeting.deleted',
  'meeting.participant_joined': 'participant.joined', 'meeting.participant_left': 'participant.left',
  'webinar.updated': 'meeting.updated', 'webinar.started': 'meeting.started', 'webinar.ended': 'meeting.ended', 'webinar.deleted': 'meeting.deleted',
  'webinar.participant_joined': 'participant.joined', 'webinar.participant_left': 'participant.left',
  'recording.completed': 'recording.completed',
};

/** Zoom wants `yyyy-MM-ddTHH:mm:ssZ`. */
const zoomTime = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const minutesBetween = (start: string, end: string): number => Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));
const header = (h: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined => {
  const v = h[name];
  return typeof v === 'string' ? v : undefined;
};
/** Zoom's messages may quote what was sent: emails never reach the sync state or the log. */
const redact = (s: string): string => s.replace(/[^\s"'<>()]+@[^\s"'<>()]+/g, '***').slice(0, 300);

export function zoomSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export class ZoomProvider implements WebcastProvider {
  readonly name = 'zoom';
  readonly webcastProvider = 'Zoom';
  private readonly api: string;
  private readonly oauth: string;
  private readonly host: string;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private token: { value: string; until: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  private hostKey: string | undefined;
  /** Meeting or webinar, per id (Zoom keeps them under different paths). */
  private readonly kinds = new Map<string, MeetingKind>();
  /** When a signed `meeting.updated` said the meeting changed (Zoom's meeting object has no modification time). */
  private readonly changedAt = new Map<string, number>();

  constructor(private readonly opts: ZoomProviderOptions) {
    this.api = (opts.apiUrl ?? 'https://api.zoom.us/v2').replace(/\/+$/, '');
    this.oauth = (opts.oauthUrl ?? 'https://zoom.us').replace(/\/+$/, '');
    this.host = opts.hostUser ?? 'me';
    this.fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
  }

  // ---- OAuth --------------------------------------------------------------------------------------------------

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => { this.tokenRequest = undefined; });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const q = new URLSearchParams({ grant_type: 'account_credentials', account_id: this.opts.accountId });
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64');
    const res = await this.send(`${this.oauth}/oauth/token?${q}`, { method: 'POST', headers: { authorization: `Basic ${basic}`, accept: 'application/json' } });
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const why = TokenError.Check(body) ? (body.reason ?? body.error ?? '') : '';
      if (res.status >= 500) throw this.unavailable(res.status);
      throw new ProviderHttpError(res.status, `Zoom refused the app's credentials (${res.status}${why ? `: ${redact(why)}` : ''}). `
        + `The app's client secret was regenerated, or the app was deactivated or deleted: check ${this.credentialNames()} `
        + 'against the Server-to-Server OAuth app\'s "App credentials" page on Zoom, and that the app is activated.');
    }
    if (!TokenBody.Check(body)) throw new ProviderHttpError(502, 'Zoom answered the token request with a body of an unexpected shape');
    // Kept until a minute before Zoom says it expires (an hour): one token request per hour, not per call.
    this.token = { value: body.access_token, until: this.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  private credentialNames(): string {
    return this.opts.connectionName !== undefined
      ? `the account ID, client ID and client secret of the connection "${this.opts.connectionName}"`
      : 'ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET';
  }

  /** "Test connection": a token, then the host user (the call every meeting creation starts with). */
  async checkConnection(): Promise<string> {
    await this.call('GET', `/users/${encodeURIComponent(this.host)}`, User);
    return `Zoom accepted the app's credentials and knows the host user "${this.host}".`;
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------------

  private unavailable(status: number, cause?: string): ProviderHttpError {
    return unavailable('Zoom', status, cause);
  }

  private send(url: string, init: RequestInit): Promise<Response> {
    return send(this.fetchFn, 'Zoom', url, init);
  }

  /** How long to wait before retrying a 429: Retry-After (seconds or a date), else the X-RateLimit reset, else back-off. */
  private retryWait(res: Response, attempt: number): number {
    const backoff = Math.min(250 * 2 ** attempt, 8_000);
    const after = retryAfterMs(res, this.now());
    if (after !== undefined) return after;
    const reset = res.headers.get('x-ratelimit-reset');
    if (reset && Number.isFinite(Number(reset))) {
      const n = Number(reset);
      return Math.max(0, (n > 1e12 ? n : n * 1000) - this.now());
    }
    return backoff;
  }

  private async call<T>(method: string, path: string, answer: BodyCheck<T>, opts: { query?: Record<string, string | number>; body?: unknown; allow404?: boolean } = {}): Promise<T | undefined> {
    const q = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    const maxRetries = this.opts.maxRetries ?? 4;
    const maxWait = this.opts.maxRetryWaitMs ?? 60_000;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(`${this.api}${path}${q}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      });
      if (res.status === 401 && !refreshed) {
        // Expired or revoked early: one new token, one more try.
        await res.body?.cancel();
        this.token = undefined;
        refreshed = true;
        attempt--;
        continue;
      }
      if (res.status === 429) {
        await res.body?.cancel();
        const wait = this.retryWait(res, attempt);
        if (attempt >= maxRetries || wait > maxWait) {
          throw new ProviderHttpError(429, `Zoom's rate limit for this app was reached (${method} ${path}${wait > maxWait ? ', until its daily limit resets' : `, ${attempt + 1} tries`}): `
            + 'nothing was lost, the sync tries again on its next pass. Many sessions at once: raise SYNC_INTERVAL_SECONDS.');
        }
        await this.sleep(wait);
        continue;
      }
      if (res.status === 404 && opts.allow404) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok) throw await this.explain(res, method, path);
      return checkedBody(res, answer, 'Zoom', `${method} ${path}`);
    }
  }

  /** The failure in a planner's words: what happened and what to do. */
  private async explain(res: Response, method: string, path: string): Promise<ProviderHttpError> {
    const body: unknown = await res.json().catch(() => undefined);
    const code = ZoomError.Check(body) ? body.code : undefined;
    const said = ZoomError.Check(body) && body.message ? ` (Zoom said: ${redact(body.message)})` : '';
    const s = res.status;
    if (s >= 500) return this.unavailable(s);
    if (s === 401) {
      return new ProviderHttpError(s, `Zoom refused the app's access token twice${said}: the Server-to-Server OAuth app was deactivated or its credentials revoked. `
        + `Activate the app again on Zoom's App Marketplace, or set its new ${this.opts.connectionName !== undefined ? `client id and secret on the connection "${this.opts.connectionName}"` : 'ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET'}.`);
    }
    if (code === 4700 || code === 4711 || s === 403) {
      return new ProviderHttpError(s, `The Zoom app may not do ${method} ${path}${said}: add the scopes listed in docs/sync.md ("Zoom") to the app and activate it again.`);
    }
    if (code === 1001) {
      return new ProviderHttpError(s, `Zoom has no user "${this.host}" in this account${said}: set ${this.opts.connectionName !== undefined ? `the host user of the connection "${this.opts.connectionName}"` : 'ZOOM_HOST_USER'} to the email or id of a licensed Zoom user who hosts the meetings.`);
    }
    if (s === 404 || code === 3001) {
      return new ProviderHttpError(s, `The meeting is gone from Zoom (deleted there, or expired)${said}. The next pass marks the webcast cancelled; `
        + 'to hold the session on Zoom again, delete its webcast in eventline and the next pass creates a new meeting.');
    }
    return new ProviderHttpError(s, `Zoom refused ${method} ${path} (${s}${code !== undefined ? `, code ${code}` : ''})${said}.`);
  }

  // ---- meetings -------------------------------------------------------------------------------------------------

  private base(kind: MeetingKind): string {
    return kind === 'webinar' ? 'webinars' : 'meetings';
  }

  private async userHostKey(): Promise<string> {
    if (this.hostKey === undefined) {
      const u = await this.call('GET', `/users/${encodeURIComponent(this.host)}`, User);
      this.hostKey = u?.host_key ?? '';
    }
    return this.hostKey;
  }

  private toMeeting(m: ZoomMeeting, kind: MeetingKind, hostKey: string, ended: boolean): ProviderMeeting {
    const id = String(m.id);
    const start = m.start_time ? new Date(m.start_time).toISOString() : new Date(this.now()).toISOString();
    const created = m.created_at ? Date.parse(m.created_at) : 0;
    const updated = Math.max(created, this.changedAt.get(id) ?? 0);
    const marker = (m.agenda ?? '').split('\n').find((l) => l.startsWith(ZOOM_SESSION_MARKER));
    return {
      id, kind, status: ended ? 'ended' : m.status === 'started' ? 'started' : 'scheduled',
      title: m.topic, start, end: new Date(Date.parse(start) + (m.duration ?? 60) * 60_000).toISOString(),
      password: m.password ?? '', hostKey, externalId: marker?.slice(ZOOM_SESSION_MARKER.length).trim() || undefined,
      joinUrl: m.join_url, hostUrl: m.start_url ?? '', updatedAt: new Date(updated).toISOString(),
    };
  }

  async createMeeting(spec: MeetingSpec): Promise<ProviderMeeting> {
    const hostKey = await this.userHostKey();
    const path = `/users/${encodeURIComponent(this.host)}/${this.base(spec.kind)}`;
    const m = await this.call('POST', path, Meeting, {
      body: {
        topic: spec.title, type: spec.kind === 'webinar' ? 5 : 2, start_time: zoomTime(spec.start), duration: minutesBetween(spec.start, spec.end),
        timezone: 'UTC', password: spec.password.slice(0, 10), agenda: `${ZOOM_SESSION_MARKER}${spec.externalId}`,
        // Registration on, approved at once; Zoom sends no mails of its own: eventline sends the personal links.
        settings: { approval_type: 0, registration_type: 1, registrants_email_notification: false },
      },
    });
    if (!m) throw new ProviderHttpError(502, 'Zoom answered the creation with no meeting');
    const id = String(m.id);
    this.kinds.set(id, spec.kind);
    await this.call('PATCH', `/${this.base(spec.kind)}/${encodeURIComponent(id)}/registrants/questions`, Anything, {
      body: { custom_questions: [{ title: ZOOM_ATTENDEE_QUESTION, type: 'short', required: false }] },
    });
    return this.toMeeting(m, spec.kind, hostKey, false);
  }

  /** The kind of a meeting id, asking Zoom when this process has not seen it; undefined when Zoom knows neither. */
  private async fetchMeeting(id: string): Promise<{ m: ZoomMeeting; kind: MeetingKind } | undefined> {
    const known = this.kinds.get(id);
    for (const kind of known ? [known] : (['meeting', 'webinar'] as const)) {
      const m = await this.call('GET', `/${this.base(kind)}/${encodeURIComponent(id)}`, Meeting, { allow404: true });
      if (m) {
        this.kinds.set(id, kind);
        return { m, kind };
      }
    }
    return undefined;
  }

  private async kindOf(id: string): Promise<MeetingKind> {
    return this.kinds.get(id) ?? (await this.fetchMeeting(id))?.kind ?? 'meeting';
  }

  async getMeeting(id: string): Promise<ProviderMeeting | undefined> {
    const found = await this.fetchMeeting(id);
    if (!found) return undefined;
    const { m, kind } = found;
    // Zoom's meeting has no "finished" status: a held meeting has a report with its end time. Asked
    // only from an hour before the start on (a meeting is not held earlier), to spare the rate limit.
    let ended = false;
    if (m.status !== 'started' && (!m.start_time || Date.parse(m.start_time) - 3_600_000 <= this.now())) {
      const report = await this.call('GET', `/report/${this.base(kind)}/${encodeURIComponent(id)}`, Report, { allow404: true });
      ended = Boolean(report?.end_time);
    }
    return this.toMeeting(m, kind, await this.userHostKey(), ended);
  }

  async findMeeting(externalId: string): Promise<ProviderMeeting | undefined> {
    const marker = `${ZOOM_SESSION_MARKER}${externalId}`;
    const named = (agenda: string | undefined) => (agenda ?? '').split('\n').some((l) => l.trim() === marker);
    const user = encodeURIComponent(this.host);
    let token: string | undefined;
    do {
      const page = await this.call('GET', `/users/${user}/meetings`, MeetingPage, { query: { type: 'scheduled', page_size: PAGE_SIZE, ...(token ? { next_page_token: token } : {}) } });
      const hit = page?.meetings.find((m) => named(m.agenda));
      if (hit) {
        this.kinds.set(String(hit.id), 'meeting');
        return this.getMeeting(String(hit.id));
      }
      token = page?.next_page_token || undefined;
    } while (token);
    for (let n = 1; ; n++) {
      const page = await this.call('GET', `/users/${user}/webinars`, WebinarPage, { query: { page_size: PAGE_SIZE, page_number: n } });
      const hit = page?.webinars.find((m) => named(m.agenda));
      if (hit) {
        this.kinds.set(String(hit.id), 'webinar');
        return this.getMeeting(String(hit.id));
      }
      if (!page || (page.page_count ?? 1) <= n) return undefined;
    }
  }

  async updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void> {
    // The host key is the host user's on Zoom (their profile), not the meeting's: it is not changed from here.
    const { title, start, end, password } = fields;
    if (title === undefined && start === undefined && end === undefined && password === undefined) return;
    const current = start !== undefined || end !== undefined ? await this.getMeeting(id) : undefined;
    const s = start ?? current?.start;
    const e = end ?? current?.end;
    const body = {
      ...(title !== undefined ? { topic: title } : {}),
      ...(start !== undefined ? { start_time: zoomTime(start), timezone: 'UTC' } : {}),
      ...(s !== undefined && e !== undefined ? { duration: minutesBetween(s, e) } : {}),
      ...(password !== undefined ? { password: password.slice(0, 10) } : {}),
    };
    await this.call('PATCH', `/${this.base(await this.kindOf(id))}/${encodeURIComponent(id)}`, Anything, { body });
  }

  async cancelMeeting(id: string): Promise<void> {
    await this.call('DELETE', `/${this.base(await this.kindOf(id))}/${encodeURIComponent(id)}`, Anything, { allow404: true });
  }

  // ---- registrants ----------------------------------------------------------------------------------------------

  async registerAttendee(meetingId: string, who: Registration): Promise<Registrant> {
    const kind = await this.kindOf(meetingId);
    // Zoom answers the same registrant (and join_url) when the same email registers again.
    const r = await this.call('POST', `/${this.base(kind)}/${encodeURIComponent(meetingId)}/registrants`, NewRegistrant, {
      body: { email: who.email, first_name: who.firstName, last_name: who.lastName, custom_questions: [{ title: ZOOM_ATTENDEE_QUESTION, value: who.attendeeId }] },
    });
    if (!r) throw new ProviderHttpError(502, 'Zoom answered the registration with no registrant');
    return { id: r.registrant_id, joinUrl: r.join_url, attendeeId: who.attendeeId };
  }

  async registerAttendees(meetingId: string, who: Registration[]): Promise<Registrant[]> {
    // Zoom offers a batch for webinars only (30 at a time); meetings register one by one.
    if ((await this.kindOf(meetingId)) !== 'webinar') {
      const out: Registrant[] = [];
      for (const w of who) out.push(await this.registerAttendee(meetingId, w));
      return out;
    }
    const out: Registrant[] = [];
    for (let i = 0; i < who.length; i += BATCH_MAX) {
      const batch = who.slice(i, i + BATCH_MAX);
      const r = await this.call('POST', `/webinars/${encodeURIComponent(meetingId)}/batch_registrants`, BatchRegistrants, {
        body: { auto_approve: true, registrants: batch.map((w) => ({ email: w.email, first_name: w.firstName, last_name: w.lastName })) },
      });
      const byEmail = new Map((r?.registrants ?? []).map((x) => [x.email.toLowerCase(), x]));
      for (const w of batch) {
        const x = byEmail.get(w.email.toLowerCase());
        if (!x) throw new ProviderHttpError(502, 'Zoom\'s batch registration answered without one of the registrants');
        out.push({ id: x.registrant_id, joinUrl: x.join_url, attendeeId: w.attendeeId });
      }
    }
    return out;
  }

  async listRegistrants(meetingId: string): Promise<Registrant[]> {
    const kind = await this.kindOf(meetingId);
    const out: Registrant[] = [];
    let token: string | undefined;
    do {
      const page = await this.call('GET', `/${this.base(kind)}/${encodeURIComponent(meetingId)}/registrants`, RegistrantPage, {
        query: { status: 'approved', page_size: PAGE_SIZE, ...(token ? { next_page_token: token } : {}) },
      });
      for (const r of page?.registrants ?? []) {
        out.push({ id: r.id, joinUrl: r.join_url, attendeeId: r.custom_questions?.find((q) => q.title === ZOOM_ATTENDEE_QUESTION)?.value || undefined });
      }
      token = page?.next_page_token || undefined;
    } while (token);
    return out;
  }

  // ---- after the meeting ----------------------------------------------------------------------------------------

  async listParticipants(meetingId: string): Promise<ParticipantJoin[]> {
    const kind = await this.kindOf(meetingId);
    const out: ParticipantJoin[] = [];
    let token: string | undefined;
    do {
      const page = await this.call('GET', `/report/${this.base(kind)}/${encodeURIComponent(meetingId)}/participants`, ParticipantPage, {
        query: { page_size: PAGE_SIZE, include_fields: 'registrant_id', ...(token ? { next_page_token: token } : {}) },
      });
      for (const p of page?.participants ?? []) {
        out.push({ registrantId: p.registrant_id || undefined, joinedAt: p.join_time, leftAt: p.leave_time, durationSeconds: p.duration });
      }
      token = page?.next_page_token || undefined;
    } while (token);
    return out;
  }

  async getRecording(meetingId: string): Promise<Recording | undefined> {
    const id = encodeURIComponent(meetingId);
    const r = await this.call('GET', `/meetings/${id}/recordings`, RecordingBody, { allow404: true });
    if (!r) return undefined;
    const url = r.share_url ?? r.recording_files?.find((f) => f.status === 'completed' && f.play_url && f.file_type === 'MP4')?.play_url
      ?? r.recording_files?.find((f) => f.status === 'completed' && f.play_url)?.play_url;
    if (!url) return undefined;
    const password = r.password ?? (await this.call('GET', `/meetings/${id}/recordings/settings`, RecordingSettings, { allow404: true }))?.password;
    return { url, password: password || undefined };
  }

  // ---- webhooks ---------------------------------------------------------------------------------------------------

  /** True when the call carries a right signature made within the window; the body is not parsed here. */
  private signed(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): boolean {
    const secret = this.opts.webhookSecret;
    const ts = header(headers, 'x-zm-request-timestamp');
    const sig = header(headers, 'x-zm-signature');
    if (!secret || !ts || !sig || !/^\d{1,16}$/.test(ts)) return false;
    // Zoom's timestamp is in seconds; milliseconds are accepted too.
    const n = Number(ts);
    const at = n > 1e12 ? n : n * 1000;
    if (Math.abs(this.now() - at) > SIGNATURE_WINDOW_MS) return false;
    const expected = Buffer.from(zoomSignature(secret, ts, rawBody));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  verifyNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): ChangeNotification | undefined {
    if (!this.signed(headers, rawBody)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return undefined;
    }
    if (!Notification.Check(body) || !body.payload.object) return undefined;
    const type = CHANGE[body.event];
    if (!type) return undefined;
    const meetingId = String(body.payload.object.id);
    const at = body.payload.time_stamp ?? body.event_ts ?? this.now();
    if (type === 'meeting.updated') this.changedAt.set(meetingId, Math.max(at, this.changedAt.get(meetingId) ?? 0));
    return { type, meetingId, at: new Date(at).toISOString() };
  }

  /**
   * Zoom's `endpoint.url_validation`: `{plainToken, encryptedToken: hex HMAC-SHA256(secret, plainToken)}`, for a signed
   * call only (Zoom signs it like any event). Answering an unsigned one would be an HMAC oracle: a caller could ask
   * for plainToken = `v0:{ts}:{body}` and get a valid signature for a forged notification.
   */
  answerChallenge(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): { status: number; contentType: string; body: string } | undefined {
    const secret = this.opts.webhookSecret;
    if (!secret || !this.signed(headers, rawBody)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return undefined;
    }
    if (!Notification.Check(body) || body.event !== 'endpoint.url_validation' || !body.payload.plainToken) return undefined;
    const plainToken = body.payload.plainToken;
    const encryptedToken = createHmac('sha256', secret).update(plainToken).digest('hex');
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ plainToken, encryptedToken }) };
  }
}

/** For the registry: a Zoom provider from settings, or a message naming what is missing. */
export function zoomFromSettings(s: Partial<ZoomProviderOptions>): ZoomProvider {
  const missing = (['accountId', 'clientId', 'clientSecret'] as const).filter((k) => !s[k]);
  if (missing.length > 0) {
    const names: Record<string, string> = { accountId: 'ZOOM_ACCOUNT_ID', clientId: 'ZOOM_CLIENT_ID', clientSecret: 'ZOOM_CLIENT_SECRET' };
    throw new Error(`the zoom provider needs ${missing.map((k) => names[k]).join(', ')}: the Server-to-Server OAuth app's credentials (docs/sync.md, "Zoom")`);
  }
  return new ZoomProvider(s as ZoomProviderOptions);
}
