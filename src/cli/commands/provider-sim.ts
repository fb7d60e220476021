import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_SIM_HOST, DEFAULT_SIM_PORT, DEFAULT_SIM_URL, startSimServer } from '../../sim/index.js';
import { nonEmpty, type CliContext } from '../context.js';
import { CliError, reaching } from '../errors.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number (0-65535).');
  return n;
}

function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      process.off('SIGTERM', done);
      process.off('SIGINT', done);
      resolve();
    };
    process.once('SIGTERM', done);
    process.once('SIGINT', done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Calls the simulator's control API and prints its answer (JSON, as the simulator sends it). */
async function control(ctx: CliContext, simUrl: string, method: string, path: string, body: Record<string, unknown>): Promise<void> {
  const url = `${simUrl.replace(/\/+$/, '')}${path}`;
  const res = await reaching(simUrl, 'the simulator (eventline provider-sim)', () =>
    fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  const text = await res.text();
  if (!res.ok) {
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = text;
    }
    const message = isRecord(answer) && typeof answer['message'] === 'string' ? answer['message'] : text;
    throw new CliError('api_error', `the simulator answered HTTP ${res.status}: ${message}`, { status: res.status, method, path, body: answer });
  }
  ctx.io.stdout(`${text}\n`);
}

interface ControlOpts {
  url: string;
  at?: string;
}

export function registerProviderSim(program: Command, ctx: CliContext): void {
  const sim = program
    .command('provider-sim')
    .description('Run a local webcast platform simulator (a Zoom-style API with webhooks), or play a session on a running one')
    .option('--port <n>', 'port to listen on (0: any free port)', port, DEFAULT_SIM_PORT)
    .option('--host <host>', 'address to listen on', DEFAULT_SIM_HOST)
    .option('--json', 'print the address as JSON ({"url": ...}); errors as a JSON document on stderr')
    .action(async (opts: { port: number; host: string; json?: boolean }) => {
      const server = await startSimServer({ port: opts.port, host: opts.host });
      ctx.print(opts.json, { url: server.url }, () => `provider-sim listening on ${server.url}`);
      await untilStopped(ctx.signal);
      await server.close();
    });

  // The control commands find the simulator where `eventline provider-sim` listens by default, or where SYNC_SIM_URL says.
  const url = (c: Command): Command =>
    c.option('--url <url>', `the running simulator (default: SYNC_SIM_URL, else ${DEFAULT_SIM_URL})`, nonEmpty)
      .option('--json', 'print the simulator\'s answer (JSON either way); errors as a JSON document on stderr');
  const simUrl = (o: { url?: string }): string => o.url ?? ctx.config().sync?.simUrl ?? DEFAULT_SIM_URL;
  const at = (o: ControlOpts): Record<string, string> => (o.at ? { at: o.at } : {});
  const meeting = (id: string): string => `/control/meetings/${encodeURIComponent(id)}`;

  url(sim.command('join').description('An attendee (registrant) joins the meeting').argument('<meetingId>').argument('<registrantId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, registrantId: string, o: ControlOpts) => control(ctx, simUrl(o), 'POST', `${meeting(meetingId)}/join`, { registrant_id: registrantId, ...at(o) }));
  url(sim.command('leave').description('An attendee leaves the meeting').argument('<meetingId>').argument('<registrantId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, registrantId: string, o: ControlOpts) => control(ctx, simUrl(o), 'POST', `${meeting(meetingId)}/leave`, { registrant_id: registrantId, ...at(o) }));
  url(sim.command('end').description('The host ends the meeting (everyone still in leaves)').argument('<meetingId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, o: ControlOpts) => control(ctx, simUrl(o), 'POST', `${meeting(meetingId)}/end`, { ...at(o) }));
  url(sim.command('recording').description('The meeting\'s cloud recording completes').argument('<meetingId>'))
    .action((meetingId: string, o: ControlOpts) => control(ctx, simUrl(o), 'POST', `${meeting(meetingId)}/recording`, {}));
  url(sim.command('edit').description('The host edits the meeting on the platform (sends meeting.updated)').argument('<meetingId>')
    .option('--topic <title>').option('--start <time>').option('--duration <minutes>', 'minutes', Number).option('--password <code>').option('--host-key <code>'))
    .action((meetingId: string, o: ControlOpts & { topic?: string; start?: string; duration?: number; password?: string; hostKey?: string }) =>
      control(ctx, simUrl(o), 'PATCH', meeting(meetingId), {
        ...(o.topic ? { topic: o.topic } : {}), ...(o.start ? { start_time: o.start } : {}), ...(o.duration ? { duration: o.duration } : {}),
        ...(o.password ? { password: o.password } : {}), ...(o.hostKey ? { host_key: o.hostKey } : {}),
      }));
  url(sim.command('webhook').description('Subscribe a URL to the simulator\'s signed webhooks').argument('<target>').requiredOption('--secret <secret>', 'HMAC-SHA256 signing secret', nonEmpty))
    .action((target: string, o: ControlOpts & { secret: string }) => control(ctx, simUrl(o), 'POST', '/control/webhooks', { url: target, secret: o.secret }));
}
