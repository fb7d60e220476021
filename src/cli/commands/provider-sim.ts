import { InvalidArgumentError, type Command } from 'commander';
import { startSimServer } from '../../sim/index.js';
import { nonEmpty, type CliContext } from '../context.js';

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

/** Calls the simulator's control API and prints its answer. */
async function control(ctx: CliContext, simUrl: string, method: string, path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${simUrl.replace(/\/+$/, '')}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`the simulator answered ${res.status}: ${text}`);
  ctx.io.stdout(`${text}\n`);
}

export function registerProviderSim(program: Command, ctx: CliContext): void {
  const sim = program
    .command('provider-sim')
    .description('Run a local webcast platform simulator (a Zoom-style API with webhooks), or play a session on a running one')
    .option('--port <n>', 'port to listen on (0: any free port)', port, 4010)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { port: number; host: string }) => {
      const server = await startSimServer({ port: opts.port, host: opts.host });
      ctx.io.stdout(`provider-sim listening on ${server.url}\n`);
      await untilStopped(ctx.signal);
      await server.close();
    });

  const url = (c: Command) => c.requiredOption('--url <url>', 'the running simulator', nonEmpty);
  url(sim.command('join').description('An attendee (registrant) joins the meeting').argument('<meetingId>').argument('<registrantId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, registrantId: string, o: { url: string; at?: string }) => control(ctx, o.url, 'POST', `/control/meetings/${encodeURIComponent(meetingId)}/join`, { registrant_id: registrantId, ...(o.at ? { at: o.at } : {}) }));
  url(sim.command('leave').description('An attendee leaves the meeting').argument('<meetingId>').argument('<registrantId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, registrantId: string, o: { url: string; at?: string }) => control(ctx, o.url, 'POST', `/control/meetings/${encodeURIComponent(meetingId)}/leave`, { registrant_id: registrantId, ...(o.at ? { at: o.at } : {}) }));
  url(sim.command('end').description('The host ends the meeting (everyone still in leaves)').argument('<meetingId>').option('--at <time>', 'ISO-8601 time (default now)'))
    .action((meetingId: string, o: { url: string; at?: string }) => control(ctx, o.url, 'POST', `/control/meetings/${encodeURIComponent(meetingId)}/end`, { ...(o.at ? { at: o.at } : {}) }));
  url(sim.command('recording').description('The meeting\'s cloud recording completes').argument('<meetingId>'))
    .action((meetingId: string, o: { url: string }) => control(ctx, o.url, 'POST', `/control/meetings/${encodeURIComponent(meetingId)}/recording`, {}));
  url(sim.command('edit').description('The host edits the meeting on the platform (sends meeting.updated)').argument('<meetingId>')
    .option('--topic <title>').option('--start <time>').option('--duration <minutes>', 'minutes', Number).option('--password <code>').option('--host-key <code>'))
    .action((meetingId: string, o: { url: string; topic?: string; start?: string; duration?: number; password?: string; hostKey?: string }) =>
      control(ctx, o.url, 'PATCH', `/control/meetings/${encodeURIComponent(meetingId)}`, {
        ...(o.topic ? { topic: o.topic } : {}), ...(o.start ? { start_time: o.start } : {}), ...(o.duration ? { duration: o.duration } : {}),
        ...(o.password ? { password: o.password } : {}), ...(o.hostKey ? { host_key: o.hostKey } : {}),
      }));
  url(sim.command('webhook').description('Subscribe a URL to the simulator\'s signed webhooks').argument('<target>').requiredOption('--secret <secret>', 'HMAC-SHA256 signing secret', nonEmpty))
    .action((target: string, o: { url: string; secret: string }) => control(ctx, o.url, 'POST', '/control/webhooks', { url: target, secret: o.secret }));
}
