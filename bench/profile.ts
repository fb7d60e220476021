// A CPU profile of one server process under load, to see where a request's time goes:
// builds an account with an event of 100 sessions, starts test/helpers/server-process.ts
// with --cpu-prof, loads one path with autocannon (10 connections, 2 s warm-up, 5 s
// measured), then prints the server's CPU µs per request and the profile of the
// measured 5 s: the top functions by self time and the packages by inclusive time.
//
//   npx tsx bench/profile.ts [profile dir] [path]            # default: /tmp/prof, /ea/events/{id}
//   npx tsx bench/profile.ts /tmp/prof '/ea/sessions?limit=100'
//   DATABASE_URL=postgres://... npx tsx bench/profile.ts     # on PostgreSQL
//   RATE_LIMIT_ENABLED=false npx tsx bench/profile.ts        # without the limiter
//   STRACE=/tmp/strace.txt npx tsx bench/profile.ts          # also count the server's system calls (strace -c)
//   LOG_LEVEL=info SERVER_LOG=devnull npx tsx bench/profile.ts # with the request log written, as the harness runs it
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServices } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { createTenant } from '../test/helpers/app.js';
import { createTestDatabaseConfig } from '../test/helpers/db.js';
import { sampleSession, workflowEvent } from '../test/helpers/workflow.js';

const dir = mkdtempSync(join(tmpdir(), 'prof-'));
const database: Config['database'] = process.env['DATABASE_URL'] ? (await createTestDatabaseConfig()).config : { dialect: 'sqlite', file: join(dir, 'e.db') };
const env = { DEMO: 'false', LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'silent', RUN_WORKER: 'false', PUBLIC_URL: 'http://x.invalid', RATE_LIMIT_TIERS: JSON.stringify({ Enterprise: { perDay: 1e12, perSecond: 1e9, burst: 1e9 } }) };
const services = await buildServices(loadConfig(env, { database }));
const tenant = await createTenant(services, { tier: 'Enterprise' });
const eventId = await workflowEvent(services, tenant.accountId);
const { access_token: token } = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
const auth = await services.oauth.authenticate(token);
for (let i = 0; i < 100; i++) await services.sessions.create(auth, sampleSession(eventId, { title: `S ${i}` }) as never);
await services.db.destroy();
const profDir = process.argv[2] ?? '/tmp/prof';
const path = (process.argv[3] ?? '/ea/events/{id}').replace('{id}', eventId);
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', 'test/helpers/server-process.ts', JSON.stringify(database)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
const address = await new Promise<string>((r) => child.stdout.on('data', (d: Buffer) => { const m = /"address":"([^"]+)"/.exec(d.toString()); if (m?.[1]) r(m[1]); }));
const first = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
console.log(first.status, (await first.text()).slice(0, 100));
await autocannon({ url: `${address}${path}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${token}` } });
const stat = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
// STRACE=file: counts the server's system calls during the measured seconds (strace -c), to see what a request asks of the kernel.
const tracer = process.env['STRACE'] ? spawn('strace', ['-c', '-f', '-o', process.env['STRACE'], '-p', String(child.pid)], { stdio: 'ignore' }) : undefined;
if (tracer) await new Promise((r) => setTimeout(r, 500));
const c0 = stat();
const r = await autocannon({ url: `${address}${path}`, connections: 10, duration: 5, headers: { authorization: `Bearer ${token}` } });
const c1 = stat();
if (tracer) { tracer.kill('SIGINT'); await new Promise((r) => tracer.once('exit', r)); console.log(`strace: ${r.requests.total} requests, counts in ${process.env['STRACE']}`); }
console.log(`rps ${Math.round(r.requests.average)} cpu µs/req ${Math.round(((c1 - c0) * 1e6) / r.requests.total)} non2xx ${r.non2xx}`);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
const file = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => [f, readFileSync(join(profDir, f)).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { endTime: number; startTime: number; nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
// Only the measured 5 s (the last ones before SIGTERM), not start-up and warm-up.
let at = prof.startTime;
const from = prof.endTime - 5_300_000;
prof.samples.forEach((id, i) => { at += prof.timeDeltas[i] ?? 0; if (at >= from) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)); });
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byNode = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const pkg = (url: string) => { const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url); if (m) return m[1]!; if (url.includes('/src/')) return 'src:' + url.split('/src/')[1]; return url ? 'node:' + url.split('/').pop() : '(native)'; };
const incl = new Map<string, number>();
const selfBy = new Map<string, number>();
for (const [id, t] of self) {
  const n = byNode.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${pkg(n.callFrame.url)}:${n.callFrame.lineNumber}`;
  selfBy.set(key, (selfBy.get(key) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const p = pkg(byNode.get(cur)!.callFrame.url).replace(/^src:([^/]+\/[^/]+).*/, 'src:$1');
    if (!seen.has(p)) { seen.add(p); incl.set(p, (incl.get(p) ?? 0) + t); }
  }
}
const pct = (t: number) => ((100 * t) / total).toFixed(1).padStart(5);
console.log('--- self top 30'); [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, t]) => console.log(pct(t), k));
console.log('--- inclusive by package'); [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, t]) => console.log(pct(t), k));
