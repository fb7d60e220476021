import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config/index.js';
import { bearerChallenge, unauthorized } from '../errors.js';
import type { Metrics } from '../metrics/index.js';
import type { ErrorResponse } from './errors.js';
import { routeOf } from './route-info.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The second listener that serves /metrics when METRICS_ADDRESS is set (its bound address once ready). */
    metricsListener: MetricsListener | null;
  }
}

export const METRICS_PATH = '/metrics';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether an Authorization header carries the scrape token; compared in constant time (hashes of equal length). */
export function scrapeAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const m = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  if (!m?.[1]) return false;
  return timingSafeEqual(digest(m[1]), digest(token));
}

const MISSING = 'A bearer token is required to read the metrics (METRICS_TOKEN)';
const WRONG = 'The metrics token is not valid';

/**
 * Prometheus metrics (docs/operations.md "Monitoring"): a request metric on every response, and
 * `GET /metrics` outside the versioned API (not in the OpenAPI document). With METRICS_TOKEN alone it is
 * served here behind that bearer token; with METRICS_ADDRESS by a second listener only (behind the token
 * too when both are set); with neither, metrics are off and /metrics is the ordinary 404.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: MetricsConfig): void {
  app.decorate('metricsListener', null);
  if (config.token === undefined && config.address === undefined) return;
  metrics.collectDefaults();
  // One counter increment and one histogram observation per response; the label is the route template.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(routeOf(request).url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (config.address !== undefined) {
    const listener = new MetricsListener(metrics, config.token, config.address);
    app.metricsListener = listener;
    app.addHook('onReady', async () => {
      await listener.listen();
    });
    app.addHook('onClose', async () => listener.close());
    return;
  }
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    if (!scrapeAuthorized(header, config.token)) throw unauthorized(header === undefined ? MISSING : WRONG, header === undefined ? 'invalid_request' : 'invalid_token');
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}

/** A small listener of its own (METRICS_ADDRESS): only GET /metrics, nothing of the API. */
export class MetricsListener {
  private server: Server | undefined;

  constructor(
    private readonly metrics: Metrics,
    private readonly token: string | undefined,
    private readonly at: { readonly host: string; readonly port: number },
  ) {}

  async listen(): Promise<AddressInfo> {
    if (this.server) return this.bound();
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) send(res, 503, { code: 503, message: 'The metrics could not be collected' });
        else res.destroy();
      });
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.at.port, this.at.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (err) {
      // Named after its own setting: the server's start error for PORT must not be confused with this one.
      const code = err instanceof Error && 'code' in err ? String(err.code) : 'error';
      const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs a permission this process lacks' : `cannot be listened on (${code})`;
      throw new Error(`METRICS_ADDRESS ${this.at.host}:${this.at.port} ${why}: give each process its own metrics port`, { cause: err });
    }
    this.server = server;
    return this.bound();
  }

  /** The address it listens on (the port the system chose for port 0). */
  bound(): AddressInfo {
    const a = this.server?.address();
    if (!a || typeof a === 'string') throw new Error('the metrics listener is not listening');
    return a;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH) {
      send(res, 404, { code: 404, message: `This listener serves only GET ${METRICS_PATH}` });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { code: 405, message: `Use GET ${METRICS_PATH}` }, { allow: 'GET, HEAD' });
      return;
    }
    const header = req.headers.authorization;
    if (!scrapeAuthorized(header, this.token)) {
      const missing = header === undefined;
      send(res, 401, { code: 401, message: missing ? MISSING : WRONG }, {
        'www-authenticate': bearerChallenge(missing ? 'invalid_request' : 'invalid_token', missing ? MISSING : WRONG),
      });
      return;
    }
    const text = await this.metrics.text();
    res.writeHead(200, { 'content-type': this.metrics.contentType, 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : text);
  }
}

function send(res: ServerResponse, status: number, body: ErrorResponse, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
