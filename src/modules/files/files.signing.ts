import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Symmetric keys, newest first: the first signs, any verifies (the shared signing keys, derived per purpose). */
export interface KeyRing {
  keys(): readonly Buffer[];
  /** Looks for keys another process added; true when there are new ones. */
  reload(): Promise<boolean>;
}

function mac(key: Buffer, parts: readonly string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
}

/** A short public name of a key, so a URL says which key signed it (rotation without trying every key). */
function kidOf(key: Buffer): string {
  return createHash('sha256').update('eventline file url kid').update(key).digest('base64url').slice(0, 8);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Download URLs of files: HMAC-SHA256 over (account, file, expiry), the way the
 * communications module signs email URLs, with the key id in the URL. The keys
 * are derived from the signing keys every process shares through the database,
 * so any process verifies what another signed, and a rotated signing key keeps
 * URLs already issued valid until they expire.
 */
export class FileUrlSigner {
  constructor(private readonly ring: KeyRing) {}

  sign(accountId: string, fileId: string, expires: number): { kid: string; sig: string } {
    const [key] = this.ring.keys();
    if (!key) throw new Error('no key to sign file URLs with');
    return { kid: kidOf(key), sig: mac(key, ['file', accountId, fileId, String(expires)]) };
  }

  /** True only for an unexpired signature by a known key over exactly these values. */
  async verify(accountId: string, fileId: string, expires: number, kid: string, sig: string, nowSeconds: number): Promise<boolean> {
    if (!Number.isSafeInteger(expires) || expires < nowSeconds) return false;
    let key = this.ring.keys().find((k) => kidOf(k) === kid);
    if (!key && (await this.ring.reload())) key = this.ring.keys().find((k) => kidOf(k) === kid);
    if (!key) return false;
    return same(mac(key, ['file', accountId, fileId, String(expires)]), sig);
  }
}
