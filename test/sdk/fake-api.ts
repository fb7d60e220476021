import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** Path without the query string. */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The bearer token sent, if any. */
  bearer: string | undefined;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeApi {
  readonly url: string;
  /** Every request, token requests included, in arrival order. */
  readonly requests: Recorded[];
  apiRequests(): Recorded[];
  tokenRequests(): Recorded[];
  close(): Promise<void>;
}

export const TOKEN_PATH = '/ea/oauth2/token';

/**
 * A tiny local HTTP server standing in for eventline: the token endpoint issues
 * tok-1, tok-2, ... (or answers `token()` when given); every other request gets `api()`.
 */
export async function fakeApi(handlers: { api: (req: Recorded, index: number) => Answer; token?: (req: Recorded, index: number) => Answer | undefined; expiresIn?: number }): Promise<FakeApi> {
  const requests: Recorded[] = [];
  let tokens = 0;
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const auth = req.headers.authorization;
      const rec: Recorded = {
        method: req.method ?? 'GET', path: url.pathname, url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'),
        bearer: auth?.startsWith('Bearer ') ? auth.slice(7) : undefined,
      };
      requests.push(rec);
      let answer: Answer;
      if (rec.path === TOKEN_PATH) {
        const index = tokens++;
        answer = handlers.token?.(rec, index) ?? { status: 200, body: { access_token: `tok-${index + 1}`, token_type: 'Bearer', expires_in: handlers.expiresIn ?? 3600 } };
      } else {
        answer = handlers.api(rec, calls++);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': `req-${requests.length}`, ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    apiRequests: () => requests.filter((r) => r.path !== TOKEN_PATH),
    tokenRequests: () => requests.filter((r) => r.path === TOKEN_PATH),
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    }),
  };
}

/** A 429 without Retry-After (a proxy, say): the client follows the seed's back-off. */
export const tooMany: Answer = { status: 429, body: { code: 429, message: 'Too Many Requests' } };
/** eventline's own 429: Retry-After says when the next call fits the rate. */
export const tooManyRetryAfter = (seconds: number | string): Answer => ({ status: 429, body: { code: 429, message: 'Too Many Requests' }, headers: { 'retry-after': String(seconds) } });
export const limitExceeded: Answer = { status: 429, body: { code: 429, message: 'Limit Exceeded' } };
export const limitExceededRetryAfter = (seconds: number): Answer => ({ status: 429, body: { code: 429, message: 'Limit Exceeded' }, headers: { 'retry-after': String(seconds) } });

/** An injected clock, sleep and random source: sleeping advances the clock, nothing really waits. */
export function fakeTime(start: string, randoms: readonly number[] = [0]) {
  let now = new Date(start).getTime();
  let r = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => randoms[r++ % randoms.length] ?? 0,
  };
}
