// A/B of server variants on the same SQLite fixture, by server CPU µs per request:
// each variant is the app's server process with some environment changed; rounds
// are interleaved so background load hits every variant alike. A working tool for
// measuring one step of the request path, not part of the harness's table.
//
//   npx tsx bench/ab.ts '{}' '{"LOG_LEVEL":"silent"}' '{"RATE_LIMIT_ENABLED":"false"}' [--rounds 3 --duration 3 --path /ea/events/{id}]
//   npx tsx bench/ab.ts '{}' '{"__root":"/path/to/another/checkout"}'   # the same server from another checkout (before/after a change)
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { sampleSession, workflowEvent } from '../test/helpers/workflow.js';
import { load, median, rawServer, startProcess, type Sample, type Server } from './lib.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, duration: { type: 'string', default: '3' }, path: { type: 'string', default: '/ea/events/{id}' }, connections: { type: 'string', default: '10' } },
});
const env = { DEMO: 'false', LOG_LEVEL: 'info', SERVER_LOG: 'devnull', RUN_WORKER: 'false', PUBLIC_URL: 'http://ab.invalid', RATE_LIMIT_TIERS: JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } }) };
const dir = mkdtempSync(join(tmpdir(), 'eventline-ab-'));
const database: Config['database'] = { dialect: 'sqlite', file: join(dir, 'ab.db') };
const services = await buildServices(loadConfig(env, { database }));
const tenant = await createTenant(services, { tier: 'Enterprise' });
const eventId = await workflowEvent(services, tenant.accountId);
const { access_token: token } = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
const auth = await services.oauth.authenticate(token);
for (let i = 0; i < 100; i++) await services.sessions.create(auth, sampleSession(eventId, { title: `S ${i}` }) as never);
await services.db.destroy();
const path = args.path.replace('{id}', eventId);
const variants = positionals.length > 0 ? positionals : ['{}'];
const servers: Array<{ name: string; server: Server; samples: Sample[] }> = [];
servers.push({ name: 'raw node:http', server: await rawServer(JSON.stringify({ id: eventId })), samples: [] });
for (const v of variants) {
  const { __root: from, ...overrides } = JSON.parse(v) as Record<string, string>;
  const script = join(from ?? '.', 'test/helpers/server-process.ts');
  servers.push({ name: v, server: await startProcess(['--import', 'tsx', script, JSON.stringify(database), '600000'], { ...process.env, ...env, ...overrides }), samples: [] });
}
const headers = { authorization: `Bearer ${token}` };
try {
  for (const s of servers) await load([s.server], s.name === 'raw node:http' ? '/' : path, headers, 1, Number(args.connections));
  for (let r = 0; r < Number(args.rounds); r++) {
    for (const s of servers) s.samples.push(await load([s.server], s.name === 'raw node:http' ? '/' : path, headers, Number(args.duration), Number(args.connections)));
  }
  for (const s of servers) {
    const bad = s.samples.reduce((a, x) => a + x.non2xx + x.errors, 0);
    console.log(`${String(Math.round(median(s.samples.map((x) => x.cpuUs ?? Number.NaN)))).padStart(6)} µs/req ${String(Math.round(median(s.samples.map((x) => x.rps)))).padStart(7)} req/s  [${s.samples.map((x) => Math.round(x.cpuUs ?? 0)).join(' ')}]${bad ? ` non-2xx/errors ${bad}` : ''}  ${s.name}`);
  }
} finally {
  for (const s of servers) await s.server.stop();
  rmSync(dir, { recursive: true, force: true });
}
