import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ProviderHttpError } from '../provider.js';
import type {
  ChangeNotification, MeetingFields, MeetingSpec, ParticipantJoin, ProviderMeeting, Recording, Registrant, Registration, WebcastProvider,
} from '../provider.js';
import { retryAfterMs, send, unavailable, type BodyCheck, type ConnectorHttpOptions } from './http.js';

/**
 * The GoToWebinar connector: GoToWebinar's v1 REST API as published
 * (../shared/reference/platforms/gotowebinar-api.json), acting for one organizer through an OAuth
 * client of the GoTo Developer Center and that organizer's refresh token. Every session is held as a
 * single-session webinar. See docs/sync.md ("GoToWebinar") for what to create on GoTo's side.
 *
 * What the published API has no place for, and so is left out: recordings (no recording endpoint),
 * an attendee password or host key (GoTo sets neither through it), and webhooks (GoTo's belong to
 * its v2 API, outside the description): the connector polls.
 */
export interface GoToWebinarProviderOptions extends ConnectorHttpOptions {
  /** The OAuth client's id and secret (GoTo Developer Center > OAuth Clients). */
  clientId: string;
  clientSecret: string;
  /** The organizer's refresh token, from authorizing the client once as that organizer (authorization code grant). */
  refreshToken: string;
  /** The organizer who holds the webinars; default the one GoTo names in its token answer (`organizer_key`). */
  organizerKey?: string;
  /** A GoTo time-zone id for the webinars' pages and mails (e.g. `Europe/Berlin`); default the organizer's profile's. */
  timeZone?: string;
  /** Default https://api.getgo.com/G2W/rest (the description's server). */
  apiUrl?: string;
  /** Default https://authentication.logmeininc.com (the token is asked at {oauthUrl}/oauth/token). */
  oauthUrl?: string;
  /**
   * Told each refresh token GoTo answers. GoTo may answer a new one with each refresh (and the old one then no longer
   * works): whoever keeps the credentials stores it. Without it, the newest one is kept in this process only.
   */
  onRefreshToken?: (token: string) => void | Promise<void>;
  /** The account's connection these settings come from (its name): failures then name it instead of the GOTO_* variables. */
  connectionName?: string;
}

/** GoTo's keys are 64-bit integers: read as digits (see parseJson), small ones may come as numbers. */
const Key = Type.Union([Type.String({ pattern: '^\\d+$' }), Type.Integer({ minimum: 0 })]);
// What we read of GoTo's answers: checked before use, so a surprise fails the pass loudly.
const TokenBody = Compile(Type.Object({
  access_token: Type.String(), expires_in: Type.Number(), refresh_token: Type.Optional(Type.String()), organizer_key: Type.Optional(Type.Union([Type.String(), Type.Number()])),
}));
const TokenError = Compile(Type.Object({ error: Type.Optional(Type.String()), error_description: Type.Optional(Type.String()) }));
const Range = Type.Object({ startTime: Type.String(), endTime: Type.String() });
const WebinarSchema = Type.Object({
  webinarKey: Key, subject: Type.String(), description: Type.Optional(Type.String()), times: Type.Array(Range),
  inSession: Type.Optional(Type.Boolean()), registrationUrl: Type.Optional(Type.String()),
});
type GoToWebinar = Static<typeof WebinarSchema>;
const Webinar = Compile(WebinarSchema);
const Webinars = Compile(Type.Array(WebinarSchema));
const Created = Compile(Type.Object({ webinarKey: Key }));
const NewRegistrant = Compile(Type.Object({ registrantKey: Key, joinUrl: Type.String() }));
const Registrants = Compile(Type.Array(Type.Object({ registrantKey: Key, email: Type.String(), joinUrl: Type.String() })));
const Sessions = Compile(Type.Array(Type.Object({ sessionKey: Key, startTime: Type.String(), endTime: Type.Optional(Type.String()) })));
const Attendees = Compile(Type.Array(Type.Object({
  registrantKey: Key, attendanceTimeInSeconds: Type.Optional(Type.Number()),
  attendance: Type.Optional(Type.Array(Type.Object({ joinTime: Type.String(), leaveTime: Type.String() }))),
})));
// GoTo's API errors ({errorCode, description, incident}) and its gateway's ({int_err_code, msg}).
const GoToError = Compile(Type.Object({
  errorCode: Type.Optional(Type.String()), description: Type.Optional(Type.String()), int_err_code: Type.Optional(Type.String()), msg: Type.Optional(Type.String()),
}));
const Anything = Compile(Type.Unknown());

/** The line in the webinar's description that names the eventline session (the webinar list answers the description). */
export const GOTO_SESSION_MARKER = 'eventline session ';
const SUBJECT_MAX = 128;

/** GoTo wants `yyyy-MM-ddTHH:mm:ssZ`. */
const gotoTime = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** A time GoTo answered, as ISO-8601 UTC; a surprise fails the pass loudly rather than writing a wrong check-in. */
const iso = (t: string): string => {
  const ms = Date.parse(t);
  if (Number.isNaN(ms)) throw new ProviderHttpError(502, 'GoToWebinar answered a time that is not a date');
  return new Date(ms).toISOString();
};
const keyOf = (k: string | number): string => String(k);
/** GoTo's messages may quote what was sent: emails never reach the sync state or the log. */
const redact = (s: string): string => s.replace(/[^\s"'<>()]+@[^\s"'<>()]+/g, '***').slice(0, 300);

/**
 * JSON.parse, except that an integer too long for a double keeps its digits, as a string. GoTo's keys
 * (webinarKey, registrantKey, sessionKey, organizerKey) are 64-bit and often 19 digits long: parsed as
 * numbers they would lose their last digits, and name another webinar or registrant.
 */
export function parseJson(text: string): unknown {
  let out = '';
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skipped whole, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text.charAt(j))) j++;
      const integer = !/[.eE]/.test(text.charAt(j));
      if (integer && !Number.isSafeInteger(Number(text.slice(i, j)))) {
        out += `${text.slice(from, i)}"${text.slice(i, j)}"`;
        from = j;
      }
      while (j < text.length && /[0-9.eE+-]/.test(text.charAt(j))) j++;
      i = j;
    } else {
      i++;
    }
  }
  return JSON.parse(out + text.slice(from));
}

export class GoToWebinarProvider implements WebcastProvider {
  readonly name = 'gotowebinar';
  readonly webcastProvider = 'GoToWebinar';
  private readonly api: string;
  private readonly oauth: string;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private refreshToken: string;
  private organizerKey: string | undefined;
  private token: { value: string; until: number } | undefined;
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly opts: GoToWebinarProviderOptions) {
    this.api = (opts.apiUrl ?? 'https://api.getgo.com/G2W/rest').replace(/\/+$/, '');
    this.oauth = (opts.oauthUrl ?? 'https://authentication.logmeininc.com').replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
    this.refreshToken = opts.refreshToken;
    this.organizerKey = opts.organizerKey;
  }

  private named(variables: string, field: string): string {
    return this.opts.connectionName !== undefined ? `the ${field} of the connection "${this.opts.connectionName}"` : variables;
  }

  // ---- OAuth --------------------------------------------------------------------------------------------------

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => { this.tokenRequest = undefined; });
    return this.tokenRequest;
  }

  /** The refresh-token grant (GoTo's "How to use refresh tokens"): HTTP Basic client id and secret, a form body. */
  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64');
    const res = await this.send(`${this.oauth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: this.refreshToken }).toString(),
    });
    // The answer's organizer_key is a 64-bit key too.
    const body: unknown = await res.text().then(parseJson).catch(() => undefined);
    if (!res.ok) {
      if (res.status >= 500) throw this.unavailable(res.status);
      const error = TokenError.Check(body) ? body.error : undefined;
      const said = TokenError.Check(body) && (body.error_description ?? body.error) ? `: ${redact(body.error_description ?? body.error ?? '')}` : '';
      if (error === 'invalid_client' || res.status === 401) {
        throw new ProviderHttpError(res.status, `GoTo refused the OAuth client's credentials (${res.status}${said}). The client was deleted or its secret changed: `
          + `check ${this.named('GOTO_CLIENT_ID and GOTO_CLIENT_SECRET', 'client id and secret')} against the client on the GoTo Developer Center (OAuth Clients).`);
      }
      throw new ProviderHttpError(res.status, `GoTo refused the organizer's refresh token (${res.status}${said}). It expired (unused for 30 days), was used up `
        + 'by another process, or the organizer revoked the access: authorize the OAuth client again as the organizer (docs/sync.md, "GoToWebinar") '
        + `and set the new ${this.named('GOTO_REFRESH_TOKEN', 'refresh token')}.`);
    }
    if (!TokenBody.Check(body)) throw new ProviderHttpError(502, 'GoTo answered the token request with a body of an unexpected shape');
    if (body.refresh_token && body.refresh_token !== this.refreshToken) {
      // GoTo may rotate the refresh token: the old one may be spent already, so the new one is kept and handed on.
      this.refreshToken = body.refresh_token;
      await this.opts.onRefreshToken?.(body.refresh_token);
    }
    this.organizerKey ??= body.organizer_key !== undefined && String(body.organizer_key) !== '' ? String(body.organizer_key) : undefined;
    // Kept until a minute before GoTo says it expires (an hour): one token request per hour, not per call.
    this.token = { value: body.access_token, until: this.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  /** `/organizers/{organizerKey}`, once the organizer is known (from the settings, else from the token answer). */
  private async organizer(): Promise<string> {
    if (this.organizerKey === undefined) await this.accessToken();
    if (this.organizerKey === undefined) {
      throw new ProviderHttpError(400, `GoTo's token answer named no organizer: set ${this.named('GOTO_ORGANIZER_KEY', 'organizer key')} to the key of the organizer who holds the webinars.`);
    }
    return `/organizers/${encodeURIComponent(this.organizerKey)}`;
  }

  /** "Test connection": a token, then the organizer's upcoming webinars (the list findMeeting reads). */
  async checkConnection(): Promise<string> {
    const list = await this.call('GET', `${await this.organizer()}/upcomingWebinars`, Webinars);
    return `GoTo accepted the OAuth client and the refresh token; organizer ${this.organizerKey ?? ''} has ${list?.length ?? 0} upcoming webinars.`;
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------------

  private unavailable(status: number, cause?: string): ProviderHttpError {
    return unavailable('GoToWebinar', status, cause);
  }

  private send(url: string, init: RequestInit): Promise<Response> {
    return send(this.fetchFn, 'GoToWebinar', url, init);
  }

  /** How long to wait before retrying a 429: Retry-After (seconds or a date) when GoTo sends one, else back-off. */
  private retryWait(res: Response, attempt: number): number {
    const after = retryAfterMs(res, this.now());
    if (after !== undefined) return after;
    return Math.min(250 * 2 ** attempt, 8_000);
  }

  /** GoTo answers an expired or revoked access token with 401, or (its older gateway) 403 `InvalidToken`. */
  private async tokenRefused(res: Response): Promise<{ refused: boolean; body: unknown }> {
    if (res.status !== 401 && res.status !== 403) return { refused: false, body: undefined };
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const code = GoToError.Check(body) ? (body.int_err_code ?? body.errorCode) : undefined;
    return { refused: res.status === 401 || code === 'InvalidToken', body };
  }

  private async call<T>(
    method: string, path: string, answer: BodyCheck<T>,
    opts: { query?: Record<string, string | number | boolean>; body?: unknown; allow?: readonly number[] } = {},
  ): Promise<T | undefined> {
    const r = await this.exchange(method, path, answer, opts);
    return r.status < 300 ? r.value : undefined;
  }

  /** One API call: a 401 gets one new token and one more try, a 429 waits and tries again; `allow`ed statuses are answered. */
  private async exchange<T>(
    method: string, path: string, answer: BodyCheck<T>,
    opts: { query?: Record<string, string | number | boolean>; body?: unknown; allow?: readonly number[] } = {},
  ): Promise<{ status: number; value?: T; body?: unknown }> {
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
      const refusal = await this.tokenRefused(res);
      if (refusal.refused) {
        if (!refreshed) {
          // Expired or revoked early: one new token, one more try.
          this.token = undefined;
          refreshed = true;
          attempt--;
          continue;
        }
        throw new ProviderHttpError(res.status, `GoTo refused the organizer's access token twice${this.said(refusal.body)}: the organizer revoked the OAuth client's access, `
          + `or the client was deleted. Authorize the client again as the organizer and set the new ${this.named('GOTO_REFRESH_TOKEN', 'refresh token')}.`);
      }
      if (res.status === 429) {
        await res.body?.cancel();
        const wait = this.retryWait(res, attempt);
        if (attempt >= maxRetries || wait > maxWait) {
          throw new ProviderHttpError(429, `GoTo's rate limit for this OAuth client was reached (${method} ${path}${wait > maxWait ? `, retry after ${Math.round(wait / 1000)} s` : `, ${attempt + 1} tries`}): `
            + 'nothing was lost, the sync tries again on its next pass. Many sessions at once: raise SYNC_INTERVAL_SECONDS.');
        }
        await this.sleep(wait);
        continue;
      }
      const text = res.status === 401 || res.status === 403 ? undefined : await res.text().catch(() => '');
      let body: unknown = res.status === 401 || res.status === 403 ? refusal.body : undefined;
      if (text) {
        try {
          body = parseJson(text);
        } catch {
          if (res.ok) throw new ProviderHttpError(502, `GoToWebinar answered ${method} ${path} with a body that is not JSON`);
        }
      }
      if (opts.allow?.includes(res.status)) return { status: res.status, body };
      if (!res.ok) throw this.explain(res.status, body, method, path);
      if (body === undefined) return { status: res.status };
      if (!answer.Check(body)) throw new ProviderHttpError(502, `GoToWebinar answered ${method} ${path} with a body of an unexpected shape`);
      return { status: res.status, value: body, body };
    }
  }

  private said(body: unknown): string {
    if (!GoToError.Check(body)) return '';
    const text = body.description ?? body.msg ?? '';
    return text ? ` (GoTo said: ${redact(text)})` : '';
  }

  /** The failure in a planner's words: what happened and what to do. */
  private explain(s: number, body: unknown, method: string, path: string): ProviderHttpError {
    const said = this.said(body);
    const code = GoToError.Check(body) ? (body.errorCode ?? body.int_err_code) : undefined;
    if (s >= 500) return this.unavailable(s);
    if (s === 403) {
      return new ProviderHttpError(s, `GoTo does not let the organizer do ${method} ${path}${said}: the refresh token belongs to a user who is not `
        + `the organizer ${this.organizerKey ?? ''} (${this.named('GOTO_ORGANIZER_KEY', 'organizer key')}), or that user has no GoToWebinar licence.`);
    }
    if (s === 404) {
      return new ProviderHttpError(s, `The webinar is gone from GoToWebinar (cancelled or deleted there)${said}. The next pass marks the webcast cancelled; `
        + 'to hold the session on GoToWebinar again, delete its webcast in eventline and the next pass creates a new webinar.');
    }
    return new ProviderHttpError(s, `GoToWebinar refused ${method} ${path} (${s}${code !== undefined ? `, ${code}` : ''})${said}.`);
  }

  // ---- webinars -------------------------------------------------------------------------------------------------

  private toMeeting(w: GoToWebinar, ended: boolean): ProviderMeeting {
    const starts = w.times.map((t) => Date.parse(t.startTime)).filter((n) => !Number.isNaN(n));
    const ends = w.times.map((t) => Date.parse(t.endTime)).filter((n) => !Number.isNaN(n));
    const start = starts.length > 0 ? Math.min(...starts) : this.now();
    const end = ends.length > 0 ? Math.max(...ends) : start + 3_600_000;
    const marker = (w.description ?? '').split('\n').find((l) => l.startsWith(GOTO_SESSION_MARKER));
    return {
      id: keyOf(w.webinarKey), kind: 'webinar', status: w.inSession === true ? 'started' : ended ? 'ended' : 'scheduled',
      title: w.subject, start: new Date(start).toISOString(), end: new Date(end).toISOString(),
      // GoTo's API sets no attendee password and no host key: both stay empty, so they never differ.
      password: '', hostKey: '', externalId: marker?.slice(GOTO_SESSION_MARKER.length).trim() || undefined,
      // Everyone joins through a personal link; the webinar's own is its registration page. The organizer starts it in GoTo's app.
      joinUrl: w.registrationUrl ?? '', hostUrl: '',
      // GoTo's webinar has no modification time: a conflict (both sides edited between two passes) keeps eventline's edit.
      updatedAt: new Date(0).toISOString(),
    };
  }

  private async webinarPath(id: string): Promise<string> {
    return `${await this.organizer()}/webinars/${encodeURIComponent(id)}`;
  }

  async createMeeting(spec: MeetingSpec): Promise<ProviderMeeting> {
    const created = await this.call('POST', `${await this.organizer()}/webinars`, Created, {
      body: {
        subject: spec.title.slice(0, SUBJECT_MAX), description: `${GOTO_SESSION_MARKER}${spec.externalId}`,
        times: [{ startTime: gotoTime(spec.start), endTime: gotoTime(spec.end) }], type: 'single_session', isPasswordProtected: false,
        ...(this.opts.timeZone ? { timeZone: this.opts.timeZone } : {}),
      },
    });
    if (!created) throw new ProviderHttpError(502, 'GoToWebinar answered the creation with no webinar');
    const id = keyOf(created.webinarKey);
    const w = await this.call('GET', await this.webinarPath(id), Webinar);
    if (!w) throw new ProviderHttpError(502, 'GoToWebinar does not find the webinar it just created');
    return this.toMeeting(w, false);
  }

  async getMeeting(id: string): Promise<ProviderMeeting | undefined> {
    const path = await this.webinarPath(id);
    const r = await this.exchange('GET', path, Webinar, { allow: [404] });
    if (!r.value) return undefined;
    const w = r.value;
    // A webinar has ended when GoTo lists a past session of it (and none is in progress). Asked only from an hour
    // before the start on (a webinar is not held earlier), to spare the rate limit.
    let ended = false;
    const start = Math.min(...w.times.map((t) => Date.parse(t.startTime)));
    if (w.inSession !== true && !(start - 3_600_000 > this.now())) {
      const sessions = await this.call('GET', `${path}/sessions`, Sessions);
      ended = (sessions ?? []).some((s) => s.endTime !== undefined);
    }
    return this.toMeeting(w, ended);
  }

  async findMeeting(externalId: string): Promise<ProviderMeeting | undefined> {
    const marker = `${GOTO_SESSION_MARKER}${externalId}`;
    // Only scheduled webinars: findMeeting looks for one made by a run killed before it linked it.
    const list = await this.call('GET', `${await this.organizer()}/upcomingWebinars`, Webinars);
    const hit = (list ?? []).find((w) => (w.description ?? '').split('\n').some((l) => l.trim() === marker));
    return hit ? this.getMeeting(keyOf(hit.webinarKey)) : undefined;
  }

  async updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void> {
    // No password or host key through GoTo's API: only the subject and the times change.
    const { title, start, end } = fields;
    if (title === undefined && start === undefined && end === undefined) return;
    // GoTo takes the start and the end together: the one not changed is read first.
    const current = (start === undefined) !== (end === undefined) ? await this.getMeeting(id) : undefined;
    if ((start === undefined) !== (end === undefined) && !current) throw this.explain(404, undefined, 'PUT', await this.webinarPath(id));
    const s = start ?? current?.start;
    const e = end ?? current?.end;
    const body = {
      ...(title !== undefined ? { subject: title.slice(0, SUBJECT_MAX) } : {}),
      ...(s !== undefined && e !== undefined ? { times: [{ startTime: gotoTime(s), endTime: gotoTime(e) }] } : {}),
    };
    // eventline sends its own mails: GoTo's change notice to the registrants stays off.
    await this.call('PUT', await this.webinarPath(id), Anything, { body, query: { notifyParticipants: false } });
  }

  async cancelMeeting(id: string): Promise<void> {
    await this.call('DELETE', await this.webinarPath(id), Anything, { query: { sendCancellationEmails: false }, allow: [404] });
  }

  // ---- registrants ----------------------------------------------------------------------------------------------

  async registerAttendee(meetingId: string, who: Registration): Promise<Registrant> {
    const path = `${await this.webinarPath(meetingId)}/registrants`;
    // GoTo needs both names; an attendee without one is registered with a dash rather than refused.
    const body = { firstName: who.firstName || '-', lastName: who.lastName || '-', email: who.email };
    const r = await this.exchange('POST', path, NewRegistrant, { body, query: { resendConfirmation: false }, allow: [409] });
    if (r.value) return { id: keyOf(r.value.registrantKey), joinUrl: r.value.joinUrl, attendeeId: who.attendeeId };
    // 409: registered already (an earlier run, or GoTo's own page). GoTo names the registrant in its answer; when it does
    // not, the registrant list does, by email.
    if (NewRegistrant.Check(r.body)) return { id: keyOf(r.body.registrantKey), joinUrl: r.body.joinUrl, attendeeId: who.attendeeId };
    const list = await this.call('GET', path, Registrants);
    const found = (list ?? []).find((x) => x.email.toLowerCase() === who.email.toLowerCase());
    if (!found) throw new ProviderHttpError(409, 'GoToWebinar says the attendee is registered already but does not list the registration; the next pass tries again.');
    return { id: keyOf(found.registrantKey), joinUrl: found.joinUrl, attendeeId: who.attendeeId };
  }

  async listRegistrants(meetingId: string): Promise<Registrant[]> {
    const list = await this.call('GET', `${await this.webinarPath(meetingId)}/registrants`, Registrants);
    // GoTo keeps no answer of ours on a registrant that its list shows: the links written back (sourceId) name the attendee.
    return (list ?? []).map((r) => ({ id: keyOf(r.registrantKey), joinUrl: r.joinUrl, attendeeId: undefined }));
  }

  // ---- after the webinar ----------------------------------------------------------------------------------------

  /** Every join of every past session: one row per `attendance` entry (a re-join is a second entry). */
  async listParticipants(meetingId: string): Promise<ParticipantJoin[]> {
    const path = await this.webinarPath(meetingId);
    const out: ParticipantJoin[] = [];
    for (const s of (await this.call('GET', `${path}/sessions`, Sessions)) ?? []) {
      const attendees = await this.call('GET', `${path}/sessions/${encodeURIComponent(keyOf(s.sessionKey))}/attendees`, Attendees);
      for (const a of attendees ?? []) {
        const registrantId = keyOf(a.registrantKey);
        const joins = a.attendance ?? [];
        for (const j of joins) {
          const joinedAt = iso(j.joinTime);
          const leftAt = iso(j.leaveTime);
          out.push({ registrantId, joinedAt, leftAt, durationSeconds: Math.max(0, Math.round((Date.parse(leftAt) - Date.parse(joinedAt)) / 1000)) });
        }
        // No join times, only GoTo's total: one row over the session.
        if (joins.length === 0 && (a.attendanceTimeInSeconds ?? 0) > 0) {
          out.push({ registrantId, joinedAt: iso(s.startTime), leftAt: iso(s.endTime ?? s.startTime), durationSeconds: a.attendanceTimeInSeconds ?? 0 });
        }
      }
    }
    return out;
  }

  /** GoToWebinar's published API has no recording endpoint: nothing to bring home (docs/sync.md, "GoToWebinar"). */
  getRecording(): Promise<Recording | undefined> {
    return Promise.resolve(undefined);
  }

  // ---- webhooks ---------------------------------------------------------------------------------------------------

  /**
   * Polling only: GoTo's webhooks belong to its v2 API, whose signature scheme is not in the published description
   * this connector is checked against. Every call is refused, and its body is never read.
   */
  verifyNotification(_headers: Readonly<Record<string, string | string[] | undefined>>, _rawBody: string): ChangeNotification | undefined {
    return undefined;
  }
}

/** For the registry: a GoToWebinar provider from settings, or a message naming what is missing. */
export function gotowebinarFromSettings(s: Partial<GoToWebinarProviderOptions>): GoToWebinarProvider {
  const missing = (['clientId', 'clientSecret', 'refreshToken'] as const).filter((k) => !s[k]);
  if (missing.length > 0) {
    const names: Record<string, string> = { clientId: 'GOTO_CLIENT_ID', clientSecret: 'GOTO_CLIENT_SECRET', refreshToken: 'GOTO_REFRESH_TOKEN' };
    throw new Error(`the gotowebinar provider needs ${missing.map((k) => names[k]).join(', ')}: the OAuth client's credentials and the organizer's refresh token (docs/sync.md, "GoToWebinar")`);
  }
  return new GoToWebinarProvider(s as GoToWebinarProviderOptions);
}
