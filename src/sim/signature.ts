import { createHmac, timingSafeEqual } from 'node:crypto';

/** Zoom-style webhook signature: `v0=` + hex HMAC-SHA256 over `v0:<timestamp>:<body>`. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** Rejects a wrong signature and a timestamp further than toleranceSeconds from now (replays). */
export function verifyWebhookSignature(secret: string, timestamp: string, body: string, signature: string, now = Date.now(), toleranceSeconds = 300): boolean {
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > toleranceSeconds * 1000) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
