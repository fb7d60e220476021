// P7w: what the contact indexes of issue 37 cost a bulk load through the API, as an A/B of revisions in one run.
//
//   npx tsx bench/writes.ts                       # 100,000 contacts a revision; rewrites the section of bench/README.md
//   npx tsx bench/writes.ts --contacts 20000 --no-readme
//
// For each revision (--revs, default: the commit before the indexes, the indexes kept in each write's transaction,
// and this checkout's HEAD), a detached git worktree is made in a temporary directory (node_modules linked from this
// checkout), bench/writes-load.ts is copied into it and run there: a server process of that revision on a fresh SQLite
// file, loaded with POST /ea/contacts by 8 clients, 10 contacts a request. Revisions run one after the other,
// --rounds times in alternation, on the same machine at the same moment: the comparison, not the absolute figure, is
// what holds from one machine to another.
//
//   npx tsx bench/writes.ts --contacts 1000000 --revs f74763a,HEAD --interleave 20000
//
// With --interleave N, every revision's load process and server start at once and stay up, and the load alternates
// between them N contacts at a time (A, B, then B, A, ...): a machine whose other work comes and goes slows both
// alike, where one revision after the other would let the later one meet a busier machine. Rates count each
// revision's own chunks only; CPU µs a contact is its server's over those chunks.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { root } from './lib.js';

const REVISIONS: Array<{ rev: string; what: string }> = [
  { rev: 'f74763a', what: 'before the contact indexes (issue 37)' },
  { rev: 'cb9cbce', what: 'indexes; the trigram index (FTS5) kept by triggers in each write' },
  { rev: 'f91835e', what: 'indexes; the trigram index kept from a queue, in batches (migration 0028); a transaction per contact' },
  { rev: '1e8ea33', what: 'as f91835e, and a multi-status request\'s contacts in one transaction, a savepoint each' },
  { rev: '73f21ed', what: 'as 1e8ea33, with issue 30\'s contact change history (one entry per created contact) and its other modules' },
  { rev: '3a3e9ad', what: 'as 73f21ed, with the contact and history inserts compiled once, ids from a pooled random buffer, the contact hook looked up once a request (76a9566), a 64 MiB writer cache' },
  { rev: 'HEAD', what: 'as 3a3e9ad, with the trigram index lean: FTS5 detail=none, columnsize=0 (migration 0045, 76a8772)' },
];

const { values: args } = parseArgs({ options: { contacts: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '1' }, revs: { type: 'string' }, interleave: { type: 'string' }, 'no-readme': { type: 'boolean', default: false } } });
const CONTACTS = Number(args.contacts);
const ROUNDS = Number(args.rounds);
const revisions = args.revs ? args.revs.split(',').map((rev) => REVISIONS.find((r) => r.rev === rev) ?? { rev, what: rev }) : REVISIONS;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Result { contacts: number; seconds: number; rate: number; segments: number[]; cpuUsPerContact: number; load: number[] }

function runAt(rev: string): Result {
  const dir = mkdtempSync(join(tmpdir(), 'eventline-ab-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: root, stdio: 'ignore' });
  try {
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
    copyFileSync(join(root, 'bench/writes-load.ts'), join(tree, 'bench/writes-load.ts'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/writes-load.ts', '--contacts', String(CONTACTS)], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`${rev}: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Result;
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

const before = loadavg();
const results = new Map<string, Result[]>();

/** A revision's tree and its load process in chunk mode: `load(n)` loads n more contacts and answers that chunk's figures. */
async function startChunked(rev: string): Promise<{ load: (n: number) => Promise<{ contacts: number; seconds: number; cpu: number }>; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'eventline-ab-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, rev], { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  copyFileSync(join(root, 'bench/writes-load.ts'), join(tree, 'bench/writes-load.ts'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/writes-load.ts', '--chunks', '--contacts', String(CONTACTS)], { cwd: tree, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    load: async (n) => {
      child.stdin.write(`${n}\n`);
      const next = await lines.next();
      if (next.done) throw new Error(`${rev}: the load process ended`);
      return JSON.parse(next.value) as { contacts: number; seconds: number; cpu: number };
    },
    stop: async () => {
      child.stdin.end();
      await exited;
      execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (args.interleave) {
  const chunk = Number(args.interleave);
  const loads = await Promise.all(revisions.map(({ rev }) => startChunked(rev)));
  const totals = revisions.map(() => ({ contacts: 0, seconds: 0, cpu: 0, segments: [] as number[] }));
  try {
    for (let c = 0; c * chunk < CONTACTS; c++) {
      const order = revisions.map((_, i) => i);
      if (c % 2 === 1) order.reverse();
      for (const i of order) {
        const r = await loads[i]!.load(Math.min(chunk, CONTACTS - c * chunk));
        const t = totals[i]!;
        t.contacts += r.contacts; t.seconds += r.seconds; t.cpu += r.cpu; t.segments.push(r.contacts / r.seconds);
      }
      log(`${fmt((c + 1) * chunk)}: ${revisions.map(({ rev }, i) => `${rev} ${fmt(totals[i]!.segments.at(-1)!)}/s`).join(', ')}`);
    }
  } finally {
    for (const l of loads) await l.stop();
  }
  revisions.forEach(({ rev }, i) => {
    const t = totals[i]!;
    results.set(rev, [{ contacts: t.contacts, seconds: t.seconds, rate: t.contacts / t.seconds, segments: t.segments, cpuUsPerContact: (t.cpu * 1e6) / t.contacts, load: loadavg() }]);
  });
} else {
  for (let round = 0; round < ROUNDS; round++) {
    for (const { rev } of revisions) {
      log(`round ${round + 1}: ${rev}, ${fmt(CONTACTS)} contacts`);
      const r = runAt(rev);
      log(`${rev}: ${fmt(r.rate)}/s, ${fmt(r.cpuUsPerContact)} µs/contact; by 10,000: ${r.segments.map(fmt).join(' ')}`);
      results.set(rev, [...(results.get(rev) ?? []), r]);
    }
  }
}

const SEG = args.interleave ? Number(args.interleave) : 10_000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const lines = [
  `SQLite: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; \`npx tsx bench/writes.ts --contacts ${CONTACTS} ${args.interleave ? `--revs ${revisions.map((r) => r.rev).join(',')} --interleave ${args.interleave}` : `--rounds ${ROUNDS}`}\`; load average (1, 5, 15 min) before ${before.map((x) => x.toFixed(1)).join(' ')}, after ${loadavg().map((x) => x.toFixed(1)).join(' ')}`,
  '',
  `| revision | what | contacts/s over ${fmt(CONTACTS)} | last ${fmt(SEG)}: contacts/s | server CPU µs/contact | contacts/s by ${fmt(SEG)} |`,
  '| --- | --- | ---: | ---: | ---: | --- |',
  ...revisions.map(({ rev, what }) => {
    const rs = results.get(rev) ?? [];
    const last = rs.map((r) => r.segments.at(-1) ?? 0);
    return `| \`${rev}\` | ${what} | **${fmt(mean(rs.map((r) => r.rate)))}** | ${fmt(mean(last))} | ${fmt(mean(rs.map((r) => r.cpuUsPerContact)))} | ${rs.map((r) => r.segments.map(fmt).join(' ')).join('; ')} |`;
  }),
];
console.log(lines.join('\n'));
if (!args['no-readme']) {
  const file = join(root, 'bench/README.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- writes:start -->';
  const end = '<!-- writes:end -->';
  if (!text.includes(start)) throw new Error(`bench/README.md has no ${start} section`);
  writeFileSync(file, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${lines.join('\n')}\n${end}`));
}
