import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { ProviderHttpError } from '../provider.js';
import { checkedBody, retryAfterMs, send } from './http.js';

const NOW = Date.parse('2026-11-28T08:00:00Z');
const withRetryAfter = (value?: string): Response => new Response(null, { status: 429, headers: value === undefined ? {} : { 'retry-after': value } });

describe("the connectors' shared HTTP", () => {
  it('reads Retry-After as seconds or as an HTTP date, never negative, and nothing from a missing or unreadable one', () => {
    expect(retryAfterMs(withRetryAfter('7'), NOW)).toBe(7_000);
    expect(retryAfterMs(withRetryAfter('0'), NOW)).toBe(0);
    expect(retryAfterMs(withRetryAfter('Sat, 28 Nov 2026 08:00:30 GMT'), NOW)).toBe(30_000);
    expect(retryAfterMs(withRetryAfter('Sat, 28 Nov 2026 07:59:00 GMT'), NOW)).toBe(0);
    expect(retryAfterMs(withRetryAfter('soon'), NOW)).toBeUndefined();
    expect(retryAfterMs(withRetryAfter(), NOW)).toBeUndefined();
  });

  it('turns a failure to connect into a 503 that names the platform and the cause', async () => {
    const refused = (): Promise<Response> => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }));
    const err = await send(refused, 'Zoom', 'http://127.0.0.1:9/', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(503);
    expect((err as ProviderHttpError).message).toBe('Zoom is unavailable (it could not be reached: connect ECONNREFUSED 127.0.0.1:9): nothing was lost, the sync tries again on its next pass.');
  });

  it('checks a body: none is undefined, JSON of the expected shape is returned, anything else is a 502 naming the call', async () => {
    const Meeting = Compile(Type.Object({ id: Type.Number() }));
    expect(await checkedBody(new Response(null, { status: 204 }), Meeting, 'Zoom', 'GET /m')).toBeUndefined();
    expect(await checkedBody(new Response('', { status: 200 }), Meeting, 'Zoom', 'GET /m')).toBeUndefined();
    expect(await checkedBody(new Response('{"id":5}', { status: 200 }), Meeting, 'Zoom', 'GET /m')).toEqual({ id: 5 });
    await expect(checkedBody(new Response('<html>', { status: 200 }), Meeting, 'Zoom', 'GET /m')).rejects.toThrow('Zoom answered GET /m with a body that is not JSON');
    await expect(checkedBody(new Response('{"id":"5"}', { status: 200 }), Meeting, 'Zoom', 'GET /m')).rejects.toThrow('Zoom answered GET /m with a body of an unexpected shape');
  });
});
