/**
 * A stateful local fake of GoToWebinar (its v1 REST API under `/G2W/rest` and GoTo's OAuth token
 * endpoint), on an ephemeral port, serving exactly the paths the GoToWebinar connector uses. Every
 * request it receives and every answer it gives is checked against GoToWebinar's published
 * description (./gotowebinar-openapi.ts); the mismatches are kept in `violations` for the test to
 * assert empty. Keys are 19-digit integers on the wire, as GoTo's are (beyond a double's precision).
 *
 * Control API (in-process): organizer edits on GoTo's side, joins and leaves (a session with one
 * `attendance` entry per join), the webinar's end, 429s and outages on demand, revoked tokens and
 * credentials, single-use refresh tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkGoToAnswer, checkGoToRequest, checkGoToTokenAnswer, checkGoToTokenRequest } from './gotowebinar-openapi.js';

export interface FakeGoToRegistrant {
  registrantKey: string;
  firstName: string;
  lastName: string;
  email: string;
  joinUrl: string;
  registrationDate: string;
}

export interface FakeGoToSession {
  sessionKey: string;
  startTime: string;
  endTime?: string;
  /** Registrant key -> their joins, in order. */
  attendance: Map<string, Array<{ joinTime: string; leaveTime: string }>>;
  open: Map<string, string>;
}

export interface FakeWebinar {
  webinarKey: string;
  webinarID: string;
  subject: string;
  description: string;
  times: Array<{ startTime: string; endTime: string }>;
  timeZone: string;
  type: string;
  isPasswordProtected: boolean;
  registrationUrl: string;
  registrants: FakeGoToRegistrant[];
  sessions: FakeGoToSession[];
}

export interface GoToRequestLog {
  method: string;
  path: string;
  query: string;
  status: number;
}

export interface FakeGoToOptions {
  clientId?: string;
  clientSecret?: string;
  organizerKey?: string;
  /** Seconds an access token lives (GoTo: 3600). */
  tokenLifetime?: number;
}

export const API_PREFIX = '/G2W/rest';
const ISO = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** GoTo's 9-digit webinar ID (the one people dial in with; not the key). */
const webinarId = (): string => String(100_000_000 + Math.floor(Math.random() * 900_000_000));

/** JSON with the 64-bit keys written as bare integers, as GoTo writes them (BigInt values). */
function wire(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `__int64:${v}__` : v)).replace(/"__int64:(\d+)__"/g, '$1');
}

class HttpError extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) { super(String(body['description'] ?? body['msg'] ?? status)); }
}

export class FakeGoToWebinar {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly organizerKey: string;
  readonly accountKey = '9999982253621659654';
  url = '';
  /** Requests and answers that do not match GoToWebinar's published description (or GoTo's token guide). */
  readonly violations: string[] = [];
  readonly requests: GoToRequestLog[] = [];
  tokensIssued = 0;
  /** The refresh token a new connector starts from (the newest one issued). */
  refreshToken: string;
  /** GoTo's guides differ on whether a refresh token survives its use: true spends it (the connector must keep the new one). */
  singleUseRefreshTokens = false;
  /** An expired or revoked access token: GoTo's gateway answers 403 InvalidToken (default) or 401. */
  tokenRefusalStatus: 401 | 403 = 403;
  /** Whether a second registration of the same email answers the registrant's key and joinUrl with its 409. */
  duplicateNamesRegistrant = false;
  private readonly webinars = new Map<string, FakeWebinar>();
  private readonly tokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  private nextKey = 8264919063298406913n;
  private nextRegistrant = 2785734432098765312n;
  private nextSession = 5409637224011776001n;
  private server: Server | undefined;
  private rateLimited: Array<{ retryAfter?: string }> = [];
  private outage = 0;
  private failing: Array<{ when: (method: string, path: string) => boolean; times: number }> = [];
  private credentialsRevoked = false;
  private readonly tokenLifetime: number;

  constructor(opts: FakeGoToOptions = {}) {
    this.clientId = opts.clientId ?? 'a2094c4f-fake-4339-934f-4da2d788d0aa';
    this.clientSecret = opts.clientSecret ?? 'fakeClientSecret+9I9TGEQ==';
    this.organizerKey = opts.organizerKey ?? '8439885694023999999';
    this.tokenLifetime = opts.tokenLifetime ?? 3600;
    this.refreshToken = this.issueRefreshToken();
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

  get apiUrl(): string { return `${this.url}${API_PREFIX}`; }

  // ---- control ----------------------------------------------------------------------------------------------

  webinar(key: string): FakeWebinar {
    const w = this.webinars.get(key);
    if (!w) throw new Error(`the fake has no webinar ${key}`);
    return w;
  }

  allWebinars(): FakeWebinar[] { return [...this.webinars.values()]; }

  /** The next n API calls answer 429 (with Retry-After seconds or a date when given; GoTo documents none). */
  rateLimit(n: number, opts: { retryAfter?: string } = {}): void {
    for (let i = 0; i < n; i++) this.rateLimited.push(opts);
  }

  clearRateLimit(): void { this.rateLimited = []; }

  /** The next n API calls answer 503. */
  fail(n: number): void { this.outage = n; }

  /** The next `times` API calls that `when` picks answer 503 (an outage in the middle of a pass). */
  failWhen(when: (method: string, path: string) => boolean, times = 1): void {
    this.failing.push({ when, times });
  }

  /** Every access token issued so far stops working. */
  revokeTokens(): void { this.tokens.clear(); }

  /** The OAuth client's credentials stop working (its secret changed, or the client deleted). */
  revokeCredentials(revoked = true): void { this.credentialsRevoked = revoked; }


  /** An edit in GoToWebinar's own pages (GoTo sends the connector nothing: it polls). */
  organizerEdit(key: string, patch: Partial<Pick<FakeWebinar, 'subject' | 'times'>>): void {
    Object.assign(this.webinar(key), patch);
  }

  /** Cancelled in GoToWebinar's own pages. */
  deleteOnGoTo(key: string): void { this.webinars.delete(key); }

  private current(w: FakeWebinar, at: string): FakeGoToSession {
    const open = w.sessions.find((s) => s.endTime === undefined);
    if (open) return open;
    const s: FakeGoToSession = { sessionKey: String(this.nextSession++), startTime: ISO(Date.parse(at)), attendance: new Map(), open: new Map() };
    w.sessions.push(s);
    return s;
  }

  /** A registrant joins (the organizer's first join starts a session). */
  join(key: string, registrantKey: string, at: string): void {
    const w = this.webinar(key);
    if (!w.registrants.some((r) => r.registrantKey === registrantKey)) throw new Error(`no registrant ${registrantKey}`);
    this.current(w, at).open.set(registrantKey, ISO(Date.parse(at)));
  }

  leave(key: string, registrantKey: string, at: string): void {
    const s = this.current(this.webinar(key), at);
    const joined = s.open.get(registrantKey);
    if (!joined) throw new Error(`registrant ${registrantKey} is not in the webinar`);
    s.open.delete(registrantKey);
    s.attendance.set(registrantKey, [...(s.attendance.get(registrantKey) ?? []), { joinTime: joined, leaveTime: ISO(Date.parse(at)) }]);
  }

  /** The organizer ends the session: everyone still in leaves, and the session becomes a past session. */
  end(key: string, at: string): void {
    const w = this.webinar(key);
    const s = this.current(w, at);
    for (const r of [...s.open.keys()]) this.leave(key, r, at);
    s.endTime = ISO(Date.parse(at));
  }

  // ---- HTTP ------------------------------------------------------------------------------------------------

  /** A new refresh token (the organizer authorized the client again); the newest is also `refreshToken`. */
  issueRefreshToken(): string {
    const t = `eyJraWQiOiJvYXV0aHYyLmxt${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.add(t);
    this.refreshToken = t;
    return t;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const answer = (status: number, text: string | undefined, extra: Record<string, string> = {}) => {
      this.requests.push({ method, path: url.pathname, query: url.search, status });
      res.writeHead(status, { ...(text !== undefined ? { 'content-type': 'application/json' } : {}), ...extra });
      res.end(text);
    };
    if (url.pathname === '/oauth/token') {
      this.violations.push(...checkGoToTokenRequest(method, url.searchParams, headers, raw));
      const [out, status] = this.token(raw, headers['authorization']);
      this.violations.push(...checkGoToTokenAnswer(status, out));
      answer(status, JSON.stringify(out));
      return;
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      answer(404, JSON.stringify({ errorCode: 'NotFound', description: 'Not found' }));
      return;
    }
    const path = url.pathname.slice(API_PREFIX.length);
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        this.violations.push(`${method} ${path}: the body is not JSON`);
      }
    }
    const asked = checkGoToRequest(method, path, url.searchParams, body, headers);
    this.violations.push(...asked);
    const send = (status: number, out?: unknown, extra: Record<string, string> = {}) => {
      const text = out !== undefined ? wire(out) : undefined;
      // Checked as the connector receives it: the text on the wire.
      this.violations.push(...checkGoToAnswer(method, path, status, text !== undefined ? JSON.parse(text) : undefined));
      answer(status, text, extra);
    };
    const bearer = /^Bearer (.+)$/.exec(headers['authorization'] ?? '')?.[1];
    const until = bearer ? this.tokens.get(bearer) : undefined;
    if (until === undefined || until < Date.now()) {
      send(this.tokenRefusalStatus, { int_err_code: 'InvalidToken', msg: 'Invalid token passed' });
      return;
    }
    if (this.rateLimited.length > 0) {
      const limited = this.rateLimited.shift() ?? {};
      send(429, { int_err_code: 'TooManyRequests', msg: 'Too many requests' }, limited.retryAfter !== undefined ? { 'retry-after': limited.retryAfter } : {});
      return;
    }
    const picked = this.failing.find((f) => f.times > 0 && f.when(method, path));
    if (picked) picked.times--;
    if (this.outage > 0 || picked) {
      if (!picked) this.outage--;
      // 5xx are in no operation of the description: answered without a check.
      answer(503, JSON.stringify({ errorCode: 'ServiceUnavailable', description: 'Service unavailable' }));
      return;
    }
    if (asked.length > 0) {
      // GoTo's validation failure: the request is already a violation.
      send(400, { errorCode: 'InvalidRequest', description: 'The request is not valid.', incident: randomUUID() });
      return;
    }
    try {
      const [status, out] = this.route(method, path, body);
      send(status, out);
    } catch (err) {
      if (err instanceof HttpError) send(err.status, err.body);
      else throw err;
    }
  }

  private token(raw: string, authorization: string | undefined): [unknown, number] {
    const basic = /^Basic (.+)$/.exec(authorization ?? '')?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64').toString('utf8').split(':');
    if (this.credentialsRevoked || id !== this.clientId || secret !== this.clientSecret) return [{ error: 'invalid_client', error_description: 'Bad client credentials' }, 401];
    const form = new URLSearchParams(raw);
    const given = form.get('refresh_token') ?? '';
    if (form.get('grant_type') !== 'refresh_token') return [{ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' }, 400];
    if (!this.refreshTokens.has(given)) return [{ error: 'invalid_grant', error_description: 'Invalid refresh token' }, 400];
    let refresh = given;
    if (this.singleUseRefreshTokens) {
      this.refreshTokens.delete(given);
      refresh = this.issueRefreshToken();
    }
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, Date.now() + this.tokenLifetime * 1000);
    this.tokensIssued++;
    return [{
      access_token: token, token_type: 'Bearer', refresh_token: refresh, expires_in: this.tokenLifetime, organizer_key: this.organizerKey, account_key: this.accountKey,
      account_type: 'corporate', firstName: 'Olga', lastName: 'Organizer', email: 'organizer@goto.example.test', version: '3',
    }, 200];
  }

  private find(key: string): FakeWebinar {
    const w = this.webinars.get(key);
    if (!w) throw new HttpError(404, { errorCode: 'NotFound', description: 'Webinar with specified key not found.', incident: randomUUID() });
    return w;
  }

  private view(w: FakeWebinar, full: boolean): Record<string, unknown> {
    return {
      webinarKey: BigInt(w.webinarKey), webinarID: w.webinarID, subject: w.subject, description: w.description, organizerKey: BigInt(this.organizerKey),
      times: w.times, timeZone: w.timeZone, inSession: w.sessions.some((s) => s.endTime === undefined && (s.open.size > 0 || s.attendance.size > 0)),
      registrationUrl: w.registrationUrl,
      ...(full ? { numberOfRegistrants: w.registrants.length, numberOfOpenedInvitations: 0, numberOfRegistrationLinkClicks: 0 } : {}),
    };
  }

  private route(method: string, path: string, body: unknown): [number, unknown] {
    const b = (body ?? {}) as Record<string, unknown>;
    const seg = path.split('/').filter(Boolean).map((x) => decodeURIComponent(x));
    if (seg[0] !== 'organizers' || seg[1] !== this.organizerKey) {
      throw new HttpError(403, { errorCode: 'AccessDenied', description: 'The organizer key does not belong to the token\'s user.', incident: randomUUID() });
    }
    // /organizers/{o}/upcomingWebinars
    if (seg.length === 3 && seg[2] === 'upcomingWebinars' && method === 'GET') {
      const upcoming = [...this.webinars.values()].filter((w) => !w.sessions.some((s) => s.endTime !== undefined) && w.times.some((t) => Date.parse(t.endTime) > Date.now()));
      return [200, upcoming.map((w) => this.view(w, false))];
    }
    // /organizers/{o}/webinars
    if (seg.length === 3 && seg[2] === 'webinars' && method === 'POST') {
      const key = String(this.nextKey++);
      const times = (b['times'] as Array<{ startTime: string; endTime: string }>).map((t) => ({ startTime: ISO(Date.parse(t.startTime)), endTime: ISO(Date.parse(t.endTime)) }));
      if (times.length !== 1) throw new HttpError(400, { errorCode: 'InvalidRequest', description: 'A single-session webinar has one time range.', incident: randomUUID() });
      this.webinars.set(key, {
        webinarKey: key, webinarID: webinarId(), subject: String(b['subject'] ?? ''), description: String(b['description'] ?? ''), times,
        timeZone: String(b['timeZone'] ?? 'America/New_York'), type: String(b['type'] ?? 'single_session'), isPasswordProtected: b['isPasswordProtected'] === true,
        registrationUrl: `https://attendee.gotowebinar.example.test/register/${key}`, registrants: [], sessions: [],
      });
      // CreatedWebinar: webinarKey is a string there.
      return [201, { webinarKey: key }];
    }
    const w = seg[2] === 'webinars' && seg[3] !== undefined ? this.find(seg[3]) : undefined;
    if (!w) throw new HttpError(404, { errorCode: 'NotFound', description: `the fake does not serve ${method} ${path}`, incident: randomUUID() });
    // /organizers/{o}/webinars/{w}
    if (seg.length === 4) {
      if (method === 'GET') return [200, this.view(w, true)];
      if (method === 'PUT') {
        if (typeof b['subject'] === 'string') w.subject = b['subject'];
        if (typeof b['description'] === 'string') w.description = b['description'];
        if (Array.isArray(b['times'])) w.times = (b['times'] as Array<{ startTime: string; endTime: string }>).map((t) => ({ startTime: ISO(Date.parse(t.startTime)), endTime: ISO(Date.parse(t.endTime)) }));
        return [202, undefined];
      }
      if (method === 'DELETE') {
        this.webinars.delete(w.webinarKey);
        return [204, undefined];
      }
    }
    // /organizers/{o}/webinars/{w}/registrants
    if (seg.length === 5 && seg[4] === 'registrants') {
      if (method === 'POST') {
        const email = String(b['email'] ?? '');
        const existing = w.registrants.find((r) => r.email.toLowerCase() === email.toLowerCase());
        if (existing) {
          throw new HttpError(409, {
            errorCode: 'DuplicateRegistrant', description: 'The user is already registered.', incident: randomUUID(),
            ...(this.duplicateNamesRegistrant ? { registrantKey: BigInt(existing.registrantKey), joinUrl: existing.joinUrl } : {}),
          });
        }
        const key = String(this.nextRegistrant++);
        const r: FakeGoToRegistrant = {
          registrantKey: key, firstName: String(b['firstName'] ?? ''), lastName: String(b['lastName'] ?? ''), email,
          joinUrl: `https://global.gotowebinar.example.test/join/${w.webinarKey}/${randomBytes(6).toString('hex')}`, registrationDate: ISO(Date.now()),
        };
        w.registrants.push(r);
        return [201, { registrantKey: BigInt(key), joinUrl: r.joinUrl }];
      }
      return [200, w.registrants.map((r) => ({ ...r, registrantKey: BigInt(r.registrantKey), status: 'APPROVED', timeZone: w.timeZone }))];
    }
    // /organizers/{o}/webinars/{w}/sessions: past sessions only.
    if (seg.length === 5 && seg[4] === 'sessions' && method === 'GET') {
      return [200, w.sessions.filter((s) => s.endTime !== undefined).map((s) => ({
        sessionKey: BigInt(s.sessionKey), webinarKey: BigInt(w.webinarKey), webinarID: w.webinarID, startTime: s.startTime, endTime: s.endTime, registrantsAttended: s.attendance.size,
      }))];
    }
    // /organizers/{o}/webinars/{w}/sessions/{s}/attendees
    if (seg.length === 7 && seg[4] === 'sessions' && seg[6] === 'attendees' && method === 'GET') {
      const s = w.sessions.find((x) => x.sessionKey === seg[5] && x.endTime !== undefined);
      if (!s) throw new HttpError(404, { errorCode: 'NotFound', description: 'Session with specified key not found.', incident: randomUUID() });
      return [200, [...s.attendance.entries()].map(([key, joins]) => {
        const r = w.registrants.find((x) => x.registrantKey === key);
        return {
          registrantKey: BigInt(key), sessionKey: BigInt(s.sessionKey), firstName: r?.firstName ?? '', lastName: r?.lastName ?? '', email: r?.email ?? '',
          attendanceTimeInSeconds: joins.reduce((sum, j) => sum + Math.round((Date.parse(j.leaveTime) - Date.parse(j.joinTime)) / 1000), 0), attendance: joins,
        };
      })];
    }
    throw new HttpError(404, { errorCode: 'NotFound', description: `the fake does not serve ${method} ${path}`, incident: randomUUID() });
  }
}
