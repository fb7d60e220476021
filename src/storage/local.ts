import { constants, createWriteStream } from 'node:fs';
import { access, chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StorageUnavailableError, type ObjectStorage, type StoredObject } from './storage.js';

// What the directory, not the upload, got wrong: the operator's to fix.
const DISK_FAULTS = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO']);
const diskFault = (err: unknown): err is NodeJS.ErrnoException =>
  err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && DISK_FAULTS.has((err as NodeJS.ErrnoException).code ?? '');

function isMissing(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}

/**
 * Files in a directory of this machine (the embedded default, DATA_DIR/files):
 * directories 0700, files 0600, so only the server's user reads them. A file is
 * written under a temporary name, flushed to disk and renamed into place, so a
 * reader never sees half a file and a failed write leaves nothing behind (a
 * process killed mid-write leaves the temporary file, which delete() removes).
 * One machine only: processes on other machines do not see these files (use S3).
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local';
  private ready: Promise<void> | undefined;

  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      // An existing directory keeps its mode on mkdir: files of every account live here.
      await chmod(this.root, 0o700);
    })();
    return this.ready;
  }

  async put(key: string, body: Readable): Promise<void> {
    try {
      await this.write(key, body);
    } catch (err) {
      if (diskFault(err)) throw new StorageUnavailableError(`the file directory ${this.root} cannot be written (${err.code})`, { cause: err });
      throw err;
    }
  }

  private async write(key: string, body: Readable): Promise<void> {
    await this.init();
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    // Keys are never reused (they name a new file id), so the temporary name is the key's own.
    const temp = `${target}.part`;
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      // On disk before it gets its name (fsync applies to the file, whichever descriptor asks).
      const handle = await open(temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const path = this.path(key);
    try {
      const handle = await open(path, 'r');
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  /** Also removes what a write cut off by a dying process left under the temporary name. */
  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.part`, { force: true });
  }

  /** For tests and operators: whether an object exists, without opening it. */
  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.path(key));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async check(): Promise<void> {
    try {
      await this.init();
      await access(this.root, constants.W_OK);
    } catch (err) {
      this.ready = undefined;
      throw new StorageUnavailableError(`the file directory ${this.root} cannot be written (${(err as NodeJS.ErrnoException).code ?? String(err)})`, { cause: err });
    }
  }

  async close(): Promise<void> {
    // Nothing held open between calls.
  }
}
