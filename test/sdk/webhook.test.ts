import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, verifyWebhookSignature, WebhookVerificationError } from '../../packages/sdk/src/index.js';

// The SDK's verifier is written on WebCrypto; the official `standardwebhooks` package is the
// reference it is checked against, both ways: what the package signs the SDK accepts, and what the
// SDK signs the package accepts.

const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
const body = JSON.stringify({ type: 'attendee.checked_in', id: randomUUID(), data: { id: 'a1', name: 'Zoë Ünal' } });

function signedBy(secret: string, at: Date, payload = body, id = `msg_${randomUUID()}`): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, payload),
  };
}

describe('verifyWebhook (Standard Webhooks)', () => {
  it('accepts a delivery signed by the standardwebhooks package and returns its parsed body', async () => {
    const secret = newSecret();
    const headers = signedBy(secret, new Date());
    await expect(verifyWebhook(body, headers, secret)).resolves.toEqual(JSON.parse(body));
    // The same from a fetch Headers (a Request in a Worker or Next.js route) and from raw bytes.
    await expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).resolves.toEqual(JSON.parse(body));
  });

  it('is verified by the standardwebhooks package when the SDK signs', async () => {
    const secret = newSecret();
    const at = new Date();
    const id = `msg_${randomUUID()}`;
    const signature = await signWebhook(secret, { id, timestamp: at, payload: body });
    expect(signature).toBe(new Webhook(secret).sign(id, at, body));
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('refuses a tampered body, another message id and a wrong secret', async () => {
    const secret = newSecret();
    const headers = signedBy(secret, new Date());
    const tampered = body.replace('a1', 'a2');
    await expect(verifyWebhook(tampered, headers, secret)).rejects.toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow();
    await expect(verifyWebhook(body, { ...headers, 'webhook-id': 'msg_other' }, secret)).rejects.toThrow('no webhook signature matches');
    await expect(verifyWebhook(body, headers, newSecret())).rejects.toThrow('no webhook signature matches');
  });

  it('refuses a timestamp more than 5 minutes off, either way, and accepts one just inside', async () => {
    const secret = newSecret();
    const now = new Date();
    const stale = signedBy(secret, new Date(now.getTime() - 301_000));
    await expect(verifyWebhook(body, stale, secret, { now: () => now })).rejects.toThrow('too old');
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
    const future = signedBy(secret, new Date(now.getTime() + 301_000));
    await expect(verifyWebhook(body, future, secret, { now: () => now })).rejects.toThrow('too far in the future');
    const recent = signedBy(secret, new Date(now.getTime() - 299_000));
    await expect(verifyWebhook(body, recent, secret, { now: () => now })).resolves.toEqual(JSON.parse(body));
    // A tolerance of the receiver's own.
    await expect(verifyWebhook(body, recent, secret, { now: () => now, toleranceSeconds: 60 })).rejects.toThrow('too old');
  });

  it('during a rotation: two v1 signatures, either secret verifies; a list of secrets verifies one signature', async () => {
    const oldSecret = newSecret();
    const newer = newSecret();
    const at = new Date();
    const id = `msg_${randomUUID()}`;
    const both = `${new Webhook(newer).sign(id, at, body)} ${new Webhook(oldSecret).sign(id, at, body)}`;
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': both };
    await expect(verifyWebhook(body, headers, oldSecret)).resolves.toEqual(JSON.parse(body));
    await expect(verifyWebhook(body, headers, newer)).resolves.toEqual(JSON.parse(body));
    // The package agrees with both.
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newer).verify(body, headers)).toEqual(JSON.parse(body));
    // A receiver that holds both secrets accepts a message signed by only one of them.
    await expect(verifyWebhook(body, signedBy(oldSecret, at), [newer, oldSecret])).resolves.toEqual(JSON.parse(body));
    await expect(verifyWebhook(body, signedBy(newSecret(), at), [newer, oldSecret])).rejects.toThrow(WebhookVerificationError);
  });

  it('refuses missing headers, a non-numeric timestamp and unknown signature versions, naming no secret', async () => {
    const secret = newSecret();
    const headers = signedBy(secret, new Date());
    const { 'webhook-signature': _s, ...unsigned } = headers;
    await expect(verifyWebhook(body, unsigned, secret)).rejects.toThrow('missing webhook-id, webhook-timestamp or webhook-signature');
    await expect(verifyWebhook(body, { ...headers, 'webhook-timestamp': '1e9' }, secret)).rejects.toThrow('not a number of seconds');
    const v2 = headers['webhook-signature']?.replace(/^v1,/, 'v2,') ?? '';
    const err = await verifyWebhook(body, { ...headers, 'webhook-signature': `${v2} v1,not*base64` }, secret).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect(String(err)).not.toContain(secret.slice(6));
    await expect(verifyWebhook(body, headers, 'not base64 !')).rejects.toThrow('whsec_');
    await expect(verifyWebhook(body, headers, [])).rejects.toThrow('at least one');
  });

  it('reports the message id and signing time; header names in any case (Node lower-cases them, others may not)', async () => {
    const secret = newSecret();
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const headers = signedBy(secret, at, body, 'msg_42');
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    await expect(verifyWebhookSignature(body, upper, secret)).resolves.toEqual({ id: 'msg_42', timestamp: at });
  });
});
