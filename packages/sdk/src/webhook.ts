/**
 * Verifying eventline's webhooks as a receiver: the Standard Webhooks scheme
 * (https://www.standardwebhooks.com). Each delivery carries
 *
 *   webhook-id:        a unique message id (the same on every retry of one message)
 *   webhook-timestamp: seconds since the epoch when it was signed
 *   webhook-signature: space-separated `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">`
 *
 * keyed by the bytes base64-encoded after `whsec_` in the endpoint's secret. While a
 * secret is rotated, both the old and the new secret sign, so the header carries two
 * v1 signatures; one that matches a secret the receiver holds is enough.
 *
 * Written on WebCrypto (`globalThis.crypto.subtle`) rather than node:crypto so the SDK
 * stays free of dependencies and runs in Node 20+, browsers, Deno and edge runtimes
 * alike; `crypto.subtle.verify` compares the MAC in constant time. The tests check it
 * against the official `standardwebhooks` package, both ways.
 */

/** Five minutes either way, as the Standard Webhooks specification recommends. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = 'whsec_';

/** A delivery that must not be trusted: the reason says which check failed (never a secret). */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** A fetch `Headers`, or a plain object such as Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /** Seconds a timestamp may be off the receiver's clock, either way (default 300). */
  toleranceSeconds?: number;
  /** Injectable for tests. */
  now?: () => Date;
}

export interface WebhookMessage {
  id: string;
  /** When it was signed. */
  timestamp: Date;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.join(' ');
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The HMAC key of a `whsec_...` secret (the prefix is optional, as in the reference library). */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  try {
    const bytes = fromBase64(raw);
    if (bytes.length > 0) return bytes;
  } catch {
    // Reported below without echoing the secret.
  }
  throw new TypeError('webhook secret must be "whsec_" followed by base64');
}

function payloadBytes(payload: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof payload === 'string') return encoder.encode(payload);
  return payload instanceof Uint8Array ? payload : new Uint8Array(payload);
}

function signedContent(id: string, timestamp: string, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const out = new Uint8Array(head.length + payload.length);
  out.set(head, 0);
  out.set(payload, head.length);
  return out;
}

// The return type is inferred: Node 20's types have no global CryptoKey, the DOM library does.
function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return globalThis.crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/**
 * Checks a delivery and returns its parsed JSON body. `payload` must be the raw body
 * as received (a string or bytes), not a re-serialised object: any change breaks the
 * signature. `secret` may be a list (the old and new secret during a rotation).
 * Throws WebhookVerificationError when a header is missing, the timestamp is more than
 * the tolerance away from now, or no v1 signature matches any secret.
 */
export async function verifyWebhook<T = unknown>(
  payload: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<T> {
  await verifyWebhookSignature(payload, headers, secret, options);
  const bytes = payloadBytes(payload);
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new WebhookVerificationError('the webhook body is not JSON');
  }
}

/** verifyWebhook without parsing the body: returns the message id and when it was signed. */
export async function verifyWebhookSignature(
  payload: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookMessage> {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0) throw new TypeError('give at least one webhook secret');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d{1,15}$/.test(timestamp.trim())) throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
  const signedAt = Number(timestamp.trim());
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (signedAt < now - tolerance) throw new WebhookVerificationError('webhook-timestamp is too old');
  if (signedAt > now + tolerance) throw new WebhookVerificationError('webhook-timestamp is too far in the future');

  const candidates: Uint8Array<ArrayBuffer>[] = [];
  for (const part of signature.split(' ')) {
    const comma = part.indexOf(',');
    if (comma < 0 || part.slice(0, comma) !== 'v1') continue;
    try {
      candidates.push(fromBase64(part.slice(comma + 1)));
    } catch {
      // Not base64: cannot match; another signature of the header still may.
    }
  }
  if (candidates.length > 0) {
    const content = signedContent(id, timestamp, payloadBytes(payload));
    for (const s of secrets) {
      const key = await hmacKey(s, 'verify');
      for (const candidate of candidates) {
        // crypto.subtle.verify compares in constant time.
        if (await globalThis.crypto.subtle.verify('HMAC', key, candidate, content)) return { id, timestamp: new Date(signedAt * 1000) };
      }
    }
  }
  throw new WebhookVerificationError('no webhook signature matches the secret');
}

/**
 * The `webhook-signature` value for a message (`v1,<base64>`): what eventline sends, for
 * receivers' own tests and local tooling.
 */
export async function signWebhook(
  secret: string,
  message: { id: string; timestamp: Date | number; payload: string | Uint8Array | ArrayBuffer },
): Promise<string> {
  const seconds = typeof message.timestamp === 'number' ? message.timestamp : Math.floor(message.timestamp.getTime() / 1000);
  const key = await hmacKey(secret, 'sign');
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, signedContent(message.id, String(seconds), payloadBytes(message.payload)));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}
