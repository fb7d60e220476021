import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError, createClient, TokenRequestError } from '../../src/client/index.js';
import { fakeApi, fakeTime, type FakeApi } from './fake-api.js';

let server: FakeApi | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ok = { status: 200, body: { ok: true } };

function clientFor(api: FakeApi, time: ReturnType<typeof fakeTime>, opts: { scope?: string[]; clientSecret?: string; baseUrl?: string } = {}) {
  return createClient({
    baseUrl: opts.baseUrl ?? api.url, clientId: 'client 1', clientSecret: opts.clientSecret ?? 'p@ss:word',
    now: time.now, sleep: time.sleep, random: time.random, logger: { error: () => undefined },
    ...(opts.scope ? { scope: opts.scope } : {}),
  });
}

describe('client credentials token', () => {
  it('asks POST /ea/oauth2/token with HTTP Basic (form-encoded parts) and the client_credentials grant', async () => {
    server = await fakeApi({ api: () => ok });
    await clientFor(server, fakeTime('2027-03-01T12:00:00Z'), { scope: ['event/events:read', 'event/events:write'] }).get('/ea/events');
    const [tokenReq] = server.tokenRequests();
    expect(tokenReq?.method).toBe('POST');
    expect(tokenReq?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const basic = Buffer.from((tokenReq?.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    expect(basic).toBe('client+1:p%40ss%3Aword');
    const form = new URLSearchParams(tokenReq?.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('event/events:read event/events:write');
    expect(server.apiRequests()[0]?.bearer).toBe('tok-1');
  });

  it('is cached across calls: one token request for many sequential and concurrent calls', async () => {
    server = await fakeApi({ api: () => ok });
    const client = clientFor(server, fakeTime('2027-03-01T12:00:00Z'));
    for (let i = 0; i < 5; i++) await client.get('/ea/events');
    await Promise.all(Array.from({ length: 10 }, () => client.get('/ea/events')));
    expect(server.tokenRequests()).toHaveLength(1);
    expect(server.apiRequests()).toHaveLength(15);
    expect(new Set(server.apiRequests().map((r) => r.bearer))).toEqual(new Set(['tok-1']));
  });

  it('shares one token request between concurrent first calls', async () => {
    server = await fakeApi({ api: () => ok });
    const client = clientFor(server, fakeTime('2027-03-01T12:00:00Z'));
    await Promise.all(Array.from({ length: 8 }, () => client.get('/ea/events')));
    expect(server.tokenRequests()).toHaveLength(1);
  });

  it('is renewed 60 s before expires_in ends, by the injected clock', async () => {
    server = await fakeApi({ api: () => ok, expiresIn: 3600 });
    const time = fakeTime('2027-03-01T12:00:00Z');
    const client = clientFor(server, time);
    await client.get('/ea/events');
    time.advance((3600 - 61) * 1000);
    await client.get('/ea/events');
    expect(server.tokenRequests()).toHaveLength(1);
    time.advance(1000);
    await client.get('/ea/events');
    expect(server.tokenRequests()).toHaveLength(2);
    expect(server.apiRequests().map((r) => r.bearer)).toEqual(['tok-1', 'tok-1', 'tok-2']);
  });

  it('renews a short-lived token half-way rather than on every call', async () => {
    server = await fakeApi({ api: () => ok, expiresIn: 60 });
    const time = fakeTime('2027-03-01T12:00:00Z');
    const client = clientFor(server, time);
    await client.get('/ea/events');
    time.advance(29_000);
    await client.get('/ea/events');
    expect(server.tokenRequests()).toHaveLength(1);
    time.advance(1_000);
    await client.get('/ea/events');
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it('after a 401 gets a new token and retries the call once', async () => {
    // tok-1 is refused, as after a key rotation or revocation on the server.
    server = await fakeApi({ api: (req) => (req.bearer === 'tok-1' ? { status: 401, body: { code: 401, message: 'Unauthorized' } } : ok) });
    const client = clientFor(server, fakeTime('2027-03-01T12:00:00Z'));
    expect(await client.get('/ea/events')).toEqual({ ok: true });
    expect(server.apiRequests().map((r) => r.bearer)).toEqual(['tok-1', 'tok-2']);
    expect(server.tokenRequests()).toHaveLength(2);
    await client.get('/ea/events');
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it('throws the second 401 instead of retrying again', async () => {
    server = await fakeApi({ api: () => ({ status: 401, body: { code: 401, message: 'The access token is not valid' } }) });
    const err = (await clientFor(server, fakeTime('2027-03-01T12:00:00Z')).get('/ea/events').catch((e: unknown) => e)) as ApiRequestError;
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 401, message: 'The access token is not valid' });
    expect(server.apiRequests().map((r) => r.bearer)).toEqual(['tok-1', 'tok-2']);
  });

  it('throws TokenRequestError with the RFC 6749 error when the credentials are refused', async () => {
    server = await fakeApi({ api: () => ok, token: () => ({ status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } }) });
    const err = (await clientFor(server, fakeTime('2027-03-01T12:00:00Z')).get('/ea/events').catch((e: unknown) => e)) as TokenRequestError;
    expect(err).toBeInstanceOf(TokenRequestError);
    expect(err).toMatchObject({ status: 401, error: 'invalid_client', message: 'Client authentication failed', path: '/ea/oauth2/token' });
    expect(server.apiRequests()).toHaveLength(0);
  });

  it('accepts a base URL ending in the version, as the reference writes its servers, and adds the version to bare paths', async () => {
    server = await fakeApi({ api: () => ok });
    const client = clientFor(server, fakeTime('2027-03-01T12:00:00Z'), { baseUrl: `${server.url}/ea/` });
    await client.get('/sessions', { query: { filter: "virtual eq 'true'" } });
    await client.get('/ea/events');
    await client.get('/.well-known/oauth-authorization-server');
    expect(server.tokenRequests()[0]?.path).toBe('/ea/oauth2/token');
    expect(server.apiRequests().map((r) => r.path)).toEqual(['/ea/sessions', '/ea/events', '/.well-known/oauth-authorization-server']);
  });

  it('never sends the token to another origin', async () => {
    server = await fakeApi({ api: () => ok });
    const client = clientFor(server, fakeTime('2027-03-01T12:00:00Z'));
    await expect(client.get('https://elsewhere.example/ea/events')).rejects.toThrow(/not the API's origin/);
    expect(server.requests).toHaveLength(0);
  });
});
