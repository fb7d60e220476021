import type { Command } from 'commander';
import { newSigningSecret, signWebhook } from '../../modules/contact-hooks/index.js';
import { usageError, type CliContext } from '../context.js';
import { CliError, reaching } from '../errors.js';

interface ListenOpts {
  forwardTo: string;
  events?: string;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  json?: boolean;
}

/** One server-sent event. */
interface Sse { event: string; id?: string; data: string }

/** Splits a text/event-stream into events (the WHATWG format's fields: event, id, data; comments ignored). */
async function* sseEvents(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<Sse> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  const cancel = () => { void reader.cancel().catch(() => undefined); };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let id: string | undefined;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'id') id = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length > 0) yield { event, ...(id !== undefined ? { id } : {}), data: data.join('\n') };
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

async function token(baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${baseUrl}/ea/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  const body = await res.json().catch(() => ({})) as { access_token?: string; error_description?: string };
  if (!res.ok || typeof body.access_token !== 'string') {
    throw new CliError('api_error', `the token request failed (HTTP ${res.status})${body.error_description ? `: ${body.error_description}` : ''}`, { status: res.status });
  }
  return body.access_token;
}

/**
 * `eventline listen --forward-to <url>` (issue 35 part 2, like `stripe listen`): holds the application's event stream
 * (GET /ea/webhook-events/stream) open and POSTs each event to a local URL, signed per Standard Webhooks with a
 * secret made for this session (printed at start), printing one line per event with the local answer's status.
 */
export function registerListen(program: Command, ctx: CliContext): void {
  program
    .command('listen')
    .description('forward the application\'s events to a local URL, signed like webhooks (e.g. eventline listen --forward-to http://localhost:4000/hooks)')
    .requiredOption('--forward-to <url>', 'where each event is POSTed (any URL: this runs on your machine)')
    .option('--events <types>', 'comma-separated event types (default: all), e.g. attendee.checked_in,session.updated')
    .option('--url <url>', 'API base URL (default: EVENTLINE_URL, else PUBLIC_URL)')
    .option('--client-id <id>', 'client id (default: EVENTLINE_CLIENT_ID)')
    .option('--client-secret <secret>', 'client secret (default: EVENTLINE_CLIENT_SECRET, which keeps it out of process listings)')
    .option('--json', 'one JSON object per line instead of text')
    .action(async (opts: ListenOpts, cmd: Command) => {
      const config = ctx.config();
      const clientId = opts.clientId ?? config.apiClient?.clientId;
      const clientSecret = opts.clientSecret ?? config.apiClient?.clientSecret;
      if (!clientId || !clientSecret) usageError(cmd, 'give --client-id and --client-secret (or set EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET)');
      let forward: URL;
      try {
        forward = new URL(opts.forwardTo);
      } catch {
        usageError(cmd, `--forward-to ${opts.forwardTo} is not a URL`);
      }
      const baseUrl = (opts.url ?? config.apiClient?.url ?? config.publicUrl).replace(/\/+$/, '');
      const secret = newSigningSecret();
      const out = (line: Record<string, unknown>, text: string) => ctx.printLine(opts.json, line, () => text);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      ctx.signal?.addEventListener('abort', onSignal, { once: true });
      const query = opts.events !== undefined ? `?events=${encodeURIComponent(opts.events)}` : '';
      let announced = false;
      try {
        await reaching(baseUrl, 'the server', async () => {
          // The token lasts an hour: the stream is opened again with a new one when it ends.
          while (!stop.signal.aborted) {
            const bearer = await token(baseUrl, clientId, clientSecret);
            let res: Response;
            try {
              res = await fetch(`${baseUrl}/ea/webhook-events/stream${query}`, { headers: { authorization: `Bearer ${bearer}`, accept: 'text/event-stream' }, signal: stop.signal });
            } catch (err) {
              if (stop.signal.aborted) return;
              throw err;
            }
            if (!res.ok || res.body === null) {
              const text = await res.text().catch(() => '');
              let message = text;
              try {
                message = (JSON.parse(text) as { message?: string }).message ?? text;
              } catch {
                // not JSON
              }
              throw new CliError('api_error', `the event stream was refused (HTTP ${res.status}): ${message}`, { status: res.status });
            }
            const opened = Date.now();
            for await (const e of sseEvents(res.body, stop.signal)) {
              if (e.event === 'ready') {
                if (!announced) {
                  out({ ready: true, secret, forwardTo: forward.href }, `Ready! Your webhook signing secret is ${secret} (^C to quit)`);
                  announced = true;
                }
                continue;
              }
              const messageId = e.id ?? '';
              const timestamp = Math.floor(Date.now() / 1000);
              const t0 = performance.now();
              let status: number | string;
              try {
                const answer = await fetch(forward, {
                  method: 'POST',
                  headers: {
                    'content-type': 'application/json', 'user-agent': 'eventline-listen/1',
                    'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, messageId, timestamp, e.data),
                  },
                  body: e.data,
                  signal: AbortSignal.timeout(30_000),
                });
                await answer.arrayBuffer().catch(() => undefined);
                status = answer.status;
              } catch (err) {
                status = `failed (${err instanceof Error ? err.message : String(err)})`;
              }
              const ms = Math.round(performance.now() - t0);
              out({ time: new Date().toISOString(), type: e.event, id: messageId, status, ms },
                `${new Date().toISOString()}  --> ${e.event} [${messageId}]  <-- ${status} POST ${forward.href} (${ms} ms)`);
            }
            // The server ended the stream (it stopped, or an hour passed): open it again after a moment.
            if (!stop.signal.aborted) await new Promise((r) => setTimeout(r, Date.now() - opened < 1000 ? 1000 : 100));
          }
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
