import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Standard Webhooks (https://www.standardwebhooks.com): every callback carries
// webhook-id, webhook-timestamp and webhook-signature = "v1,<base64 HMAC-SHA256
// of `${id}.${timestamp}.${body}`>", keyed with the base64 part of `whsec_...`.

export const SIGNING_SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SIGNING_SECRET_PREFIX) ? secret.slice(SIGNING_SECRET_PREFIX.length) : secret, 'base64');
}

/** The webhook-signature header value for one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * What a receiver does (README "Attendee identification"): the timestamp is
 * within the tolerance, and one of the space-separated `v1,` signatures is ours.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!/^\d+$/.test(headers.timestamp) || Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
