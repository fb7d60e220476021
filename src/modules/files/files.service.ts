import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { actorName, type AuthContext } from '../../actor.js';
import type { Config, FilesConfig } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { ApiError } from '../../errors.js';
import { recurringJob, type JobHandler, type JobQueue, type RecurringJob } from '../../jobs/index.js';
import type { ObjectStorage, StoredObject } from '../../storage/index.js';
import { inspect, isWebImage, SAMPLE_BYTES } from './files.content.js';
import { FileErrors } from './files.errors.js';
import type { FilesRepository } from './files.repository.js';
import type { FileSignedUrl, FileWithAudit, Purpose } from './files.schemas.js';
import { PURPOSES } from './files.schemas.js';
import type { FileUrlSigner } from './files.signing.js';
import type { Row } from '../../db/types.js';

export const PURGE_JOB = 'files.purge';
export const DELETE_OBJECTS_JOB = 'files.delete-objects';
/** The reference: "Unassociated files expire within 30 days." */
export const UNATTACHED_DAYS = 30;
const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 3600_000;
// An upload still pending after this long belongs to a process that died mid-way.
const ABANDONED_MS = 6 * 3600_000;

/** One part of a multipart form as the routes hand it over (the service knows no HTTP). */
export type UploadPart =
  | { readonly kind: 'field'; readonly name: string; readonly value: string }
  | { readonly kind: 'file'; readonly name: string; readonly filename: string; readonly mimetype: string; readonly stream: Readable };

/** What other modules may know of a stored file (exhibitors' banners and logos, leads' documents). */
export interface FileInfo {
  readonly id: string;
  readonly friendlyName: string;
  readonly extension: string;
  readonly contentType: string;
  readonly fileSize: number;
  /** A JPEG, PNG or GIF (the types the reference allows for banners and logos), its header checked at upload. */
  readonly webImage: boolean;
  readonly width: number | null;
  readonly height: number | null;
  readonly attachedTo: string | null;
  readonly contactId: string | null;
}

/** The service calls other modules make: find, attach to an owner (and a contact), check for an image. */
export interface FileStore {
  info(accountId: string, fileId: string, trx?: Transaction<Database>): Promise<FileInfo>;
  requireWebImage(accountId: string, fileId: string, trx?: Transaction<Database>): Promise<FileInfo>;
  attach(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, fileId: string, owner: { attachedTo: string | null; contactId?: string | null }, trx?: Transaction<Database>): Promise<FileInfo>;
}

/** The files settings with their defaults (a Config built by hand may leave them out). */
export function filesConfig(config: Config): FilesConfig {
  return config.files ?? { maxBytes: 10 * 1024 * 1024, urlTtlSeconds: 3600, storage: { kind: 'local', dir: resolve(config.dataDir, 'files') } };
}

function isPurpose(value: string): value is Purpose {
  return (PURPOSES as readonly string[]).includes(value);
}

/** The last path segment of a client's file name, trimmed to something printable and short. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const printable = base.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return [...printable].slice(0, 255).join('');
}

/** Reads the start of a stream (at least `bytes`, or all of it) and hands back the whole stream, unchanged. */
async function peek(iterator: AsyncIterator<Buffer>, bytes: number): Promise<{ head: Buffer[]; size: number; done: boolean }> {
  const head: Buffer[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) return { head, size, done: true };
    head.push(next.value);
    size += next.value.length;
  }
  return { head, size, done: false };
}

interface Staged {
  readonly id: string;
  readonly accountId: string;
  readonly key: string;
  readonly size: number;
  readonly sha256: string;
}

export class FilesService implements FileStore {
  private readonly settings: FilesConfig;

  constructor(
    private readonly repo: FilesRepository,
    readonly storage: ObjectStorage,
    private readonly signer: FileUrlSigner,
    private readonly jobs: JobQueue,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.purgeJob = recurringJob(this.jobs, this.clock, PURGE_JOB, PURGE_EVERY_MS, async () => ({ removed: await this.purge() }));
    this.settings = filesConfig(config);
  }

  get maxBytes(): number {
    return this.settings.maxBytes;
  }

  /**
   * POST /files: reads the form part by part. The file streams to storage as it
   * arrives (never whole in memory), after its first bytes decided what it is.
   * Anything wrong, at any point, leaves nothing behind: no row, no object.
   */
  async upload(auth: AuthContext, parts: AsyncIterable<UploadPart>): Promise<FileWithAudit> {
    let purpose: Purpose | undefined;
    let staged: Staged | undefined;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (part.name === 'file') throw FileErrors.missingFile("The 'file' part has no file name: send it as a file (Content-Disposition with a filename)", { target: 'file' });
          if (staged) throw FileErrors.badForm(`The '${part.name}' field comes after the file: fields go before it`, { target: part.name });
          if (part.name !== 'purpose') throw FileErrors.badForm(`Unknown form field '${part.name}': the form takes 'file' and, before it, an optional 'purpose'`, { target: part.name });
          if (!isPurpose(part.value)) throw FileErrors.badForm(`purpose must be one of: ${PURPOSES.join(', ')}`, { target: 'purpose' });
          purpose = part.value;
          continue;
        }
        if (part.name !== 'file') throw FileErrors.badForm(`The file part must be named 'file', not '${part.name}'`, { target: part.name });
        if (staged) throw FileErrors.badForm('Send one file per upload', { target: 'file' });
        staged = await this.receive(auth, part, purpose);
      }
      if (!staged) throw FileErrors.missingFile(undefined, { target: 'file' });
      await this.repo.markStored(staged.accountId, staged.id, { file_size: staged.size, sha256: staged.sha256 });
    } catch (err) {
      if (staged) await this.discard(staged);
      throw err;
    }
    return this.get(auth.accountId, staged.id);
  }

  /** Checks the file's first bytes, records it as pending, and streams it into storage. */
  private async receive(auth: AuthContext, part: Extract<UploadPart, { kind: 'file' }>, purpose: Purpose | undefined): Promise<Staged> {
    const friendlyName = cleanFileName(part.filename);
    if (!friendlyName) throw FileErrors.missingFile('The file part has no file name', { target: 'file' });
    const max = this.settings.maxBytes;
    let failure: ApiError | undefined;
    const fail = (err: ApiError): ApiError => (failure = err);
    const iterator: AsyncIterator<Buffer> = part.stream[Symbol.asyncIterator]();
    let first: Awaited<ReturnType<typeof peek>>;
    try {
      first = await peek(iterator, SAMPLE_BYTES);
    } catch {
      throw FileErrors.badBody(undefined, { target: 'file' });
    }
    if (first.size > max) throw FileErrors.tooLarge(`The file is larger than ${max} bytes`, { target: 'file' });
    const sample = Buffer.concat(first.head);
    const verdict = await inspect(sample.subarray(0, SAMPLE_BYTES), first.done, { filename: friendlyName, mimetype: part.mimetype, imageRequired: purpose === 'image', videoRequired: purpose === 'video' });
    if (!verdict.ok) {
      const options = { target: 'file' };
      throw verdict.reason === 'not-an-image' ? FileErrors.notAnImage(verdict.message, options) : FileErrors.badFile(verdict.message, options);
    }

    const id = newId();
    const key = `${auth.accountId}/${id}`;
    const now = iso(this.clock());
    const actor = actorName(auth);
    await this.repo.insert({
      id, account_id: auth.accountId, status: 'pending', friendly_name: friendlyName, extension: verdict.extension, content_type: verdict.contentType,
      file_size: 0, sha256: null, storage_key: key, purpose: purpose ?? null,
      image_width: verdict.image?.width ?? null, image_height: verdict.image?.height ?? null, attached_to: null, contact_id: null,
      created: now, last_modified: now, created_by: actor, last_modified_by: actor,
    });

    const hash = createHash('sha256');
    let size = 0;
    async function* body(): AsyncGenerator<Buffer> {
      for (const chunk of first.head) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
      for (;;) {
        if (first.done) return;
        let next: IteratorResult<Buffer>;
        try {
          next = await iterator.next();
        } catch {
          throw fail(FileErrors.badBody(undefined, { target: 'file' }));
        }
        if (next.done) return;
        size += next.value.length;
        // Counted as it arrives: the bytes past the limit are never stored.
        if (size > max) throw fail(FileErrors.tooLarge(`The file is larger than ${max} bytes`, { target: 'file' }));
        hash.update(next.value);
        yield next.value;
      }
    }
    const staged = { id, accountId: auth.accountId, key, size: 0, sha256: '' };
    try {
      await this.storage.put(key, Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 }), verdict.contentType);
    } catch (err) {
      await this.discard(staged);
      // The body's own failure (too large, cut off) is the client's; anything else is the storage's.
      throw failure ?? err;
    }
    return { ...staged, size, sha256: hash.digest('hex') };
  }

  /** Undoes a staged upload: the object, then the row (a crash in between leaves a pending row the purge finds). */
  private async discard(staged: Pick<Staged, 'accountId' | 'id' | 'key'>): Promise<void> {
    await this.storage.delete(staged.key).catch(() => undefined);
    await this.repo.delete(staged.accountId, staged.id).catch(() => undefined);
  }

  /** GET /files/{id}: the file with a fresh signed download URL in `path.href`. */
  async get(accountId: string, id: string): Promise<FileWithAudit> {
    const row = await this.repo.find(accountId, id);
    if (!row) throw FileErrors.notFound();
    return this.toApi(row);
  }

  /** The download behind a signed URL; any flaw in the URL (or a file gone since) is the same 403. */
  async open(id: string, q: { expires?: string | undefined; kid?: string | undefined; sig?: string | undefined }): Promise<{ file: FileInfo; object: StoredObject }> {
    const expires = q.expires !== undefined && /^[0-9]{1,12}$/.test(q.expires) ? Number(q.expires) : NaN;
    if (!q.kid || !q.sig || Number.isNaN(expires) || !/^[0-9a-fA-F-]{36}$/.test(id)) throw FileErrors.badSignature();
    const row = await this.repo.findStored(id);
    if (!row) throw FileErrors.badSignature();
    const now = Math.floor(this.clock().getTime() / 1000);
    if (!(await this.signer.verify(row.account_id, row.id, expires, q.kid, q.sig, now))) throw FileErrors.badSignature();
    const object = await this.storage.get(row.storage_key);
    if (!object) throw FileErrors.badSignature();
    return { file: toInfo(row), object };
  }

  /** A signed, expiring URL of the file's bytes, served by GET /files/{id}/content. */
  signedUrl(accountId: string, id: string): FileSignedUrl {
    const expires = Math.floor(this.clock().getTime() / 1000) + this.settings.urlTtlSeconds;
    const { kid, sig } = this.signer.sign(accountId, id, expires);
    const q = new URLSearchParams({ expires: String(expires), kid, sig });
    return { href: `${this.config.publicUrl}/${this.config.apiVersion}/files/${id}/content?${q.toString()}`, expires };
  }

  private toApi(row: Row<'files'>): FileWithAudit {
    return {
      id: row.id, friendlyName: row.friendly_name, path: { href: this.signedUrl(row.account_id, row.id).href }, fileSize: row.file_size,
      created: row.created, createdBy: row.created_by, lastModified: row.last_modified, lastModifiedBy: row.last_modified_by,
    };
  }

  // ---- For other modules (exhibitors, leads): through FileStore ----

  async info(accountId: string, fileId: string, trx?: Transaction<Database>): Promise<FileInfo> {
    const row = await this.repo.find(accountId, fileId, trx);
    if (!row) throw FileErrors.notFound(undefined, { target: 'fileId' });
    return toInfo(row);
  }

  /** For banners and logos: 400 unless the file is a JPEG, PNG or GIF (the reference's types for them). */
  async requireWebImage(accountId: string, fileId: string, trx?: Transaction<Database>): Promise<FileInfo> {
    const file = await this.info(accountId, fileId, trx);
    if (!file.webImage) throw FileErrors.notAnImage(`The file is .${file.extension}, not a JPEG, PNG or GIF image`, { target: 'fileId' });
    return file;
  }

  /**
   * Attaches a file to what uses it (`exhibitor:<id>`, ...), so it no longer
   * expires after 30 days, and to the contact it is about, if any, so that
   * obfuscating the contact deletes it. `attachedTo: null` detaches it (it
   * expires 30 days after upload, as an unassociated file).
   */
  async attach(auth: Pick<AuthContext, 'accountId' | 'userId' | 'clientId'>, fileId: string, owner: { attachedTo: string | null; contactId?: string | null }, trx?: Transaction<Database>): Promise<FileInfo> {
    const ok = await this.repo.attach(auth.accountId, fileId, {
      attached_to: owner.attachedTo, contact_id: owner.contactId ?? null, last_modified: iso(this.clock()), last_modified_by: actorName(auth),
    }, trx);
    if (!ok) throw FileErrors.notFound(undefined, { target: 'fileId' });
    return this.info(auth.accountId, fileId, trx);
  }

  // ---- Retention ----

  /** Removes unattached files older than 30 days and uploads abandoned mid-way; object first, so a crash leaves a row to retry. */
  async purge(batch = 200): Promise<number> {
    const now = this.clock().getTime();
    let removed = 0;
    for (;;) {
      const rows = await this.repo.expired(iso(new Date(now - UNATTACHED_DAYS * DAY_MS)), iso(new Date(now - ABANDONED_MS)), batch);
      for (const row of rows) {
        await this.storage.delete(row.storage_key);
        await this.repo.delete(row.account_id, row.id);
      }
      removed += rows.length;
      if (rows.length < batch) return removed;
    }
  }

  /** The hourly purge of unassociated files: a recurring job (the module schedules it at start). */
  readonly purgeJob: RecurringJob;

  jobHandlers(): Record<string, JobHandler> {
    return {
      ...this.purgeJob.handlers,
      // Bytes of files whose rows an erasure deleted (in its transaction); deleting twice is harmless.
      [DELETE_OBJECTS_JOB]: async (job) => {
        const keys = objectKeys(job.payload);
        for (const key of keys) await this.storage.delete(key);
        return { deleted: keys.length };
      },
    };
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, trx);
  }
}

function objectKeys(payload: unknown): string[] {
  if (payload === null || typeof payload !== 'object' || !('keys' in payload) || !Array.isArray(payload.keys)) return [];
  return payload.keys.filter((k): k is string => typeof k === 'string');
}

function toInfo(row: Row<'files'>): FileInfo {
  return {
    id: row.id, friendlyName: row.friendly_name, extension: row.extension, contentType: row.content_type, fileSize: row.file_size,
    // Every stored JPEG, PNG or GIF had its header read at upload: a broken one was refused.
    webImage: isWebImage(row.extension), width: row.image_width, height: row.image_height,
    attachedTo: row.attached_to, contactId: row.contact_id,
  };
}
