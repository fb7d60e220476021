import { describe, expect, it } from 'vitest';
import { readAnswer, transactionBody } from './contact-fields.js';
import { SecretBox } from './secrets.js';
import { newSigningSecret, signWebhook, verifyWebhook } from './signing.js';

describe('Standard Webhooks signing', () => {
  // The test vector published with the Standard Webhooks specification's libraries.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const body = '{"test": 2432232314}';

  it('signs like the specification\'s test vector', () => {
    expect(signWebhook(secret, id, 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies within the tolerance only, any of several signatures, and nothing altered', () => {
    const signature = signWebhook(secret, id, 1614265330, body);
    const headers = { id, timestamp: '1614265330', signature };
    expect(verifyWebhook(secret, headers, body, 1614265330)).toBe(true);
    expect(verifyWebhook(secret, { ...headers, signature: `v1,bm9wZQ== ${signature}` }, body, 1614265330 + 299)).toBe(true);
    expect(verifyWebhook(secret, headers, body, 1614265330 + 301)).toBe(false);
    expect(verifyWebhook(secret, headers, `${body} `, 1614265330)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, id: 'msg_other' }, body, 1614265330)).toBe(false);
    expect(verifyWebhook(newSigningSecret(), headers, body, 1614265330)).toBe(false);
    expect(newSigningSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });
});

describe('SecretBox', () => {
  const a = { kid: 'a', secret: 'a'.repeat(32) };
  const b = { kid: 'b', secret: 'b'.repeat(32) };

  it('opens what it sealed, only in the same context, and never shows the plain text in the sealed form', () => {
    const box = new SecretBox([a]);
    const sealed = box.seal('api-key-123', 'contact-hook:1:auth');
    expect(sealed).not.toContain('api-key-123');
    expect(sealed.startsWith('v1.a.')).toBe(true);
    expect(box.open(sealed, 'contact-hook:1:auth')).toBe('api-key-123');
    expect(() => box.open(sealed, 'contact-hook:2:auth')).toThrow();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('x').toString('base64url'), parts[4]].join('.');
    expect(() => box.open(tampered, 'contact-hook:1:auth')).toThrow();
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('rotates: the newest key seals, older keys still open, an unknown key says so', () => {
    const old = new SecretBox([a]).seal('s', 'c');
    const rotated = new SecretBox([b, a]);
    expect(rotated.open(old, 'c')).toBe('s');
    expect(rotated.seal('s', 'c').startsWith('v1.b.')).toBe(true);
    expect(() => new SecretBox([b]).open(old, 'c')).toThrow(/key 'a' is not in the key ring/);
  });
});

describe('contact transactions', () => {
  it('lists every standard field, blank ones with no value', () => {
    const body = transactionBody('04ca6ae2-0dc3-487b-953e-86d6abbdf7d3', { id: 'x', firstName: 'John', lastName: 'Smith', email: 'john@example.test', purged: false });
    expect(body.data.slice(0, 4)).toEqual([
      { id: '0852644F-265F-4D94-83A4-05C8479B5599', name: 'Email Address', maximumLength: 80, type: 'String', value: ['john@example.test'] },
      { id: '67659D1A-B09D-498A-B625-29D5F757F022', name: 'First Name', maximumLength: 30, type: 'String', value: ['John'] },
      { id: '2FFEF048-9F16-4701-89F1-8F5C5DE38DA5', name: 'Last Name', maximumLength: 50, type: 'String', value: ['Smith'] },
      { id: '62F6B259-9FE4-4E64-9386-77BE05E90C4D', name: 'Company', maximumLength: 100, type: 'String', value: [] },
    ]);
  });

  it('reads the non-blank fields of an answer by id or name, and says which it ignored', () => {
    const answer = {
      data: [
        { id: '62f6b259-9fe4-4e64-9386-77be05e90c4d', value: [' Cvent '] },
        { name: 'first name', value: [''] },
        { name: 'Title', value: ['x'.repeat(101)] },
      ],
    };
    expect(readAnswer(JSON.stringify(answer))).toEqual({
      fields: { company: 'Cvent' },
      ignored: [{ field: 'Title', reason: 'longer than 100 characters' }],
    });
    expect(readAnswer('')).toEqual({ fields: {}, ignored: [] });
    expect(readAnswer('{"data":[{"name":"Last Name","value":"Bare"}]}')).toEqual({ fields: { lastName: 'Bare' }, ignored: [] });
    expect(readAnswer('not json')).toBeUndefined();
    expect(readAnswer('{"fields":[]}')).toBeUndefined();
    expect(readAnswer('[1,2]')).toBeUndefined();
  });
});
