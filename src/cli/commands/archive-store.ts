import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

// The archive on disk (see README "Compliance communications"):
//   objects/<sha256>.<eml|json>  one content-addressed file per message
//   manifest.jsonl               append-only; each record carries the hash of the one before
//                                (written a page at a time: the page's files are made durable first,
//                                then its lines are appended in one write and one fsync)
//   checkpoint.json              where the next run starts, when the last run succeeded, and how many
//                                manifest records the archive held then with the last one's hash, so a
//                                manifest cut short at its end (no chain break to see) is still detected

export const GENESIS = '0'.repeat(64);
const MANIFEST = 'manifest.jsonl';
const CHECKPOINT = 'checkpoint.json';

const ManifestRecordSchema = Type.Object({
  seq: Type.Number(),
  id: Type.String(),
  type: Type.String(),
  created: Type.String(),
  tags: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Path of the content file, relative to the archive. */
  file: Type.String(),
  sha256: Type.String(),
  size: Type.Number(),
  archivedAt: Type.String(),
  prev: Type.String(),
});
export type ManifestRecord = Static<typeof ManifestRecordSchema>;

// Extra fields are not refused: each line's hash covers all of them, so a change still shows.
const ManifestLineSchema = Type.Object({ ...ManifestRecordSchema.properties, hash: Type.String() });
export type ManifestLine = Static<typeof ManifestLineSchema>;

const CheckpointSchema = Type.Object({
  after: Type.Optional(Type.String()),
  lastSuccess: Type.Optional(Type.String()),
  /** Manifest records when the checkpoint was written (the manifest may be longer: a run killed after appending). */
  records: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The hash of record number `records` (GENESIS for none). */
  head: Type.Optional(Type.String()),
});
export type Checkpoint = Static<typeof CheckpointSchema>;

/** One manifest line, or what is wrong with it. */
function parseLine(line: string): { record: ManifestLine } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { problem: 'not valid JSON' };
  }
  return Value.Check(ManifestLineSchema, parsed) ? { record: parsed } : { problem: 'not a manifest record' };
}

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const recordHash = (r: ManifestRecord): string => sha256(JSON.stringify(r));

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A message stored but not yet committed: its content file is being written, its manifest line is not. */
interface Staged {
  readonly meta: { id: string; type: string; created: string; tags?: Record<string, string> };
  readonly file: string;
  readonly digest: string;
  readonly size: number;
  /** The open content file, once written (fsynced and closed by commit()). */
  readonly written: Promise<FileHandle>;
}

/**
 * Writes `content` to `path` unless the file there already holds exactly it, and returns it open, for
 * commit() to fsync. A file there with other bytes can only be a partial one a killed run left behind
 * (content-addressed names; a file the manifest names is complete): it is overwritten.
 */
async function writeContent(path: string, content: Buffer): Promise<FileHandle> {
  try {
    const fh = await open(path, 'wx');
    try {
      await fh.writeFile(content);
      return fh;
    } catch (err) {
      await fh.close();
      throw err;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const existing = await open(path, 'r+');
  try {
    if (!(await existing.readFile()).equals(content)) {
      await existing.truncate(0);
      await existing.write(content, 0, content.length, 0);
    }
    return existing;
  } catch (err) {
    await existing.close();
    throw err;
  }
}

function writeAtomic(path: string, data: Buffer | string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, data);
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, path);
}

export class ArchiveStore {
  private readonly ids = new Set<string>();
  private readonly stagedIds = new Set<string>();
  private pending: Staged[] = [];
  private last = GENESIS;
  private seq = 0;

  private constructor(readonly dir: string) {}

  /**
   * Opens (or creates) an archive. A crash can leave at most one half-written
   * last line: it is cut off, and that message is fetched again.
   */
  static open(dir: string): ArchiveStore {
    mkdirSync(join(dir, 'objects'), { recursive: true });
    const store = new ArchiveStore(dir);
    const path = join(dir, MANIFEST);
    if (!existsSync(path)) return store;
    const text = readFileSync(path, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end)));
    for (const [i, line] of text.slice(0, end).split('\n').entries()) {
      if (line === '') continue;
      const parsed = parseLine(line);
      // Only a last line can be half-written (cut off above); a bad complete line is damage to report, not to build on.
      if ('problem' in parsed) throw new Error(`${path}: line ${i + 1}: ${parsed.problem}; run \`eventline archive verify\``);
      const rec = parsed.record;
      store.ids.add(rec.id);
      store.last = rec.hash;
      store.seq = rec.seq;
    }
    // Appending to a manifest that lost its end would re-fetch what the server still holds and hide the loss.
    const recorded = store.readCheckpoint().records;
    if (recorded !== undefined && store.seq < recorded) {
      throw new Error(`${path} holds ${store.seq} records but the archive recorded ${recorded}: it was cut short; run \`eventline archive verify\``);
    }
    return store;
  }

  get count(): number {
    return this.seq;
  }

  /** What the checkpoint records of the manifest: its length and last hash. */
  get totals(): { records: number; head: string } {
    return { records: this.seq, head: this.last };
  }

  /** Whether the archive holds the message, or holds it staged for the next commit. */
  has(id: string): boolean {
    return this.ids.has(id) || this.stagedIds.has(id);
  }

  /** Messages staged and not yet committed. */
  get staged(): number {
    return this.pending.length;
  }

  /**
   * Starts writing a message's content file; its manifest line waits for commit(). A message
   * staged and never committed (a killed run) is not in the archive: the next run fetches it
   * again and rewrites its file, which no manifest line names meanwhile.
   */
  stage(meta: { id: string; type: string; created: string; tags?: Record<string, string> }, content: Buffer, ext: 'eml' | 'json'): void {
    if (this.has(meta.id)) throw new Error(`message ${meta.id} is already in the archive`);
    const digest = sha256(content);
    const file = `objects/${digest}.${ext}`;
    // Two messages with the same bytes share one file: it is written once per commit.
    const same = this.pending.find((p) => p.file === file);
    const written = same ? same.written : writeContent(join(this.dir, file), content);
    written.catch(() => undefined); // awaited (and thrown) by commit()
    this.pending.push({ meta, file, digest, size: content.length, written });
    this.stagedIds.add(meta.id);
  }

  /**
   * Commits the staged messages, in order: every content file is fsynced (concurrently) and closed,
   * then the objects directory, then all their manifest lines are appended in one write and one
   * fsync. So a line never names a missing or partial file, whatever the moment of a crash; a crash
   * in the middle of the append leaves whole lines (committed) and at most one half-written last
   * line, which open() cuts off. Returns the lines appended.
   *
   * `crashAfterLines` is a test hook: the write stops in the middle of the line after that many,
   * as a kill would leave it, and SimulatedCrash is thrown.
   */
  async commit(now: Date, crashAfterLines?: number): Promise<ManifestLine[]> {
    const batch = this.pending;
    this.pending = [];
    this.stagedIds.clear();
    if (batch.length === 0) return [];
    const handles = [...new Set(batch.map((p) => p.written))];
    const settled = await Promise.allSettled(handles);
    const files = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      await Promise.all(files.map((fh) => fh.sync()));
    } finally {
      await Promise.all(files.map((fh) => fh.close()));
    }
    // The files' directory entries, so that a power loss cannot take a file the manifest is about to name.
    fsyncPath(join(this.dir, 'objects'));

    const archivedAt = now.toISOString();
    const lines: ManifestLine[] = [];
    let prev = this.last;
    for (const [i, p] of batch.entries()) {
      const record: ManifestRecord = {
        seq: this.seq + i + 1, id: p.meta.id, type: p.meta.type, created: p.meta.created, ...(p.meta.tags ? { tags: p.meta.tags } : {}),
        file: p.file, sha256: p.digest, size: p.size, archivedAt, prev,
      };
      const line: ManifestLine = { ...record, hash: recordHash(record) };
      lines.push(line);
      prev = line.hash;
    }
    const texts = lines.map((l) => `${JSON.stringify(l)}\n`);
    const crash = crashAfterLines !== undefined && crashAfterLines < lines.length;
    const cut = texts[crash ? crashAfterLines : 0] ?? '';
    const text = crash ? texts.slice(0, crashAfterLines).join('') + cut.slice(0, Math.floor(cut.length / 2)) : texts.join('');
    const path = join(this.dir, MANIFEST);
    const created = !existsSync(path);
    const fd = openSync(path, 'a');
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // A new manifest's own directory entry.
    if (created) fsyncPath(this.dir);
    if (crash) throw new SimulatedCrash();
    for (const l of lines) this.ids.add(l.id);
    this.last = prev;
    this.seq += lines.length;
    return lines;
  }

  readCheckpoint(): Checkpoint {
    const path = join(this.dir, CHECKPOINT);
    if (!existsSync(path)) return {};
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Value.Check(CheckpointSchema, parsed)) throw new Error(`${path} is not a checkpoint ({ after?, lastSuccess? })`);
    return parsed;
  }

  writeCheckpoint(c: Checkpoint): void {
    writeAtomic(join(this.dir, CHECKPOINT), `${JSON.stringify(c, null, 2)}\n`);
  }
}

export class SimulatedCrash extends Error {
  constructor() {
    super('simulated crash');
  }
}

/**
 * What the checkpoint recorded of the manifest (undefined for an archive written before it did),
 * or a problem when it cannot be read: a checkpoint that cannot be trusted proves nothing.
 */
function recordedTotals(dir: string): { totals?: { records: number; head: string }; problem?: string } {
  const path = join(dir, CHECKPOINT);
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { problem: `${CHECKPOINT} is not valid JSON` };
  }
  if (!Value.Check(CheckpointSchema, parsed)) return { problem: `${CHECKPOINT} is not a checkpoint` };
  if (parsed.records === undefined || parsed.head === undefined) return {};
  return { totals: { records: parsed.records, head: parsed.head } };
}

/**
 * Checks every file's hash, the manifest's chain, and the manifest's length and last hash
 * against what the checkpoint recorded (so lines cut off the end are found, though the chain
 * of what remains is intact); returns the problems found (none: intact).
 */
export function verifyArchive(dir: string): { records: number; problems: string[] } {
  const problems: string[] = [];
  const path = join(dir, MANIFEST);
  const { totals, problem } = recordedTotals(dir);
  if (problem !== undefined) problems.push(problem);
  if (!existsSync(path)) return { records: 0, problems: [`${MANIFEST} is missing`, ...problems] };
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let prev = GENESIS;
  let records = 0;
  lines.forEach((line, i) => {
    const n = i + 1;
    const parsed = parseLine(line);
    if ('problem' in parsed) {
      problems.push(`line ${n}: ${parsed.problem}`);
      return;
    }
    const rec = parsed.record;
    records += 1;
    const { hash, ...record } = rec;
    if (rec.seq !== n) problems.push(`line ${n}: sequence ${rec.seq}, expected ${n} (a line was removed or inserted)`);
    if (rec.prev !== prev) problems.push(`line ${n}: does not chain to the line before (a line was removed, inserted or changed)`);
    if (recordHash(record) !== hash) problems.push(`line ${n}: record hash mismatch (the line was changed)`);
    prev = hash;
    const file = join(dir, rec.file);
    if (!rec.file.startsWith('objects/') || rec.file.includes('..')) problems.push(`line ${n}: bad file path`);
    else if (!existsSync(file)) problems.push(`line ${n}: ${rec.file} is missing`);
    else {
      const data = readFileSync(file);
      if (sha256(data) !== rec.sha256 || !rec.file.includes(rec.sha256)) problems.push(`line ${n}: ${rec.file} does not match its SHA-256 (the file was changed)`);
    }
    if (totals !== undefined && n === totals.records && hash !== totals.head) {
      problems.push(`line ${n}: is not the record the archive recorded as its record ${n} (the manifest was rewritten)`);
    }
  });
  if (totals !== undefined && lines.length < totals.records) {
    problems.push(`${MANIFEST} ends after ${lines.length} records, but the archive recorded ${totals.records}: the manifest was cut short (its last ${totals.records - lines.length} records are missing)`);
  }
  return { records, problems };
}
