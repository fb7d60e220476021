// Which processes have a SQLite database open: each process that opens one (serve, worker, any CLI command) leaves a
// marker file named by its pid in `<file>.processes/`, removed when it closes the database or exits. A marker whose
// process is gone (killed with SIGKILL) is ignored and swept. `eventline restore` refuses to replace a database
// that a live process still has open (src/db/backup.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const markerDir = (file: string): string => `${file}.processes`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const opened = new Map<string, number>();
let exitHook = false;

function removeMarker(file: string): void {
  rmSync(join(markerDir(file), String(process.pid)), { force: true });
}

/** Marks this process as having the database open; the returned function removes the mark (also done at exit). */
export function markOpen(file: string): () => void {
  const count = opened.get(file) ?? 0;
  opened.set(file, count + 1);
  if (count === 0) {
    try {
      mkdirSync(markerDir(file), { recursive: true, mode: 0o700 });
      writeFileSync(join(markerDir(file), String(process.pid)), `${process.argv.slice(1, 3).join(' ')}\n`, { mode: 0o600 });
    } catch {
      // A read-only directory: the database opens all the same; restore then cannot see this process.
    }
  }
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const f of opened.keys()) removeMarker(f);
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (opened.get(file) ?? 1) - 1;
    if (left > 0) {
      opened.set(file, left);
      return;
    }
    opened.delete(file);
    removeMarker(file);
  };
}

/** The live processes, other than this one, that have the database open. */
export function openedBy(file: string): number[] {
  let names: string[];
  try {
    names = readdirSync(markerDir(file));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    if (alive(pid)) pids.push(pid);
    else rmSync(join(markerDir(file), name), { force: true });
  }
  return pids;
}
