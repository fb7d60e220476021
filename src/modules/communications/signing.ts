import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SigningKey {
  readonly kid: string;
  readonly secret: string;
}

export const URL_TTL_SECONDS = 3600;

function mac(secret: string, parts: readonly string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Signs email content URLs with HMAC over (account, message, expiry). The key
 * id travels in the URL, so a key ring ordered newest first rotates without
 * breaking URLs already issued: the first key signs, every key verifies.
 */
export class UrlSigner {
  private readonly signing: SigningKey;

  constructor(private readonly keys: readonly SigningKey[]) {
    const [newest] = keys;
    if (!newest) throw new Error('UrlSigner needs at least one key');
    this.signing = newest;
  }

  sign(accountId: string, messageId: string, expires: number): { kid: string; sig: string } {
    const key = this.signing;
    return { kid: key.kid, sig: mac(key.secret, [accountId, messageId, String(expires)]) };
  }

  /** True only for an unexpired signature made by a known key over exactly these values. */
  verify(accountId: string, messageId: string, expires: number, kid: string, sig: string, nowSeconds: number): boolean {
    if (!Number.isSafeInteger(expires) || expires < nowSeconds) return false;
    const key = this.keys.find((k) => k.kid === kid);
    if (!key) return false;
    return same(mac(key.secret, [accountId, messageId, String(expires)]), sig);
  }
}

/**
 * Attendees' personal tokens: `<linkId>.<HMAC(secret, linkId)>`. Computed, not
 * stored, so the webcasts module needs no change and a token exists for every
 * link once the link exists; deleting the link revokes it.
 */
export class AttendeeTokens {
  constructor(private readonly secret: string) {}

  mint(linkId: string): string {
    return `${linkId}.${mac(this.secret, ['attendee-link', linkId])}`;
  }

  /** The link id the token names, when its MAC is right. */
  verify(token: string): string | undefined {
    return this.check(token, (id) => this.mint(id));
  }

  /**
   * The token of a link's tracked join URL. Another MAC than the chat token's:
   * a join URL passed around (it is in an email) cannot be used to chat.
   */
  mintJoin(linkId: string): string {
    return `${linkId}.${mac(this.secret, ['join-link', linkId])}`;
  }

  verifyJoin(token: string): string | undefined {
    return this.check(token, (id) => this.mintJoin(id));
  }

  private check(token: string, expected: (linkId: string) => string): string | undefined {
    const i = token.indexOf('.');
    if (i <= 0) return undefined;
    const linkId = token.slice(0, i);
    return same(expected(linkId), token) ? linkId : undefined;
  }
}
