// The load of bench/writes.ts, run inside a checkout of each revision compared (copied there by it): contacts
// through POST /ea/contacts (10 a request, --clients concurrent clients) against a server process of that revision
// on a fresh SQLite file. Prints one JSON line: contacts/s by segment and overall, and the server's CPU µs a contact.
// It imports only what every compared revision has (buildServices, createTenant, the bench's process helpers).
//
// With --chunks, it loads nothing on its own: each line read on stdin is a number of contacts to load next, and for
// each it prints one JSON line (contacts, seconds, the server's CPU seconds over that chunk); an empty line or the
// end of stdin stops it. bench/writes.ts --interleave uses it to alternate chunks between revisions.
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServices } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { cpuSeconds, startProcess } from './lib.js';

const { values: args } = parseArgs({ options: { contacts: { type: 'string', default: '100000' }, clients: { type: 'string', default: '8' }, segment: { type: 'string', default: '10000' }, chunks: { type: 'boolean', default: false } } });
const TOTAL = Number(args.contacts);
const CLIENTS = Number(args.clients);
const SEGMENT = Number(args.segment);
const HUGE_TIERS = JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } });
const ENV = { DEMO: 'false', LOG_LEVEL: 'info', SERVER_LOG: 'devnull', RUN_WORKER: 'false', PUBLIC_URL: 'http://bench.eventline.invalid', REDIS_URL: '', RATE_LIMIT_TIERS: HUGE_TIERS, TOKEN_TTL_SECONDS: '86400' };

const FIRST = 'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Marisol Zofia Kenji Amara Ingrid Tomasz'.split(' ');
const LAST = 'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas'.split(' ');
function contact(i: number) {
  let x = (i * 2654435761 + 12345) >>> 0;
  const r = () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const first = FIRST[Math.floor(r() * FIRST.length)]!;
  const last = `${LAST[Math.floor(r() * LAST.length)]!}${r() < 0.5 ? String.fromCharCode(97 + Math.floor(r() * 26), 97 + Math.floor(r() * 26)) : ''}`;
  return { firstName: first, lastName: last, email: `${first}.${last}.${i.toString(36)}@load.example`.toLowerCase(), company: `Company ${Math.floor(r() * 300)}`, title: 'Engineer' };
}

const dir = mkdtempSync(join(tmpdir(), 'eventline-writes-'));
const database = { dialect: 'sqlite' as const, file: join(dir, 'writes.db') };
const services = await buildServices(loadConfig({ ...ENV, LOG_LEVEL: 'silent' }, { database }));
const tenant = await createTenant(services, { tier: 'Enterprise' });
await services.db.destroy();
const server = await startProcess(['--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database), String(3_600_000)], { ...process.env, ...ENV });
try {
  const tokenRes = await fetch(`${server.address}/ea/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${tenant.clientId}:${tenant.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
  });
  const bearer = ((await tokenRes.json()) as { access_token: string }).access_token;
  let next = 0;
  let done = 0;
  let limit = TOTAL;
  const segments: number[] = [];
  let mark = { at: performance.now(), done: 0 };
  const client = async (): Promise<void> => {
    while (next < limit) {
      const i = next;
      next += 10;
      const body = Array.from({ length: 10 }, (_, k) => contact(i + k));
      const res = await fetch(`${server.address}/ea/contacts`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 207 || (JSON.parse(text) as Array<{ status: number }>).some((x) => x.status !== 201)) throw new Error(`POST /ea/contacts: ${res.status} ${text.slice(0, 300)}`);
      done += 10;
      if (done - mark.done >= SEGMENT) {
        const now = performance.now();
        segments.push(((done - mark.done) * 1000) / (now - mark.at));
        mark = { at: now, done };
      }
    }
  };
  if (args.chunks) {
    limit = 0;
    for await (const line of createInterface({ input: process.stdin })) {
      const n = Number(line.trim());
      if (!line.trim() || !(n > 0)) break;
      const from = done;
      const cpuBefore = cpuSeconds(server.pid) ?? 0;
      const t0 = performance.now();
      limit += n;
      await Promise.all(Array.from({ length: CLIENTS }, client));
      console.log(JSON.stringify({ contacts: done - from, seconds: (performance.now() - t0) / 1000, cpu: (cpuSeconds(server.pid) ?? 0) - cpuBefore }));
    }
  } else {
    const cpu0 = cpuSeconds(server.pid) ?? 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - started) / 1000;
    const cpu = (cpuSeconds(server.pid) ?? 0) - cpu0;
    console.log(JSON.stringify({ contacts: done, seconds, rate: done / seconds, segments, cpuUsPerContact: (cpu * 1e6) / done, load: loadavg() }));
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
