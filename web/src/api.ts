// The planner pages' client of the public API (/ea), with the token from the
// authorization code + PKCE sign-in.
//
// The pages' calls count against the account's rate limit like any other
// client's (a Free account: 2 calls a second, burst 1). So every call goes
// through one queue: few calls in flight (as many as the last answer's
// `RateLimit` field says are left, at most MAX_IN_FLIGHT), paced at the
// policy's rate once the burst is used up, and a 429 or 503 is retried after
// its `Retry-After` while the page shows that it is waiting, not an error.
import type { Page } from '../../src/client/types.js';
import { policyItem, retryAfterSeconds } from './ratelimit.js';

export { retryAfterSeconds };

export interface ApiErrorBody {
  code?: number;
  message?: string;
  target?: string;
  details?: Array<{ code?: string; message?: string; target?: string }>;
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) {
    super(body.message ?? `Request failed (${status})`);
  }

  /** Field name -> message, from `target` and `details[].target`. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.body.target) out[this.body.target] = this.message;
    for (const d of this.body.details ?? []) if (d.target && d.message) out[d.target] = d.message;
    return out;
  }
}

// The planner's sign-in, shared by every tab of the origin (localStorage), and renewed with its rotating refresh
// token when the access token expires (docs/oauth.md). Another tab's sign-in or sign-out reaches this one through
// the `storage` event (App.tsx).
export const TOKEN_KEY = 'eventline.token';
const CLIENT_ID = 'eventline-web';

export interface StoredToken {
  accessToken: string;
  /** Epoch ms, a little before the token's real expiry. */
  expiresAt: number;
  /** The rotating refresh token: each renewal spends it and stores the next one. */
  refreshToken?: string;
}

function readStored(): StoredToken | undefined {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    return raw ? (JSON.parse(raw) as StoredToken) : undefined;
  } catch {
    return undefined;
  }
}

/** The access token, while it is valid. */
export function getToken(): StoredToken | undefined {
  const t = readStored();
  return t && t.expiresAt > Date.now() ? t : undefined;
}

/** Whether the planner is signed in: a valid access token, or a refresh token to get one with. */
export function hasSession(): boolean {
  const t = readStored();
  return t !== undefined && (t.expiresAt > Date.now() || t.refreshToken !== undefined);
}

export function setToken(t: StoredToken | undefined): void {
  if (t) localStorage.setItem(TOKEN_KEY, JSON.stringify(t));
  else localStorage.removeItem(TOKEN_KEY);
}

/** Stores a token endpoint answer. */
export function storeTokenAnswer(body: { access_token: string; expires_in?: number; refresh_token?: string }): void {
  setToken({
    accessToken: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 3600) - 30) * 1000,
    ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
  });
}

let renewing: Promise<StoredToken | undefined> | undefined;

/** Serialises renewals across tabs where the browser offers Web Locks (secure origins); elsewhere within this tab. */
async function withRenewLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: { request: (name: string, cb: () => Promise<T>) => Promise<T> } }).locks;
  return locks ? locks.request('eventline.renew', fn) : fn();
}

/**
 * A valid access token: the stored one, or a renewed one when it has expired and a refresh token is stored.
 * Undefined when the planner must sign in again (no refresh token, or the server refused it).
 */
export async function freshToken(force = false): Promise<StoredToken | undefined> {
  const valid = getToken();
  if (valid && !force) return valid;
  renewing ??= withRenewLock(async () => {
    const current = readStored();
    // Another tab may have renewed while this one waited for the lock.
    if (current && current.expiresAt > Date.now() && (!force || current.accessToken !== valid?.accessToken)) return current;
    if (!current?.refreshToken) return undefined;
    let res: Response;
    try {
      res = await fetch('/ea/oauth2/token', {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: current.refreshToken }),
      });
    } catch {
      // The server cannot be reached: keep the refresh token for the next try.
      return undefined;
    }
    // Another tab may have spent the same token meanwhile (no Web Locks): its answer is in storage.
    const after = readStored();
    if (after && after.refreshToken !== current.refreshToken && after.expiresAt > Date.now()) return after;
    if (!res.ok) {
      setToken(undefined);
      return undefined;
    }
    storeTokenAnswer((await res.json()) as { access_token: string; expires_in?: number; refresh_token?: string });
    return readStored();
  }).finally(() => {
    renewing = undefined;
  });
  return renewing;
}

/** Signs out: forgets the tokens in every tab, and revokes the sign-in's refresh tokens on the server (RFC 7009). */
export function signOut(): void {
  const refreshToken = readStored()?.refreshToken;
  setToken(undefined);
  if (refreshToken) {
    void fetch('/ea/oauth2/revoke', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token', client_id: CLIENT_ID }),
    }).catch(() => undefined);
  }
}

/** A network failure, in words a planner can act on. */
export const UNREACHABLE = 'The server cannot be reached. Check your connection, or whether eventline is running, and try again.';

// ---- The rate-limit-aware queue ----

/** Calls in flight at most, whatever the server's burst allows. */
const MAX_IN_FLIGHT = 4;
/** Times one call is retried after a 429 or 503 before its error is shown. */
const MAX_RETRIES = 8;
/** A longer Retry-After (the daily quota: until 00:00 UTC) is not waited for: the page says so instead. */
const MAX_WAIT_S = 60;

/** What the pages show while calls are held back by the rate limit. */
export interface RateLimitWait {
  /** Epoch ms when the queue resumes. */
  until: number;
  /** Why: a refusal (429/503) or pacing at the account's rate. */
  reason: 'refused' | 'pacing';
}

interface Job {
  run: () => Promise<Response>;
  resolve: (r: Response) => void;
  reject: (e: unknown) => void;
  attempts: number;
}

const queue: Job[] = [];
let inFlight = 0;
/** How many more calls the server said may go at once (the RateLimit field's `r` of the per-second policy). */
let allowance = 1;
/** The per-second policy's interval between calls (ms), from RateLimit-Policy. */
let intervalMs = 0;
/** No call starts before this time (epoch ms). */
let resumeAt = 0;
let wait: RateLimitWait | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setWait(w: RateLimitWait | undefined): void {
  if (w?.until === wait?.until && w?.reason === wait?.reason) return;
  wait = w;
  for (const l of listeners) l();
}

export function subscribeRateLimit(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function rateLimitWait(): RateLimitWait | undefined {
  return wait;
}

/** Learns the account's pace from a response's RateLimit / RateLimit-Policy fields. */
function learn(res: Response): void {
  const policy = policyItem(res.headers.get('ratelimit-policy'), ['second', 'ip']);
  if (policy?.['q'] && policy['q'] > 0) intervalMs = ((policy['w'] ?? 1) * 1000) / policy['q'];
  const state = policyItem(res.headers.get('ratelimit'), ['second', 'ip']);
  if (!res.headers.has('ratelimit')) {
    // No limit announced (rate limiting is off): nothing to pace.
    allowance = MAX_IN_FLIGHT;
  } else if (state?.['r'] !== undefined) {
    allowance = Math.min(MAX_IN_FLIGHT, state['r']);
    // The burst is used up: the next call conforms one interval from now.
    if (state['r'] === 0 && intervalMs > 0) resumeAt = Math.max(resumeAt, Date.now() + intervalMs);
  }
}

function schedule(delayMs: number): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    pump();
  }, delayMs);
}

function pump(): void {
  const now = Date.now();
  if (queue.length === 0) {
    if (inFlight === 0) setWait(undefined);
    return;
  }
  if (resumeAt > now) {
    // Pacing of a second or less is normal for a Free account; a refusal is worth showing at once.
    if (wait?.reason !== 'refused' && resumeAt - now >= 1000) setWait({ until: resumeAt, reason: 'pacing' });
    schedule(resumeAt - now);
    return;
  }
  if (wait?.reason === 'refused' || wait?.reason === 'pacing') setWait(undefined);
  // With nothing in flight one call may always go: its answer tells how many more may follow.
  while (queue.length > 0 && inFlight < MAX_IN_FLIGHT && (allowance > 0 || inFlight === 0) && resumeAt <= Date.now()) {
    const job = queue.shift() as Job;
    inFlight += 1;
    allowance = Math.max(0, allowance - 1);
    void start(job);
  }
}

async function start(job: Job): Promise<void> {
  let res: Response;
  try {
    res = await job.run();
  } catch (err) {
    inFlight -= 1;
    job.reject(err);
    pump();
    return;
  }
  inFlight -= 1;
  learn(res);
  if ((res.status === 429 || res.status === 503) && job.attempts < MAX_RETRIES) {
    const seconds = retryAfterSeconds(res.headers.get('retry-after')) ?? 1;
    if (seconds <= MAX_WAIT_S) {
      job.attempts += 1;
      // The limit is the account's: every queued call waits, and this one goes first when it lifts.
      resumeAt = Math.max(resumeAt, Date.now() + Math.max(seconds * 1000, intervalMs, 250));
      allowance = 0;
      queue.unshift(job);
      setWait({ until: resumeAt, reason: 'refused' });
      pump();
      return;
    }
  }
  job.resolve(res);
  pump();
}

/** Runs `fetch` through the queue. */
function enqueue(run: () => Promise<Response>): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    queue.push({ run, resolve, reject, attempts: 0 });
    pump();
  });
}

/** A refused call that was not retried: the daily quota, or the retries ran out. */
function limitMessage(res: Response, body: ApiErrorBody): string {
  const seconds = retryAfterSeconds(res.headers.get('retry-after'));
  if (res.status === 429 && body.message === 'Limit Exceeded') {
    return 'The account has used its daily quota of API calls. It resets at 00:00 UTC.';
  }
  if (seconds !== undefined && seconds > MAX_WAIT_S) {
    return `The service asked to wait ${Math.ceil(seconds / 60)} minutes before the next call. Please try again later.`;
  }
  return 'The service is busy. Please try again in a moment.';
}

interface Answer { status: number; data: unknown; location: string | null }

async function send(method: string, path: string, body?: unknown): Promise<Answer> {
  const call = async (token: StoredToken | undefined): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token.accessToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await enqueue(() => fetch(`/ea${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }));
    } catch {
      // fetch rejects only when no answer came at all ("Failed to fetch").
      throw new ApiError(0, { message: UNREACHABLE });
    }
  };
  let res = await call(await freshToken());
  if (res.status === 401) {
    // Expired early or revoked: one renewal with the refresh token, then the call again.
    const renewed = await freshToken(true);
    if (renewed) res = await call(renewed);
  }
  if (res.status === 401) {
    // Still refused: drop the sign-in and let the app offer it again.
    setToken(undefined);
    window.dispatchEvent(new Event('eventline:signed-out'));
  }
  const text = res.status === 204 ? '' : await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const errBody = (data ?? {}) as ApiErrorBody;
    if (res.status === 429 || res.status === 503) throw new ApiError(res.status, { ...errBody, message: limitMessage(res, errBody) });
    throw new ApiError(res.status, errBody);
  }
  return { status: res.status, data, location: res.headers.get('location') };
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await send(method, path, body)).data as T;
}

/** A call that also returns the answer's status and Location header (202 Accepted, 207 Multi-Status). */
export async function apiFull<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T; location: string | null }> {
  const a = await send(method, path, body);
  return { status: a.status, data: a.data as T, location: a.location };
}

export const q = (filter: string, extra: Record<string, string> = {}): string =>
  `?${new URLSearchParams({ filter, limit: '200', ...extra }).toString()}`;

/** Every page of a list (the limit keeps calls few). */
export async function listAll<T>(path: string, filter?: string): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const params = new URLSearchParams({ limit: '200' });
    if (filter) params.set('filter', filter);
    if (token) params.set('token', token);
    const page = await api<Page<T>>('GET', `${path}?${params.toString()}`);
    out.push(...page.data);
    token = page.paging.nextToken;
    if (!token) break;
  }
  return out;
}

/** A quoted value for a filter expression (the grammar's `\'` escape). */
export const quote = (v: string): string => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Uploads a file (POST /files, multipart) and answers its id; `purpose: 'image'` requires a JPEG, PNG or GIF. */
export async function uploadFile(file: File, purpose?: 'image'): Promise<{ id: string }> {
  const form = new FormData();
  if (purpose) form.append('purpose', purpose);
  form.append('file', file, file.name);
  const token = await freshToken();
  let res: Response;
  try {
    res = await enqueue(() => fetch('/ea/files', { method: 'POST', headers: token ? { authorization: `Bearer ${token.accessToken}` } : {}, body: form }));
  } catch {
    throw new ApiError(0, { message: UNREACHABLE });
  }
  const data = (await res.json().catch(() => ({}))) as ApiErrorBody & { id?: string };
  if (!res.ok || !data.id) throw new ApiError(res.status, data);
  return { id: data.id };
}
