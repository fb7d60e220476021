import { createServer, type Server } from 'node:http';
import type { ChangeNotification, WebcastProvider } from './provider.js';

const MAX_BODY = 1_000_000;

/**
 * Receives the provider's change notifications (`POST /webhooks/<provider>`),
 * checks their signature and hands each to onChange. Unsigned or badly signed
 * calls get 401 and do nothing.
 */
export class WebhookReceiver {
  private server: Server | undefined;

  constructor(private readonly provider: WebcastProvider, private readonly onChange: (n: ChangeNotification) => void) {}

  async listen(port: number, host = '127.0.0.1'): Promise<string> {
    const server = createServer((req, res) => {
      if (req.method !== 'POST' || req.url !== `/webhooks/${this.provider.name}`) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy();
        else chunks.push(c);
      });
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // The platform's endpoint check (Zoom's url_validation), signed like any notification.
        const challenge = this.provider.answerChallenge?.(req.headers, raw);
        if (challenge) {
          res.writeHead(challenge.status, { 'content-type': challenge.contentType }).end(challenge.body);
          return;
        }
        const n = this.provider.verifyNotification(req.headers, raw);
        if (!n) {
          res.writeHead(401).end();
          return;
        }
        res.writeHead(204).end();
        this.onChange(n);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    const address = server.address();
    // A TCP listener always reports an object; a string would be a pipe or socket path.
    if (address === null || typeof address === 'string') throw new Error('the webhook receiver is not listening on a TCP port');
    return `http://${host}:${address.port}/webhooks/${this.provider.name}`;
  }

  async close(): Promise<void> {
    const s = this.server;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
