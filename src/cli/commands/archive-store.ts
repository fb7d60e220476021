import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

// The archive on disk (see README "Compliance communications"):
//   objects/<sha256>.<eml|json>  one content-addressed file per message
//   manifest.jsonl               append-only; each record carries the hash of the one before
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

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Stores the content, then appends its manifest line (fsynced) — in that order, so a line never names a missing file. */
  append(meta: { id: string; type: string; created: string; tags?: Record<string, string> }, content: Buffer, ext: 'eml' | 'json', now: Date, crashMidLine = false): ManifestLine {
    const digest = sha256(content);
    const file = `objects/${digest}.${ext}`;
    if (!existsSync(join(this.dir, file))) writeAtomic(join(this.dir, file), content);
    const record: ManifestRecord = {
      seq: this.seq + 1, id: meta.id, type: meta.type, created: meta.created, ...(meta.tags ? { tags: meta.tags } : {}),
      file, sha256: digest, size: content.length, archivedAt: now.toISOString(), prev: this.last,
    };
    const line: ManifestLine = { ...record, hash: recordHash(record) };
    const text = `${JSON.stringify(line)}\n`;
    const fd = openSync(join(this.dir, MANIFEST), 'a');
    try {
      // Test hook: what a kill in the middle of the write leaves behind.
      writeSync(fd, crashMidLine ? text.slice(0, Math.floor(text.length / 2)) : text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (crashMidLine) throw new SimulatedCrash();
    this.ids.add(meta.id);
    this.last = line.hash;
    this.seq = line.seq;
    return line;
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
