import { createHash } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ProviderHttpError } from '../provider.js';
import type {
  ChangeNotification, MeetingFields, MeetingSpec, ParticipantJoin, ProviderMeeting, Recording, Registrant, Registration, WebcastProvider,
} from '../provider.js';
import { checkedBody, retryAfterMs, send, unavailable, type BodyCheck, type ConnectorHttpOptions } from './http.js';

/**
 * The Microsoft Teams connector: Teams meetings through Microsoft Graph v1.0 as published
 * (../shared/reference/platforms/microsoft-graph-onlinemeetings.json), authenticated as an
 * Entra ID application with application permissions (client credentials). Meetings are
 * `onlineMeetings` of one organizer user. See docs/sync.md ("Microsoft Teams") for what to
 * register on Microsoft's side.
 *
 * A Teams meeting has one join URL for everyone and no registrants: every attendee's link is
 * that URL, and attendance is matched by email address (see registrantKey).
 */
export interface TeamsProviderOptions extends ConnectorHttpOptions {
  /** The Entra ID tenant (directory) id, or its domain. */
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The user who organizes the meetings: their Entra ID object id (the application access policy must cover them). */
  organizerUser: string;
  /** Default https://graph.microsoft.com/v1.0. */
  apiUrl?: string;
  /** Default https://login.microsoftonline.com (the token is asked at {loginUrl}/{tenant}/oauth2/v2.0/token). */
  loginUrl?: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
}

const NStr = () => Type.Optional(Type.Union([Type.String(), Type.Null()]));
// What we read of Graph's answers: checked before use, so a surprise fails the pass loudly.
const TokenBody = Compile(Type.Object({ access_token: Type.String(), expires_in: Type.Number() }));
const TokenError = Compile(Type.Object({ error: Type.Optional(Type.String()), error_codes: Type.Optional(Type.Array(Type.Number())) }));
const GraphMeetingSchema = Type.Object({
  id: Type.String(), subject: NStr(), startDateTime: NStr(), endDateTime: NStr(),
  creationDateTime: NStr(), externalId: NStr(), joinWebUrl: NStr(),
  joinMeetingIdSettings: Type.Optional(Type.Union([Type.Object({ joinMeetingId: NStr(), passcode: NStr() }), Type.Null()])),
});
type GraphMeeting = Static<typeof GraphMeetingSchema>;
const Meeting = Compile(GraphMeetingSchema);
const ReportPageSchema = Type.Object({
  value: Type.Array(Type.Object({ id: Type.String(), meetingStartDateTime: NStr(), meetingEndDateTime: NStr() })),
  '@odata.nextLink': NStr(),
});
const ReportPage = Compile(ReportPageSchema);
const RecordPageSchema = Type.Object({
  value: Type.Array(Type.Object({
    emailAddress: NStr(),
    attendanceIntervals: Type.Optional(Type.Array(Type.Union([Type.Null(), Type.Object({
      joinDateTime: NStr(), leaveDateTime: NStr(), durationInSeconds: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    })]))),
  })),
  '@odata.nextLink': NStr(),
});
const RecordPage = Compile(RecordPageSchema);
const GraphError = Compile(Type.Object({ error: Type.Object({ code: Type.Optional(Type.String()), message: Type.Optional(Type.String()) }) }));
const Anything = Compile(Type.Unknown());

/** Prefix of the registrant ids this connector makes (see registrantKey). */
const KEY_PREFIX = 'tm_';

/**
 * The "registrant id" of an attendee of a Teams meeting: Teams has no registrants, and its
 * attendance records name people by email address, so the key is derived from the address
 * (case and surrounding spaces ignored). A digest rather than the address: it is written to
 * the link's `sourceId`, which need not carry personal data.
 */
export function registrantKey(email: string): string {
  return `${KEY_PREFIX}${createHash('sha256').update(`eventline-teams-attendee:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 32)}`;
}

/** Graph's messages may quote what was sent: emails never reach the sync state or the log. */
const redact = (s: string): string => s.replace(/[^\s"'<>()]+@[^\s"'<>()]+/g, '***').slice(0, 300);
/** Graph answers `2027-03-01T10:00:00Z` or with 7 fractional digits; eventline keeps milliseconds. */
const isoOf = (v: string | null | undefined, fallback: number): string => {
  const t = v ? Date.parse(v) : Number.NaN;
  return new Date(Number.isNaN(t) ? fallback : t).toISOString();
};

export class TeamsProvider implements WebcastProvider {
  readonly name = 'teams';
  readonly webcastProvider = 'Microsoft Teams';
  private readonly api: string;
  private readonly login: string;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private token: { value: string; until: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  /** The join URL per meeting id: one for everyone, read once per process. */
  private readonly joinUrls = new Map<string, string>();

  constructor(private readonly opts: TeamsProviderOptions) {
    this.api = (opts.apiUrl ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, '');
    this.login = (opts.loginUrl ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
  }

  private get meetings(): string {
    return `/users/${encodeURIComponent(this.opts.organizerUser)}/onlineMeetings`;
  }

  /**
   * A meeting's path under its own organizer: a Teams meeting id is the base64 of `1*{organizer's object id}*0**{chat thread}`.
   * So a changed TEAMS_ORGANIZER_USER (a mistyped one included) does not make earlier meetings look deleted, which would
   * cancel their webcasts; the configured organizer only when the id is of another form.
   */
  private meetingPath(id: string): string {
    const organizer = /^1\*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\*/i.exec(Buffer.from(id, 'base64').toString('latin1'))?.[1] ?? this.opts.organizerUser;
    return `/users/${encodeURIComponent(organizer)}/onlineMeetings/${encodeURIComponent(id)}`;
  }

  /**
   * "Test connection": a token from the tenant's identity platform, which proves the tenant, client id and secret.
   * The organizer and the meeting permissions are proven by the first meeting (Graph has no harmless call for them
   * in the published description).
   */
  async checkConnection(): Promise<string> {
    await this.accessToken();
    return `Microsoft Entra ID issued a token to the app in tenant "${this.opts.tenantId}". The organizer and the meeting permissions are checked when the first meeting is created.`;
  }

  // ---- token (Microsoft identity platform, client credentials) ------------------------------------------------

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => { this.tokenRequest = undefined; });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const form = new URLSearchParams({
      client_id: this.opts.clientId, client_secret: this.opts.clientSecret, scope: 'https://graph.microsoft.com/.default', grant_type: 'client_credentials',
    });
    const url = `${this.login}/${encodeURIComponent(this.opts.tenantId)}/oauth2/v2.0/token`;
    const res = await this.send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() });
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      if (res.status >= 500) throw this.unavailable(res.status);
      throw this.tokenRefused(res.status, TokenError.Check(body) ? body : {});
    }
    if (!TokenBody.Check(body)) throw new ProviderHttpError(502, 'Microsoft\'s token endpoint answered with a body of an unexpected shape');
    // Kept until a minute before it expires (about an hour): one token request per hour, not per call.
    this.token = { value: body.access_token, until: this.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  /** The token endpoint's refusal in a planner's words, by its AADSTS code (error_codes). */
  private tokenRefused(status: number, body: { error?: string; error_codes?: number[] }): ProviderHttpError {
    const codes = body.error_codes ?? [];
    const said = `${status}${body.error ? ` ${body.error}` : ''}${codes.length > 0 ? `, AADSTS${codes.join(', AADSTS')}` : ''}`;
    if (codes.includes(7000222)) {
      return new ProviderHttpError(status, `Microsoft refused the application's client secret: it has expired (${said}). `
        + 'Add a new client secret to the app registration in Entra ID (Certificates & secrets) and set it as TEAMS_CLIENT_SECRET.');
    }
    if (codes.includes(90002) || codes.includes(90023) || codes.includes(900023)) {
      return new ProviderHttpError(status, `Microsoft knows no tenant "${this.opts.tenantId}" (${said}): set TEAMS_TENANT_ID to the directory (tenant) id shown on the app registration's Overview page.`);
    }
    if (codes.includes(700016)) {
      return new ProviderHttpError(status, `Microsoft knows no application "${this.opts.clientId}" in this tenant (${said}): the app registration was deleted, `
        + 'or TEAMS_CLIENT_ID or TEAMS_TENANT_ID is wrong; check them against the app registration\'s Overview page in Entra ID.');
    }
    return new ProviderHttpError(status, `Microsoft refused the application's credentials (${said}). The client secret was deleted or is wrong: `
      + 'check TEAMS_TENANT_ID, TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET against the app registration in Entra ID (Overview; Certificates & secrets).');
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------------

  private unavailable(status: number, cause?: string): ProviderHttpError {
    return unavailable('Microsoft Teams (Graph)', status, cause);
  }

  private send(url: string, init: RequestInit): Promise<Response> {
    return send(this.fetchFn, 'Microsoft Teams (Graph)', url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000) });
  }

  /** How long to wait before retrying a throttled call: Retry-After (seconds or a date), else back-off. */
  private retryWait(res: Response, attempt: number): number | undefined {
    const after = retryAfterMs(res, this.now());
    if (after !== undefined) return after;
    return res.status === 429 ? Math.min(500 * 2 ** attempt, 16_000) : undefined;
  }

  /**
   * One Graph call. `path` is relative to the API base, or a full `@odata.nextLink`, which must
   * lie under the API base: the access token goes nowhere else.
   */
  private async call<T>(method: string, path: string, answer: BodyCheck<T>, opts: { body?: unknown; allow404?: boolean } = {}): Promise<T | undefined> {
    const url = /^https?:\/\//.test(path) ? path : `${this.api}${path}`;
    if (!url.startsWith(`${this.api}/`)) throw new ProviderHttpError(502, 'Microsoft Graph answered a next link outside its API: not followed');
    const shown = url.slice(this.api.length).replace(/\?.*$/, '');
    const maxRetries = this.opts.maxRetries ?? 4;
    const maxWait = this.opts.maxRetryWaitMs ?? 60_000;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(url, {
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
      // Graph throttles with 429 and Retry-After; an overloaded service may answer 503 with Retry-After too.
      const wait = res.status === 429 || res.status === 503 ? this.retryWait(res, attempt) : undefined;
      if (wait !== undefined) {
        await res.body?.cancel();
        if (attempt >= maxRetries || wait > maxWait) {
          throw new ProviderHttpError(res.status, `Microsoft Graph is throttling this application (${method} ${shown}${wait > maxWait ? `, for ${Math.round(wait / 1000)} s` : `, ${attempt + 1} tries`}): `
            + 'nothing was lost, the sync tries again on its next pass. Many sessions at once: raise SYNC_INTERVAL_SECONDS.');
        }
        await this.sleep(wait);
        continue;
      }
      if (res.status === 404 && opts.allow404) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok) throw await this.explain(res, method, shown);
      return checkedBody(res, answer, 'Microsoft Graph', `${method} ${shown}`);
    }
  }

  /** The failure in a planner's words: what happened and what to do. */
  private async explain(res: Response, method: string, path: string): Promise<ProviderHttpError> {
    const body: unknown = await res.json().catch(() => undefined);
    const code = GraphError.Check(body) ? body.error.code : undefined;
    const said = GraphError.Check(body) && body.error.message ? ` (Graph said: ${redact(body.error.message)})` : '';
    const s = res.status;
    if (s >= 500) return this.unavailable(s);
    if (s === 401) {
      return new ProviderHttpError(s, `Microsoft Graph refused the application's access token twice${said}: the app registration's credentials were revoked. `
        + 'Check TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET against the app registration in Entra ID.');
    }
    if (s === 403) {
      return new ProviderHttpError(s, `The application may not do ${method} ${path}${said}. Grant it the application permissions OnlineMeetings.ReadWrite.All and `
        + 'OnlineMeetingArtifact.Read.All with admin consent (Entra ID > App registrations > API permissions), and give the organizer '
        + 'TEAMS_ORGANIZER_USER an application access policy that names the app (docs/sync.md, "Microsoft Teams").');
    }
    // A meeting path names a meeting after the collection; the collection alone names only the organizer.
    const meetingPath = /^\/users\/[^/]+\/onlineMeetings\/(?!microsoft\.graph\.)[^/]+/.test(path);
    if (s === 404 && !meetingPath) {
      return new ProviderHttpError(s, `Microsoft Graph knows no user "${this.opts.organizerUser}" in this tenant${said}: set TEAMS_ORGANIZER_USER to the Entra ID object id of a `
        + 'licensed Teams user who organizes the meetings.');
    }
    if (s === 404) {
      return new ProviderHttpError(s, `The meeting is gone from Microsoft Teams (deleted there)${said}. The next pass marks the webcast cancelled; `
        + 'to hold the session on Teams again, delete its webcast in eventline and the next pass creates a new meeting.');
    }
    return new ProviderHttpError(s, `Microsoft Graph refused ${method} ${path} (${s}${code ? `, ${code}` : ''})${said}.`);
  }

  // ---- meetings -------------------------------------------------------------------------------------------------

  private toMeeting(m: GraphMeeting, ended: boolean): ProviderMeeting {
    const created = m.creationDateTime ? Date.parse(m.creationDateTime) : 0;
    const start = isoOf(m.startDateTime, this.now());
    const joinUrl = m.joinWebUrl ?? '';
    if (joinUrl) this.joinUrls.set(m.id, joinUrl);
    return {
      id: m.id, kind: 'meeting', status: ended ? 'ended' : 'scheduled', title: m.subject ?? '', start, end: isoOf(m.endDateTime, Date.parse(start) + 3_600_000),
      // The passcode is Teams' own (read-only in Graph); Teams has no host key.
      password: m.joinMeetingIdSettings?.passcode ?? '', hostKey: '', externalId: m.externalId || undefined,
      // The organizer joins with the same URL, signed in: Teams makes them the host.
      joinUrl, hostUrl: joinUrl,
      // Graph's onlineMeeting has no modification time.
      updatedAt: new Date(Number.isNaN(created) ? 0 : created).toISOString(),
    };
  }

  async createMeeting(spec: MeetingSpec): Promise<ProviderMeeting> {
    // createOrGet: the meeting already made for this externalId (eventline's session id) when there is one, so a
    // run killed between the meeting and the webcast adopts it instead of making a second.
    const m = await this.call('POST', `${this.meetings}/microsoft.graph.createOrGet`, Meeting, {
      body: { externalId: spec.externalId, subject: spec.title, startDateTime: new Date(spec.start).toISOString(), endDateTime: new Date(spec.end).toISOString() },
    });
    if (!m) throw new ProviderHttpError(502, 'Microsoft Graph answered the creation with no meeting');
    // An event's attendees come from outside the organization with one shared link: they enter without waiting in
    // the lobby, and only the organizer presents (createOrGet takes neither setting).
    const set = await this.call('PATCH', this.meetingPath(m.id), Meeting, {
      body: { allowedPresenters: 'organizer', lobbyBypassSettings: { scope: 'everyone', isDialInBypassEnabled: true } },
    });
    return this.toMeeting(set ?? m, false);
  }

  async getMeeting(id: string): Promise<ProviderMeeting | undefined> {
    const m = await this.call('GET', this.meetingPath(id), Meeting, { allow404: true });
    if (!m) return undefined;
    // Graph's meeting has no "finished" status: a held meeting has an attendance report. Asked only from an hour
    // before the start on (a meeting is not held earlier), to spare the throttling budget.
    const start = m.startDateTime ? Date.parse(m.startDateTime) : Number.NaN;
    const ended = Number.isNaN(start) || start - 3_600_000 <= this.now() ? (await this.reports(id, start)).length > 0 : false;
    return this.toMeeting(m, ended);
  }

  /**
   * Graph cannot search a user's meetings by externalId (its list takes a join URL or meeting id filter only).
   * No search is needed: createMeeting's createOrGet answers the meeting already made for the session.
   */
  async findMeeting(_externalId: string): Promise<ProviderMeeting | undefined> {
    return undefined;
  }

  async updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void> {
    // The passcode is generated by Teams and read-only; Teams has no host key: neither is written from here.
    const { title, start, end } = fields;
    if (title === undefined && start === undefined && end === undefined) return;
    // Graph takes the start and end together.
    const current = (start === undefined) !== (end === undefined) ? await this.getMeeting(id) : undefined;
    const s = start ?? current?.start;
    const e = end ?? current?.end;
    await this.call('PATCH', this.meetingPath(id), Meeting, {
      body: {
        ...(title !== undefined ? { subject: title } : {}),
        ...(s !== undefined && e !== undefined && (start !== undefined || end !== undefined) ? { startDateTime: new Date(s).toISOString(), endDateTime: new Date(e).toISOString() } : {}),
      },
    });
  }

  async cancelMeeting(id: string): Promise<void> {
    await this.call('DELETE', this.meetingPath(id), Anything, { allow404: true });
  }

  // ---- attendees ------------------------------------------------------------------------------------------------

  private async joinUrl(meetingId: string): Promise<string> {
    const known = this.joinUrls.get(meetingId);
    if (known) return known;
    const m = await this.call('GET', this.meetingPath(meetingId), Meeting);
    if (!m?.joinWebUrl) throw new ProviderHttpError(502, 'Microsoft Graph answered the meeting without its join URL');
    this.joinUrls.set(meetingId, m.joinWebUrl);
    return m.joinWebUrl;
  }

  /** Teams has no registration for a meeting: the attendee's link is the meeting's one join URL. */
  async registerAttendee(meetingId: string, who: Registration): Promise<Registrant> {
    const [r] = await this.registerAttendees(meetingId, [who]);
    if (!r) throw new Error('no registrant for one registration');
    return r;
  }

  async registerAttendees(meetingId: string, who: Registration[]): Promise<Registrant[]> {
    const joinUrl = await this.joinUrl(meetingId);
    // Without an address nobody can be matched: a key of the attendee's own, which no attendance record carries.
    return who.map((w) => ({ id: w.email.trim() ? registrantKey(w.email) : registrantKey(`attendee:${w.attendeeId}`), attendeeId: w.attendeeId, joinUrl }));
  }

  /** None on Teams' side: the engine maps attendance to attendees by the links' sourceId (registrantKey). */
  async listRegistrants(_meetingId: string): Promise<Registrant[]> {
    return [];
  }

  // ---- after the meeting ----------------------------------------------------------------------------------------

  /** The meeting's attendance reports (one per time the meeting was held) whose call ended after the scheduled start. */
  private async reports(meetingId: string, scheduledStart: number): Promise<Array<{ id: string }>> {
    const out: Array<{ id: string }> = [];
    let next: string | undefined = `${this.meetingPath(meetingId)}/attendanceReports`;
    while (next) {
      const page: Static<typeof ReportPageSchema> | undefined = await this.call('GET', next, ReportPage, { allow404: true });
      for (const r of page?.value ?? []) {
        const ended = r.meetingEndDateTime ? Date.parse(r.meetingEndDateTime) : Number.NaN;
        // A rehearsal that ended before the scheduled start is not the session.
        if (Number.isNaN(scheduledStart) || Number.isNaN(ended) || ended > scheduledStart) out.push({ id: r.id });
      }
      next = page?.['@odata.nextLink'] ?? undefined;
    }
    return out;
  }

  /**
   * One row per attendance interval (a join and its leave) of every attendance record: a person who
   * joins twice has two intervals, summed by the engine. Records without an email address (anonymous
   * joins) cannot be matched to an attendee.
   */
  async listParticipants(meetingId: string): Promise<ParticipantJoin[]> {
    const m = await this.call('GET', this.meetingPath(meetingId), Meeting, { allow404: true });
    if (!m) return [];
    const start = m.startDateTime ? Date.parse(m.startDateTime) : Number.NaN;
    const out: ParticipantJoin[] = [];
    for (const report of await this.reports(meetingId, start)) {
      let next: string | undefined = `${this.meetingPath(meetingId)}/attendanceReports/${encodeURIComponent(report.id)}/attendanceRecords`;
      while (next) {
        const page: Static<typeof RecordPageSchema> | undefined = await this.call('GET', next, RecordPage);
        for (const rec of page?.value ?? []) {
          const registrantId = rec.emailAddress ? registrantKey(rec.emailAddress) : undefined;
          for (const i of rec.attendanceIntervals ?? []) {
            if (!i?.joinDateTime || !i.leaveDateTime) continue;
            const joined = Date.parse(i.joinDateTime);
            const left = Date.parse(i.leaveDateTime);
            if (Number.isNaN(joined) || Number.isNaN(left)) continue;
            out.push({
              registrantId, joinedAt: new Date(joined).toISOString(), leftAt: new Date(left).toISOString(),
              durationSeconds: i.durationInSeconds ?? Math.max(0, Math.round((left - joined) / 1000)),
            });
          }
        }
        next = page?.['@odata.nextLink'] ?? undefined;
      }
    }
    return out;
  }

  /**
   * Graph's published onlineMeetings description offers no recordings (the real API has a
   * `recordings` relationship outside it, with the OnlineMeetingRecording.Read.All permission):
   * the connector checks what it sends against that description, so it reads none. The webcast
   * ends `Finished` without `_links.recording`; docs/sync.md says so.
   */
  async getRecording(_meetingId: string): Promise<Recording | undefined> {
    return undefined;
  }

  // ---- change notifications ---------------------------------------------------------------------------------------

  /**
   * Graph change notifications are not subscribed to (polling is the fallback, every pass reads the
   * meeting): nothing is accepted, so a call to the webhook endpoint is refused without being read.
   */
  verifyNotification(_headers: Readonly<Record<string, string | string[] | undefined>>, _rawBody: string): ChangeNotification | undefined {
    return undefined;
  }
}

/** For the registry: a Teams provider from settings, or a message naming what is missing. */
export function teamsFromSettings(s: Partial<TeamsProviderOptions>): TeamsProvider {
  const names: Record<string, string> = { tenantId: 'TEAMS_TENANT_ID', clientId: 'TEAMS_CLIENT_ID', clientSecret: 'TEAMS_CLIENT_SECRET', organizerUser: 'TEAMS_ORGANIZER_USER' };
  const missing = (['tenantId', 'clientId', 'clientSecret', 'organizerUser'] as const).filter((k) => !s[k]);
  if (missing.length > 0) {
    throw new Error(`the teams provider needs ${missing.map((k) => names[k]).join(', ')}: the Entra ID app registration's credentials and the organizer (docs/sync.md, "Microsoft Teams")`);
  }
  return new TeamsProvider(s as TeamsProviderOptions);
}
