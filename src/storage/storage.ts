import type { Readable } from 'node:stream';

/** An object as read back: its bytes as a stream, and how many there are. */
export interface StoredObject {
  readonly body: Readable;
  readonly size: number;
}

/**
 * Where file bytes live (DESIGN: one storage interface). Keys are chosen by
 * eventline (`<account id>/<file id>`), never by a client. Both backends stream:
 * no method holds a whole object in memory.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into `key`. Resolves once every byte is stored; rejects with
   * the body's own error when the body fails (too large, cut off), and then
   * nothing is left under `key`.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object, or undefined when there is none under `key`. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing one that is not there is not an error (jobs retry). */
  delete(key: string): Promise<void>;
  /** Rejects with StorageUnavailableError when the backend cannot store files (missing bucket, wrong credentials, unwritable directory). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The backend itself failed (not the client's body): the bucket is missing or
 * unreachable, the credentials are refused, the disk is full. Requests answer
 * 503 with Retry-After, and the message names what to fix, never a secret.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

// Keys name files by ids: path segments of letters, digits, '.', '_' and '-', none of them '.' or '..'.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`invalid storage key '${key}'`);
  return key;
}
