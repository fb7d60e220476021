import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretKey {
  readonly kid: string;
  readonly secret: string;
}

const VERSION = 'v1';

function derive(secret: string): Buffer {
  // The configured secret is text of 32+ characters; HKDF turns it into an AES-256 key.
  return Buffer.from(hkdfSync('sha256', secret, 'eventline', 'contact-hook secrets v1', 32));
}

/**
 * Encrypts the secrets a hook must send back out (the far side's API key or
 * Basic credentials, and the signing secret): they cannot be hashed, so they are
 * sealed with AES-256-GCM. The key ring is newest first: the first key seals,
 * every key opens (rotation). `context` (the hook id and the column) is bound in
 * as associated data, so a sealed value moved to another row or column does not open.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly sealing: { readonly kid: string; readonly key: Buffer };

  constructor(ring: readonly SecretKey[]) {
    const [newest] = ring;
    if (!newest) throw new Error('SecretBox needs at least one key');
    this.keys = new Map(ring.map((k) => [k.kid, derive(k.secret)]));
    this.sealing = { kid: newest.kid, key: derive(newest.secret) };
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealing.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.sealing.kid, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plain secret; throws when the key is unknown or the value was altered (never says what it held). */
  open(sealed: string, context: string): string {
    const [version, kid, iv, body, tag] = sealed.split('.');
    const key = kid === undefined ? undefined : this.keys.get(kid);
    if (version !== VERSION || !key || iv === undefined || body === undefined || tag === undefined) {
      throw new Error(`a stored hook secret cannot be opened (key '${kid ?? ''}' is not in the key ring)`);
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export function newKeySecret(): string {
  return randomBytes(32).toString('base64url');
}
