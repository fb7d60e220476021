import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a loopback port in front of one or more backends (PostgreSQL,
 * Redis, API processes), so a test can fail the network between processes
 * without touching the shared servers that other test files use:
 *
 * - `cut()`: every open connection is destroyed and new ones are accepted and
 *   closed at once, until `restore()` (a server that is down or unreachable);
 * - `hold()`: bytes stop flowing in both directions (kept, in order) until
 *   `release()`, so requests that need the backend stay in flight;
 * - several backends: each connection goes to the next one in turn, and to the
 *   one after when it refuses (a load balancer in front of API processes).
 */
export interface TcpProxy {
  readonly port: number;
  readonly url: (scheme: string, rest?: string) => string;
  cut(): void;
  restore(): void;
  hold(): void;
  release(): void;
  /** Bytes sent by clients while held, not yet forwarded. */
  heldBytes(): number;
  /** Connections opened through the proxy so far. */
  connections(): number;
  close(): Promise<void>;
}

interface Pending {
  readonly to: Socket;
  readonly chunk: Buffer;
  readonly fromClient: boolean;
}

export async function startTcpProxy(backends: ReadonlyArray<{ host: string; port: number }>): Promise<TcpProxy> {
  if (backends.length === 0) throw new Error('a proxy needs a backend');
  const open = new Set<Socket>();
  let cut = false;
  let held = false;
  let queue: Pending[] = [];
  let next = 0;
  let opened = 0;

  const forward = (from: Socket, to: Socket, fromClient: boolean): void => {
    from.on('data', (chunk: Buffer) => {
      if (held) queue.push({ to, chunk, fromClient });
      else if (!to.destroyed) to.write(chunk);
    });
    from.on('end', () => {
      if (!held) to.end();
      else queue.push({ to, chunk: Buffer.alloc(0), fromClient });
    });
  };

  // Tries the backends in turn from `first`; a refused connection moves on to the next one.
  const dial = (first: number, attempt: number, onUp: (s: Socket) => void, onFail: () => void): void => {
    const target = backends[(first + attempt) % backends.length];
    if (!target || attempt >= backends.length) {
      onFail();
      return;
    }
    const upstream = connect(target.port, target.host);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      onUp(upstream);
    });
    upstream.once('error', () => {
      if (!connected) dial(first, attempt + 1, onUp, onFail);
    });
  };

  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    opened += 1;
    open.add(client);
    client.pause();
    const first = next;
    next = (next + 1) % backends.length;
    client.on('error', () => undefined);
    client.on('close', () => open.delete(client));
    dial(first, 0, (upstream) => {
      if (client.destroyed || cut) {
        upstream.destroy();
        client.destroy();
        return;
      }
      open.add(upstream);
      upstream.on('error', () => undefined);
      const closeBoth = (): void => {
        open.delete(upstream);
        open.delete(client);
        client.destroy();
        upstream.destroy();
      };
      upstream.on('close', closeBoth);
      client.on('close', closeBoth);
      forward(client, upstream, true);
      forward(upstream, client, false);
      client.resume();
    }, () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: (scheme, rest = '') => `${scheme}://127.0.0.1:${port}${rest}`,
    cut() {
      cut = true;
      queue = [];
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    hold() {
      held = true;
    },
    release() {
      held = false;
      const pending = queue;
      queue = [];
      for (const p of pending) {
        if (p.to.destroyed) continue;
        if (p.chunk.length === 0) p.to.end();
        else p.to.write(p.chunk);
      }
    },
    heldBytes: () => queue.filter((p) => p.fromClient).reduce((n, p) => n + p.chunk.length, 0),
    connections: () => opened,
    async close() {
      for (const s of open) s.destroy();
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
