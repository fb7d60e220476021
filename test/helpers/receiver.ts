import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One callback as the receiver got it. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly json: unknown;
}

/** What the receiver answers the n-th callback (1-based): a status and a JSON body, or `hang` (never answers). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Sets how the following callbacks are answered. */
  answer(fn: (req: Received, n: number) => Reply): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback, standing in for an attendee identification service. */
export async function startReceiver(path = '/identify'): Promise<Receiver> {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  let reply: (req: Received, n: number) => Reply = () => ({ status: 200, body: { data: [] } });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const rec: Received = { headers: req.headers, body, json };
      received.push(rec);
      const r = req.url === path ? reply(rec, received.length) : { status: 404 };
      if (r === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
      res.end(r.body === undefined ? '' : JSON.stringify(r.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (fn) => {
      reply = fn;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
