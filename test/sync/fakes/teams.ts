/**
 * A stateful local fake of Microsoft Teams as an application sees it: the Microsoft identity
 * platform's token endpoint (client credentials) and the Microsoft Graph v1.0 `onlineMeetings`
 * paths the Teams connector uses, on an ephemeral port. Every Graph request it receives and
 * every answer it gives is checked against Microsoft's published description
 * (./teams-openapi.ts), and the token request and answer against the identity platform's
 * documentation; the mismatches are kept in `violations` for the test to assert empty.
 *
 * Control API (in-process): organizer edits in Teams, joins and leaves by email (or anonymous),
 * the end of a call (an attendance report with one record per person and one interval per
 * join), throttling (429 + Retry-After) and outages on demand, revoked tokens and credentials,
 * a missing application access policy.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkGraphAnswer, checkGraphRequest, checkTokenAnswer, checkTokenRequest } from './teams-openapi.js';

export interface FakeInterval { joinDateTime: string; leaveDateTime: string; durationInSeconds: number }

export interface FakeRecord {
  id: string;
  emailAddress: string | null;
  totalAttendanceInSeconds: number;
  role: string;
  identity: { id: string; displayName: string };
  attendanceIntervals: FakeInterval[];
}

export interface FakeReport {
  id: string;
  totalParticipantCount: number;
  meetingStartDateTime: string;
  meetingEndDateTime: string;
  records: FakeRecord[];
}

export interface FakeTeamsMeeting {
  id: string;
  externalId: string;
  subject: string;
  startDateTime: string;
  endDateTime: string;
  creationDateTime: string;
  joinWebUrl: string;
  joinMeetingId: string;
  passcode: string;
  threadId: string;
  allowedPresenters: string;
  lobbyBypassSettings: { scope: string; isDialInBypassEnabled: boolean };
  /** Who is in the call now: key (email, or an anonymous guest's id) -> when they joined. */
  open: Map<string, { at: string; email: string | null; name: string }>;
  /** Intervals of the call in progress, per key. */
  current: Map<string, { email: string | null; name: string; intervals: FakeInterval[] }>;
  callStartedAt?: string;
  reports: FakeReport[];
}

export interface GraphRequestLog {
  method: string;
  path: string;
  query: string;
  status: number;
}

export interface FakeTeamsOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  organizerId?: string;
  /** Seconds a token lives (Microsoft: 3599). */
  tokenLifetime?: number;
}

const ISO = (ms: number): string => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
const rid = (n = 16): string => randomBytes(n).toString('base64url');

class GraphError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) { super(message); }
}

export class FakeTeams {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly organizerId: string;
  readonly organizerUpn = 'organizer@contoso.example.test';
  url = '';
  /** Requests and answers that do not match Microsoft's published description (or the token endpoint's documentation). */
  readonly violations: string[] = [];
  readonly requests: GraphRequestLog[] = [];
  tokensIssued = 0;
  /** Largest page the fake answers (Graph chooses its page sizes); lower it to make the connector follow next links. */
  maxPageSize = 100;
  private readonly meetings = new Map<string, FakeTeamsMeeting>();
  private readonly tokens = new Map<string, number>();
  private server: Server | undefined;
  private throttled: Array<{ retryAfter?: string; status: 429 | 503 }> = [];
  private outage = 0;
  private failing: Array<{ when: (method: string, path: string, query: URLSearchParams) => boolean; times: number }> = [];
  private credentials: 'ok' | 'invalid' | 'expired' = 'ok';
  private accessPolicy = true;
  private readonly tokenLifetime: number;

  constructor(opts: FakeTeamsOptions = {}) {
    this.tenantId = opts.tenantId ?? '3f1c2a9e-7b44-4c1e-9d2a-5e8f0b6c1d20';
    this.clientId = opts.clientId ?? '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d';
    this.clientSecret = opts.clientSecret ?? 'fake~client~secret~Q8.w';
    this.organizerId = opts.organizerId ?? 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
    this.tokenLifetime = opts.tokenLifetime ?? 3599;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => { void this.handle(req, res); });
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

  get apiUrl(): string { return `${this.url}/v1.0`; }
  get loginUrl(): string { return this.url; }

  // ---- control ----------------------------------------------------------------------------------------------

  meeting(id: string): FakeTeamsMeeting {
    const m = this.meetings.get(id);
    if (!m) throw new Error(`the fake has no meeting ${id}`);
    return m;
  }

  allMeetings(): FakeTeamsMeeting[] { return [...this.meetings.values()]; }

  /** The next n Graph calls are throttled: 429 (or 503) with Retry-After seconds (none: no header). */
  throttle(n: number, opts: { retryAfter?: string; status?: 429 | 503 } = {}): void {
    for (let i = 0; i < n; i++) this.throttled.push({ status: opts.status ?? 429, ...(opts.retryAfter !== undefined ? { retryAfter: opts.retryAfter } : {}) });
  }

  clearThrottle(): void { this.throttled = []; }

  /** The next n Graph calls answer 503 without Retry-After (an outage). */
  fail(n: number): void { this.outage = n; }

  /** The next `times` Graph calls that `when` picks answer 503 (an outage in the middle of a pass). */
  failWhen(when: (method: string, path: string, query: URLSearchParams) => boolean, times = 1): void {
    this.failing.push({ when, times });
  }

  /** Every token issued so far stops working. */
  revokeTokens(): void { this.tokens.clear(); }

  /** The client secret stops working: deleted (`invalid`, AADSTS7000215) or expired (AADSTS7000222); `ok` restores it. */
  setCredentials(state: 'ok' | 'invalid' | 'expired'): void { this.credentials = state; }

  /** The organizer's application access policy names the app (Graph answers 403 for every meeting call otherwise). */
  setAccessPolicy(granted: boolean): void { this.accessPolicy = granted; }

  /** The organizer edits the meeting in Teams (Outlook / the Teams calendar). */
  organizerEdit(id: string, patch: Partial<Pick<FakeTeamsMeeting, 'subject' | 'startDateTime' | 'endDateTime'>>): void {
    Object.assign(this.meeting(id), patch);
  }

  /** Deleted on Teams' side. */
  deleteOnTeams(id: string): void { this.meetings.delete(id); }

  /** Someone joins the call with the meeting's (one) link: signed in with their email, or anonymously (email null). */
  join(id: string, who: { email: string | null; name: string }, at: string): string {
    const m = this.meeting(id);
    const key = who.email?.toLowerCase() ?? `anonymous:${randomUUID()}`;
    m.callStartedAt ??= at;
    m.open.set(key, { at, email: who.email, name: who.name });
    return key;
  }

  leave(id: string, key: string, at: string): void {
    const m = this.meeting(id);
    const open = m.open.get(key);
    if (!open) throw new Error(`${key} is not in the call`);
    m.open.delete(key);
    const person = m.current.get(key) ?? { email: open.email, name: open.name, intervals: [] };
    person.intervals.push({ joinDateTime: ISO(Date.parse(open.at)), leaveDateTime: ISO(Date.parse(at)), durationInSeconds: Math.round((Date.parse(at) - Date.parse(open.at)) / 1000) });
    m.current.set(key, person);
  }

  /** The call ends (the last one leaves or the organizer ends it for all): Teams makes its attendance report. */
  endCall(id: string, at: string): FakeReport {
    const m = this.meeting(id);
    for (const key of [...m.open.keys()]) this.leave(id, key, at);
    const records: FakeRecord[] = [...m.current.entries()].map(([key, p]) => ({
      id: p.email ? randomUUID() : key.slice('anonymous:'.length), emailAddress: p.email, role: 'Attendee',
      totalAttendanceInSeconds: p.intervals.reduce((s, i) => s + i.durationInSeconds, 0),
      identity: { id: p.email ? randomUUID() : key.slice('anonymous:'.length), displayName: p.name }, attendanceIntervals: p.intervals,
    }));
    const report: FakeReport = {
      id: randomUUID(), totalParticipantCount: records.length, meetingStartDateTime: ISO(Date.parse(m.callStartedAt ?? at)), meetingEndDateTime: ISO(Date.parse(at)), records,
    };
    m.reports.push(report);
    m.current.clear();
    delete m.callStartedAt;
    return report;
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ method, path: url.pathname, query: url.search, status });
      res.writeHead(status, { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers });
      res.end(body !== undefined ? JSON.stringify(body) : undefined);
    };
    if (/\/oauth2\/v2\.0\/token$/.test(url.pathname)) {
      this.violations.push(...checkTokenRequest(method, url.pathname, url.searchParams, req.headers['content-type'], raw));
      const [out, status] = this.token(url.pathname, new URLSearchParams(raw));
      this.violations.push(...checkTokenAnswer(status, out));
      answer(status, out);
      return;
    }
    if (!url.pathname.startsWith('/v1.0/')) {
      answer(404, { error: { code: 'BadRequest', message: 'Invalid version.' } });
      return;
    }
    const path = url.pathname.slice('/v1.0'.length);
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        this.violations.push(`${method} ${path}: the body is not JSON`);
      }
    }
    const asked = checkGraphRequest(method, path, url.searchParams, body);
    this.violations.push(...asked);
    const send = (status: number, out?: unknown, headers: Record<string, string> = {}) => {
      this.violations.push(...checkGraphAnswer(method, path, status, out));
      answer(status, out, headers);
    };
    const error = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
      send(status, { error: { code, message, innerError: { date: new Date().toISOString().replace(/\.\d{3}Z$/, ''), 'request-id': randomUUID(), 'client-request-id': randomUUID() } } }, headers);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const until = bearer ? this.tokens.get(bearer) : undefined;
    if (until === undefined || until < Date.now()) {
      error(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
      return;
    }
    const limited = this.throttled.shift();
    if (limited) {
      error(limited.status, limited.status === 429 ? 'TooManyRequests' : 'ServiceUnavailable', 'Application is over its MailboxConcurrency limit.',
        limited.retryAfter !== undefined ? { 'retry-after': limited.retryAfter } : {});
      return;
    }
    const picked = this.failing.find((f) => f.times > 0 && f.when(method, path, url.searchParams));
    if (picked) picked.times--;
    if (this.outage > 0 || picked) {
      if (!picked) this.outage--;
      error(503, 'ServiceUnavailable', 'The service is temporarily unavailable.');
      return;
    }
    if (asked.length > 0) {
      error(400, 'BadRequest', 'Invalid request body or parameters.');
      return;
    }
    try {
      const [status, out] = this.route(method, path, url.searchParams, body, url);
      send(status, out);
    } catch (err) {
      if (err instanceof GraphError) error(err.status, err.code, err.message);
      else throw err;
    }
  }

  private token(path: string, form: URLSearchParams): [unknown, number] {
    const refuse = (status: number, error: string, code: number, what: string): [unknown, number] => [{
      error, error_description: `AADSTS${code}: ${what}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`,
      error_codes: [code], timestamp: new Date().toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z'), trace_id: randomUUID(), correlation_id: randomUUID(),
    }, status];
    const tenant = decodeURIComponent(path.split('/')[1] ?? '');
    if (tenant !== this.tenantId) return refuse(400, 'invalid_request', 90002, `Tenant '${tenant}' not found.`);
    if (form.get('client_id') !== this.clientId) return refuse(400, 'unauthorized_client', 700016, `Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory.`);
    if (this.credentials === 'expired') return refuse(401, 'invalid_client', 7000222, 'The provided client secret keys for app are expired.');
    if (this.credentials === 'invalid' || form.get('client_secret') !== this.clientSecret) return refuse(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    const token = rid(48);
    this.tokens.set(token, Date.now() + this.tokenLifetime * 1000);
    this.tokensIssued++;
    return [{ token_type: 'Bearer', expires_in: this.tokenLifetime, ext_expires_in: this.tokenLifetime, access_token: token }, 200];
  }

  private view(m: FakeTeamsMeeting): Record<string, unknown> {
    return {
      '@odata.context': `${this.apiUrl}/$metadata#users('${this.organizerId}')/onlineMeetings/$entity`,
      id: m.id, creationDateTime: m.creationDateTime, startDateTime: m.startDateTime, endDateTime: m.endDateTime, joinWebUrl: m.joinWebUrl, subject: m.subject,
      externalId: m.externalId, isBroadcast: false, isEntryExitAnnounced: true, allowMeetingChat: 'enabled', allowTeamworkReactions: true,
      allowAttendeeToEnableCamera: true, allowAttendeeToEnableMic: true, allowedPresenters: m.allowedPresenters, recordAutomatically: false,
      videoTeleconferenceId: null, attendeeReport: null, broadcastSettings: null, audioConferencing: null,
      joinMeetingIdSettings: { isPasscodeRequired: true, joinMeetingId: m.joinMeetingId, passcode: m.passcode },
      lobbyBypassSettings: m.lobbyBypassSettings,
      chatInfo: { threadId: m.threadId, messageId: '0', replyChainMessageId: null },
      joinInformation: { content: `data:text/html,${encodeURIComponent(`<a href="${m.joinWebUrl}">Join the meeting now</a>`)}`, contentType: 'html' },
      participants: {
        organizer: { upn: this.organizerUpn, role: 'presenter', identity: { application: null, device: null, user: { id: this.organizerId, displayName: null } } },
        attendees: [],
      },
    };
  }

  /** A page of `items` from the `$skiptoken` Graph wrote into the previous page's next link. */
  private page<T>(items: T[], q: URLSearchParams, url: URL): { value: T[]; '@odata.nextLink'?: string } {
    const from = q.get('$skiptoken') ? Number(Buffer.from(q.get('$skiptoken') ?? '', 'base64url').toString()) : 0;
    const value = items.slice(from, from + this.maxPageSize);
    if (from + this.maxPageSize >= items.length) return { value };
    const next = new URL(url.pathname, this.url);
    next.searchParams.set('$skiptoken', Buffer.from(String(from + this.maxPageSize)).toString('base64url'));
    return { value, '@odata.nextLink': next.toString() };
  }

  private route(method: string, path: string, q: URLSearchParams, body: unknown, url: URL): [number, unknown] {
    const b = (body ?? {}) as Record<string, unknown>;
    const seg = path.split('/').filter(Boolean).map((x) => decodeURIComponent(x));
    if (seg[0] !== 'users' || seg[2] !== 'onlineMeetings') throw new GraphError(404, 'UnknownError', `the fake does not serve ${method} ${path}`);
    if (seg[1] !== this.organizerId && seg[1] !== this.organizerUpn) throw new GraphError(404, 'UserNotFound', `User not found: ${seg[1] ?? ''}`);
    if (!this.accessPolicy) throw new GraphError(403, 'Forbidden', 'Application does not have permission to access the meeting on behalf of the user: No application access policy found for this app.');
    // /users/{id}/onlineMeetings/microsoft.graph.createOrGet
    if (seg.length === 4 && seg[3] === 'microsoft.graph.createOrGet' && method === 'POST') {
      const externalId = String(b['externalId'] ?? '');
      const existing = [...this.meetings.values()].find((m) => m.externalId === externalId);
      if (existing) return [200, this.view(existing)];
      const now = Date.now();
      const threadId = `19:meeting_${rid(24)}@thread.v2`;
      const id = Buffer.from(`1*${this.organizerId}*0**${threadId}`).toString('base64url');
      const start = typeof b['startDateTime'] === 'string' ? Date.parse(b['startDateTime']) : now;
      const end = typeof b['endDateTime'] === 'string' ? Date.parse(b['endDateTime']) : start + 3_600_000;
      const m: FakeTeamsMeeting = {
        id, externalId, subject: typeof b['subject'] === 'string' ? b['subject'] : '', startDateTime: ISO(start), endDateTime: ISO(end), creationDateTime: ISO(now),
        joinWebUrl: `https://teams.fake.test/l/meetup-join/${encodeURIComponent(threadId)}/0?context=${encodeURIComponent(JSON.stringify({ Tid: this.tenantId, Oid: this.organizerId }))}`,
        joinMeetingId: String(Math.floor(1e11 + Math.random() * 9e11)), passcode: rid(4).replace(/[-_]/g, 'x').slice(0, 6), threadId,
        allowedPresenters: 'everyone', lobbyBypassSettings: { scope: 'organization', isDialInBypassEnabled: false },
        open: new Map(), current: new Map(), reports: [],
      };
      this.meetings.set(id, m);
      return [201, this.view(m)];
    }
    const m = this.meetings.get(seg[3] ?? '');
    if (!m) throw new GraphError(404, 'NotFound', 'The meeting was not found.');
    if (seg.length === 4) {
      if (method === 'GET') return [200, this.view(m)];
      if (method === 'DELETE') {
        this.meetings.delete(m.id);
        return [204, undefined];
      }
      if (method === 'PATCH') {
        if (typeof b['subject'] === 'string') m.subject = b['subject'];
        if (typeof b['startDateTime'] === 'string') m.startDateTime = ISO(Date.parse(b['startDateTime']));
        if (typeof b['endDateTime'] === 'string') m.endDateTime = ISO(Date.parse(b['endDateTime']));
        if (typeof b['allowedPresenters'] === 'string') m.allowedPresenters = b['allowedPresenters'];
        const lobby = b['lobbyBypassSettings'] as Partial<FakeTeamsMeeting['lobbyBypassSettings']> | undefined;
        if (lobby) m.lobbyBypassSettings = { ...m.lobbyBypassSettings, ...lobby };
        return [200, this.view(m)];
      }
    }
    if (seg[4] === 'attendanceReports' && method === 'GET') {
      if (seg.length === 5) {
        const reports = m.reports.map(({ records: _r, ...r }) => r);
        return [200, { '@odata.context': `${this.apiUrl}/$metadata#users('${this.organizerId}')/onlineMeetings('${m.id}')/attendanceReports`, ...this.page(reports, q, url) }];
      }
      const report = m.reports.find((r) => r.id === seg[5]);
      if (!report) throw new GraphError(404, 'NotFound', 'The attendance report was not found.');
      if (seg.length === 7 && seg[6] === 'attendanceRecords') {
        return [200, { '@odata.context': `${this.apiUrl}/$metadata#users('${this.organizerId}')/onlineMeetings('${m.id}')/attendanceReports('${report.id}')/attendanceRecords`, ...this.page(report.records, q, url) }];
      }
    }
    throw new GraphError(404, 'UnknownError', `the fake does not serve ${method} ${path}`);
  }
}
