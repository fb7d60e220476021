import { ApiRequestError, QuotaExceededError, TokenRequestError, TooManyRequestsError, type ApiErrorDetail } from './errors.js';
import { Pacer, retryAfterMs, type PacingOptions } from './pacing.js';
import { backoffMs, GIVE_UP_WAIT_MS, jitterMs, MAX_ATTEMPTS, nextUtcMidnight, realSleep } from './retry.js';
import { apiVersion } from './schema.js';
import { DEFAULT_RENEW_BEFORE_SECONDS, TokenCache, type TokenResponse } from './token.js';
import type {
  ArgsFor, HttpMethod, ItemOf, ListQueryFor, Page, PathArg, PathsFor, Query, ResultFor, UntypedRequestOptions,
} from './types.js';
import { buildUrl, normalizeBaseUrl } from './url.js';

/** Where the client reports what it gives up on (the seed: "stop and log the error"). */
export interface Logger {
  error(message: string, context: Record<string, unknown>): void;
  warn?(message: string, context: Record<string, unknown>): void;
}

export interface ClientOptions {
  /** e.g. `https://eventline.example.com`; a trailing `/ea` is accepted and ignored. */
  baseUrl: string;
  /** Required unless `token` is given. */
  clientId?: string;
  clientSecret?: string;
  /**
   * Where the access token comes from instead of the token endpoint (a process that holds its own signing key, such as
   * eventline's worker syncing an account's platform connection); clientId and clientSecret are then not used.
   */
  token?: () => Promise<TokenResponse>;
  /** Scopes to ask for; by default the token carries every scope the application holds. */
  scope?: string | readonly string[];
  /** On 429 "Limit Exceeded", sleep until 00:00 UTC and retry once instead of throwing QuotaExceededError. */
  waitForQuota?: boolean;
  /** Renew the token this long before it expires (default 60 s). */
  renewBeforeSeconds?: number;
  logger?: Logger;
  /** Injectable for tests and simulations. */
  now?: () => Date;
  /** In [0, 1); the source of the 1-1000 ms jitter. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof globalThis.fetch;
  /** Sent with every call. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Client-side pacing (on by default): calls are spaced to the rate the server announces in its
   * RateLimit-Policy field, at most `maxConcurrency` (4) in flight, and a Retry-After pauses them all.
   * `false` turns it off (each call goes at once; 429s are still retried).
   */
  pacing?: boolean | PacingOptions;
  /**
   * Every POST and PUT carries an `Idempotency-Key` (a random UUID, the same on each of its retries), so a retried
   * call runs once on the server (docs/idempotency.md). A key the caller puts in `headers` is used instead.
   * `false` sends none.
   */
  idempotencyKeys?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
  requestId: string | undefined;
}

/** Options of paginate() and pages() besides the query. */
export interface PageOptions {
  /** `post` for the `.../filter` variants that take the filter in the body. */
  method?: 'get' | 'post';
  body?: unknown;
  params?: Readonly<Record<string, string | number>>;
  headers?: Readonly<Record<string, string>>;
}

// The seed says to log the error; console is the one logger every runtime has.
const consoleLogger: Logger = {
  // eslint-disable-next-line no-console
  error: (message, context) => console.error(`eventline client: ${message}`, context),
};

interface Sent {
  method: string;
  url: URL;
  body?: string | undefined;
  headers: Record<string, string>;
  /** Sends the bearer token (and renews it once after a 401). */
  auth: boolean;
  waitForQuota: boolean;
}

type ErrorBody = { code?: unknown; message?: unknown; target?: unknown; details?: unknown; error?: unknown; error_description?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(type)) return text;
  const parsed = parseJson(text);
  if (parsed === undefined) throw new TypeError(`${res.status} answer is not valid JSON`);
  return parsed;
}

function details(value: unknown): ApiErrorDetail[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((d): d is ApiErrorDetail => isRecord(d) && typeof d['message'] === 'string');
}

async function errorFrom(res: Response, sent: Sent): Promise<{ init: ConstructorParameters<typeof ApiRequestError>[0]; oauthError?: string }> {
  const text = await res.text().catch(() => '');
  const parsed = parseJson(text);
  const body: ErrorBody = isRecord(parsed) ? parsed : {};
  const message =
    typeof body.message === 'string' ? body.message
    : typeof body.error_description === 'string' ? body.error_description
    : typeof body.error === 'string' ? body.error
    : res.statusText || `HTTP ${res.status}`;
  return {
    init: {
      status: res.status,
      code: typeof body.code === 'number' ? body.code : res.status,
      message,
      target: typeof body.target === 'string' ? body.target : undefined,
      details: details(body.details),
      requestId: res.headers.get('x-request-id') ?? undefined,
      method: sent.method,
      path: sent.url.pathname,
    },
    ...(typeof body.error === 'string' ? { oauthError: body.error } : {}),
  };
}

/** RFC 6749 §5.1: the two fields a client cannot do without; token_type and scope are read when present. */
function isTokenResponse(v: unknown): v is Record<string, unknown> & Pick<TokenResponse, 'access_token' | 'expires_in'> {
  return isRecord(v) && typeof v['access_token'] === 'string' && typeof v['expires_in'] === 'number';
}

const optionalString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const isPage = (v: unknown): v is Page<unknown> => isRecord(v) && Array.isArray(v['data']) && typeof v['paging'] === 'object';

export class EventlineClient {
  readonly baseUrl: string;
  readonly version: string = apiVersion;
  private readonly tokens: TokenCache;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly logger: Logger;
  private readonly pacer: Pacer | undefined;

  constructor(private readonly options: ClientOptions) {
    if (!options.token && (!options.clientId || !options.clientSecret)) throw new TypeError('clientId and clientSecret are required');
    this.baseUrl = normalizeBaseUrl(options.baseUrl, this.version);
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? realSleep;
    this.fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.logger = options.logger ?? consoleLogger;
    const renewBefore = (options.renewBeforeSeconds ?? DEFAULT_RENEW_BEFORE_SECONDS) * 1000;
    const source = options.token;
    this.tokens = new TokenCache(source ? () => source() : () => this.requestToken(), this.now, renewBefore);
    const pacing = options.pacing ?? true;
    this.pacer = pacing === false ? undefined : new Pacer(pacing === true ? {} : pacing, this.now, this.sleep);
  }

  /** A valid access token (cached; renewed shortly before it expires). */
  token(): Promise<string> {
    return this.tokens.get();
  }

  /** Forgets the cached token; the next call gets a new one. */
  clearToken(): void {
    this.tokens.clear();
  }

  get<P extends PathArg<'get'>>(path: P, ...args: ArgsFor<P, 'get'>): Promise<ResultFor<P, 'get'>> {
    return this.data('get', path, args) as Promise<ResultFor<P, 'get'>>;
  }

  post<P extends PathArg<'post'>>(path: P, ...args: ArgsFor<P, 'post'>): Promise<ResultFor<P, 'post'>> {
    return this.data('post', path, args) as Promise<ResultFor<P, 'post'>>;
  }

  put<P extends PathArg<'put'>>(path: P, ...args: ArgsFor<P, 'put'>): Promise<ResultFor<P, 'put'>> {
    return this.data('put', path, args) as Promise<ResultFor<P, 'put'>>;
  }

  patch<P extends PathArg<'patch'>>(path: P, ...args: ArgsFor<P, 'patch'>): Promise<ResultFor<P, 'patch'>> {
    return this.data('patch', path, args) as Promise<ResultFor<P, 'patch'>>;
  }

  delete<P extends PathArg<'delete'>>(path: P, ...args: ArgsFor<P, 'delete'>): Promise<ResultFor<P, 'delete'>> {
    return this.data('delete', path, args) as Promise<ResultFor<P, 'delete'>>;
  }

  // The typed methods above hand their arguments to the plain body: checking the generic call against the
  // overload again made TypeScript instantiate every documented path (TS2589 once the schema grew past ~320 operations).
  private data(method: HttpMethod, path: string, args: unknown): Promise<unknown> {
    return this.call(method, path, (args as Array<UntypedRequestOptions | undefined>)[0]).then((res) => res.data);
  }

  // request() and pages() have two signatures: the typed one callers see (from the
  // generated schema) and a plain one the body is written against. The answer is
  // whatever the server sent: that it matches the documented type is the API's
  // contract, which the SDK relies on rather than re-checks.

  /** Like get/post/..., with the status and headers (e.g. the Location of a 202). */
  request<M extends HttpMethod, P extends PathArg<M>>(method: M, path: P, ...args: ArgsFor<P, M>): Promise<ApiResponse<ResultFor<P, M>>>;
  request(method: HttpMethod, path: string, options?: UntypedRequestOptions): Promise<ApiResponse<unknown>> {
    return this.call(method, path, options);
  }

  /**
   * Every page of a list, following `paging.nextToken` with `?token=` until a
   * page has none. The query is sent again with each token (the server lets the
   * token override it, like the reference's own example does).
   */
  pages<P extends PathArg<'get'> | PathsFor<'post'>>(path: P, query?: ListQueryFor<P>, options?: PageOptions): AsyncGenerator<Page<ItemOf<P>>, void, undefined>;
  async *pages(path: string, query?: Query, options: PageOptions = {}): AsyncGenerator<Page<unknown>, void, undefined> {
    const seen = new Set<string>();
    let token: string | undefined;
    for (;;) {
      const q: Query = { ...query, ...(token !== undefined ? { token } : {}) };
      const res = await this.call(options.method ?? 'get', path, {
        query: q,
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.params ? { params: options.params } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      });
      if (!isPage(res.data)) throw new TypeError(`${path} did not answer a paginated list ({ paging, data })`);
      yield res.data;
      const next = res.data.paging.nextToken;
      if (!next) return;
      // A server that hands back a token twice would otherwise loop forever.
      if (seen.has(next)) throw new Error(`${path}: the server repeated a paging token`);
      seen.add(next);
      token = next;
    }
  }

  /** Each item of every page: `for await (const s of client.paginate('/sessions', { filter: "virtual eq 'true'" }))`. */
  async *paginate<P extends PathArg<'get'> | PathsFor<'post'>>(path: P, query?: ListQueryFor<P>, options: PageOptions = {}): AsyncGenerator<ItemOf<P>, void, undefined> {
    for await (const page of this.pages(path, query, options)) yield* page.data;
  }

  private async call(method: HttpMethod, path: string, options: UntypedRequestOptions = {}): Promise<ApiResponse<unknown>> {
    const hasBody = options.body !== undefined;
    const verb = method.toUpperCase();
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...this.options.headers,
      ...options.headers,
    };
    // One key per call, sent on every attempt: a retry (after a 429, a renewed token, a 503) is the same request to
    // the server, which replays the first answer rather than running it twice.
    if ((verb === 'POST' || verb === 'PUT') && this.options.idempotencyKeys !== false
      && !Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key')) {
      headers['idempotency-key'] = globalThis.crypto.randomUUID();
    }
    const sent: Sent = {
      method: verb,
      url: buildUrl(this.baseUrl, this.version, path, options.params, options.query),
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      headers,
      auth: true,
      waitForQuota: options.waitForQuota ?? this.options.waitForQuota ?? false,
    };
    const res = await this.send(sent);
    const requestId = res.headers.get('x-request-id') ?? undefined;
    if (!res.ok) throw new ApiRequestError((await errorFrom(res, sent)).init);
    return { status: res.status, headers: res.headers, data: await readBody(res), requestId };
  }

  private async requestToken(): Promise<TokenResponse> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const { scope } = this.options;
    if (scope !== undefined) form.set('scope', typeof scope === 'string' ? scope : scope.join(' '));
    // RFC 6749 §2.3.1: each part is form-urlencoded before the pair is base64-encoded.
    const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
    // btoa is enough: the encoded pair is plain ASCII.
    const basic = btoa(`${enc(this.options.clientId ?? '')}:${enc(this.options.clientSecret ?? '')}`);
    const sent: Sent = {
      method: 'POST',
      url: new URL(`${this.baseUrl}/${this.version}/oauth2/token`),
      body: form.toString(),
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      auth: false,
      waitForQuota: this.options.waitForQuota ?? false,
    };
    const res = await this.send(sent);
    if (!res.ok) {
      const { init, oauthError } = await errorFrom(res, sent);
      throw new TokenRequestError({ ...init, error: oauthError ?? 'invalid_response' });
    }
    const body = await readBody(res);
    if (!isTokenResponse(body)) {
      throw new TokenRequestError({
        status: res.status, code: res.status, message: 'The token endpoint answered without access_token and expires_in',
        method: sent.method, path: sent.url.pathname, requestId: res.headers.get('x-request-id') ?? undefined, error: 'invalid_response',
      });
    }
    const granted = optionalString(body['scope']);
    return { access_token: body.access_token, token_type: optionalString(body['token_type']) ?? 'Bearer', expires_in: body.expires_in, ...(granted ? { scope: granted } : {}) };
  }

  /**
   * One call with the retry rules applied: a 401 renews the token and retries
   * once; 429s (and 503s that carry Retry-After) are retried as retry.ts says.
   * Any other answer is returned unchanged. Calls with the bearer token are
   * paced (pacing.ts); the token request is not (it is rare, and the server
   * limits it by address, not by account).
   */
  private async send(sent: Sent): Promise<Response> {
    let renewed = false;
    let quotaWaited = false;
    const waits: number[] = [];
    for (;;) {
      const token = sent.auth ? await this.tokens.get() : undefined;
      const release = sent.auth && this.pacer ? await this.pacer.acquire() : undefined;
      let res: Response;
      try {
        res = await this.fetchFn(sent.url, {
          method: sent.method,
          headers: { ...sent.headers, ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}) },
          ...(sent.body !== undefined ? { body: sent.body } : {}),
        });
        if (release) this.pacer?.observe(res.headers);
      } finally {
        release?.();
      }
      if (res.status === 401 && token !== undefined && !renewed) {
        renewed = true;
        await res.body?.cancel();
        this.tokens.invalidate(token);
        continue;
      }
      const retryAfter = retryAfterMs(res.headers.get('retry-after'), this.now());
      // A 503 is retried only when the server says when, and only where running twice does no harm: a method
      // that may run twice, or a refusal before any work (the rate limiter's store is down). A POST that met
      // "the database is not reachable" may have committed before the failure: the caller decides.
      const retryable503 = res.status === 503 && retryAfter !== undefined
        && ((sent.method !== 'POST' && sent.method !== 'PATCH') || await refusedBeforeWork(res));
      if (res.status !== 429 && !retryable503) return res;

      const { init } = await errorFrom(res, sent);
      if (res.status === 429 && init.message === 'Limit Exceeded') {
        // The server's clock decides when its day ends; without Retry-After, the next 00:00 UTC by ours.
        const retryAt = retryAfter !== undefined ? new Date(this.now().getTime() + retryAfter) : nextUtcMidnight(this.now());
        // Waited once already: the server still says no (its clock is behind ours), so report it rather than wait a day.
        if (!sent.waitForQuota || quotaWaited) throw new QuotaExceededError({ ...init, retryAt });
        quotaWaited = true;
        this.logger.warn?.('daily quota used up; waiting until 00:00 UTC', { method: sent.method, path: sent.url.pathname, retryAt: retryAt.toISOString() });
        await this.sleep(Math.max(0, retryAt.getTime() - this.now().getTime()));
        continue;
      }
      // Any other 429 is the retryable kind (the specification names only these two messages), and so is a 503 with Retry-After.
      // Retry-After, when sent, says how long; otherwise the specification's back-off. Its limits stay: four attempts
      // at most, and a wait of 16 s or more means giving up.
      const wait = retryAfter !== undefined ? retryAfter + jitterMs(this.random) : backoffMs(waits.length, this.random);
      if (wait === undefined || wait >= GIVE_UP_WAIT_MS || waits.length + 1 >= MAX_ATTEMPTS) {
        if (res.status === 503) throw new ApiRequestError(init);
        const err = new TooManyRequestsError({ ...init, attempts: waits.length + 1, waits: [...waits] });
        this.logger.error('giving up after repeated 429 Too Many Requests', {
          method: sent.method, path: sent.url.pathname, status: 429, attempts: err.attempts, waits: err.waits, requestId: err.requestId,
        });
        throw err;
      }
      waits.push(wait);
      if (retryAfter !== undefined) this.pacer?.pause(retryAfter);
      this.logger.warn?.(`${res.status} ${init.message}; retrying`, { method: sent.method, path: sent.url.pathname, waitMs: wait, attempt: waits.length });
      await this.sleep(wait);
    }
  }
}

export function createClient(options: ClientOptions): EventlineClient {
  return new EventlineClient(options);
}

/** The rate limiter refused the call before anything ran (its store is unreachable): safe to send again. */
async function refusedBeforeWork(res: Response): Promise<boolean> {
  const body = await res.clone().json().catch(() => undefined) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message.startsWith('Rate limiting is unavailable');
}
