// The pieces of the cluster fault test: real `eventline serve` and `eventline
// worker` processes, a keep-alive HTTP client that tells answers from transport
// failures, and a load generator that records what each answer promised.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { spawnProcess, type Spawned } from '../helpers/process.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/eventline.js', import.meta.url));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A transport failure: no HTTP answer at all (refused, reset, process killed). */
export class NoAnswer extends Error {}

const agents = new Map<string, Agent>();
const agentFor = (base: string): Agent => {
  let agent = agents.get(base);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16 });
    agents.set(base, agent);
  }
  return agent;
};

export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** One HTTP call; rejects with NoAnswer when no status line came back. */
export function send(base: string, method: string, path: string, opts: { token?: string; body?: unknown; timeoutMs?: number; form?: string; basic?: string } = {}): Promise<Answer> {
  const url = new URL(path, base);
  const payload = opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  const headers: Record<string, string> = {};
  if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
  if (opts.basic) headers['authorization'] = `Basic ${opts.basic}`;
  if (payload !== undefined) {
    headers['content-type'] = opts.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: agentFor(base), timeout: opts.timeoutMs ?? 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => reject(new NoAnswer(`response broken: ${err.message}`)));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => reject(new NoAnswer(`${method} ${path}: ${'code' in err ? String(err.code) : err.message}`)));
    req.end(payload);
  });
}

export function json<T>(a: Answer): T {
  return JSON.parse(a.body) as T;
}

/** True when nothing listens on the port any more (a new connection is refused). */
export function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });
}

/** One eventline process that the test can kill and start again with the same settings. */
export class ClusterProcess {
  private proc: Spawned | undefined;
  private readonly logs: string[] = [];
  starts = 0;

  constructor(readonly name: string, private readonly args: readonly string[], private readonly env: NodeJS.ProcessEnv, readonly port?: number) {}

  get base(): string {
    if (this.port === undefined) throw new Error(`${this.name} does not listen`);
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  get running(): boolean {
    return this.proc !== undefined && this.proc.child.exitCode === null && this.proc.child.signalCode === null;
  }

  /** Everything the process printed (every run), for failure messages. */
  output(): string {
    return [...this.logs, this.proc?.output() ?? ''].join('\n--- restart ---\n');
  }

  async start(ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    if (this.proc) this.logs.push(this.proc.output());
    this.proc = spawnProcess(process.execPath, [BIN, ...this.args], { cwd: ROOT, env: this.env });
    this.starts += 1;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.proc.output()}`);
      if (await ready().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not become ready:\n${this.proc.output()}`);
      await sleep(100);
    }
  }

  /** Sends the signal and resolves with the exit code once the process has ended (null when killed by a signal). */
  async signal(signal: NodeJS.Signals): Promise<number | null> {
    const proc = this.proc;
    if (!proc) return null;
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.child.exitCode;
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
    proc.child.kill(signal);
    return exited;
  }

  async waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void> {
    await this.proc?.waitForOutput(pattern, timeoutMs);
  }

  async stop(): Promise<void> {
    // The whole group: bin/eventline.js has no children, but nothing must outlive the test.
    await this.proc?.stop('SIGKILL');
  }
}

/** How each kind of answer is tallied in the figures. */
export type AnswerClass = '2xx' | '4xx' | '429' | '503 rate limiting' | '503 database' | '5xx other' | 'no answer';

export function classify(a: Answer): AnswerClass {
  if (a.status >= 200 && a.status < 300) return '2xx';
  if (a.status === 429) return '429';
  if (a.status === 503) return a.body.includes('Rate limiting is unavailable') ? '503 rate limiting' : a.body.includes('database') ? '503 database' : '5xx other';
  if (a.status >= 500) return '5xx other';
  return '4xx';
}

/**
 * The daily count a counted answer carries: the limiter's RateLimit field says
 * `"day";r=<remaining>`, and remaining = quota - used, where used includes this
 * call. Every counted call gets its own value (Redis increments atomically).
 * The UTC day comes from the answer's Date field.
 */
export function countedAs(a: Answer, quota: number): { day: string; used: number } | undefined {
  if (a.status === 429) return undefined;
  const field = a.headers['ratelimit'];
  const m = typeof field === 'string' ? /"day";r=(\d+)/.exec(field) : null;
  if (!m) return undefined;
  const date = typeof a.headers['date'] === 'string' ? new Date(a.headers['date']) : new Date();
  return { day: date.toISOString().slice(0, 10), used: quota - Number(m[1]) };
}
