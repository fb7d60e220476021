import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb } from '../../src/db/index.js';
import { FIRST_PARTY_CLIENT_ID } from '../../src/modules/oauth/index.js';
import { createTenant, startTestApp, tokenFor, type Tenant, type TestApp } from '../helpers/app.js';
import { freePort, spawnProcess } from '../helpers/process.js';

const root = new URL('../..', import.meta.url).pathname;

let t: TestApp;
let tenant: Tenant;
let token: string;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.services);
  token = await tokenFor(t.app, tenant);
  baseUrl = t.config.publicUrl;
});
afterAll(async () => t?.close());

/** Every answer below 500 is in the contract's error shape: { code, message, target?, details? } with code = status. */
function expectContractError(res: { statusCode: number; body: string }, status: number): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body['code']).toBe(status);
  expect(typeof body['message']).toBe('string');
  for (const key of Object.keys(body)) expect(['code', 'message', 'target', 'details']).toContain(key);
  return body;
}

describe('bearer tokens must carry exp, iat, jti and typ at+jwt', () => {
  const claims = (overrides: JWTPayload = {}, drop: string[] = []): JWTPayload => {
    const now = Math.floor(Date.now() / 1000);
    const all: JWTPayload = {
      client_id: tenant.clientId, acc: tenant.accountId, scope: 'event/events:read', iss: baseUrl, aud: `${baseUrl}/ea`,
      sub: tenant.clientId, jti: `j-${Math.random()}`, iat: now, exp: now + 600, ...overrides,
    };
    for (const key of drop) delete all[key];
    return all;
  };
  const sign = (payload: JWTPayload, typ = 'at+jwt'): Promise<string> => {
    const key = t.services.keys.signingKey();
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ }).sign(key.privateKey);
  };
  const call = (bearer: string) => t.app.inject({ method: 'GET', url: '/ea/events', headers: { authorization: `Bearer ${bearer}` } });

  it('accepts a complete token signed with the server key (control)', async () => {
    expect((await call(await sign(claims()))).statusCode).toBe(200);
  });

  it.each(['exp', 'iat', 'jti'])('refuses a token signed with the server key but without %s', async (claim) => {
    const res = await call(await sign(claims({}, [claim])));
    expectContractError(res, 401);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('refuses a token whose typ is not at+jwt', async () => {
    for (const typ of ['JWT', 'jwt', 'id_token+jwt']) expectContractError(await call(await sign(claims(), typ)), 401);
  });

  it('refuses a first-party web client token that names no user', async () => {
    const res = await call(await sign(claims({ client_id: FIRST_PARTY_CLIENT_ID, sub: FIRST_PARTY_CLIENT_ID })));
    expectContractError(res, 401);
  });
});

describe('hostile transport input gets a 4xx in the contract shape', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });
  let contactId: string;
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/ea/contacts', headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify([{ firstName: 'Deep', lastName: 'Nesting', email: `deep-${Date.now()}@example.test` }]),
    });
    expect(res.statusCode, res.body).toBe(207);
    const [item] = res.json() as Array<{ status: number; data: { id: string } }>;
    expect(item?.status).toBe(201);
    contactId = item?.data.id ?? '';
  });

  it('answers 400 for a JSON body nested 10,000 deep, and changes nothing', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await t.app.inject({ method: 'PATCH', url: `/ea/contacts/${contactId}`, headers: { ...auth(), 'content-type': 'application/json' }, payload: deep });
    const body = expectContractError(res, 400);
    expect(String(body['message'])).toMatch(/deep|nest/i);
    const after = await t.app.inject({ method: 'GET', url: `/ea/contacts/${contactId}`, headers: auth() });
    expect((after.json() as { lastName: string }).lastName).toBe('Nesting');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/ea/contacts', headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify([{ firstName: 'x'.repeat(2 * 1024 * 1024) }]),
    });
    expectContractError(res, 413);
  });

  it('answers 415 for a JSON body in a charset other than UTF-8', async () => {
    for (const charset of ['utf-16', 'latin1', 'iso-8859-1']) {
      const res = await t.app.inject({
        method: 'POST', url: '/ea/contacts', headers: { ...auth(), 'content-type': `application/json; charset=${charset}` },
        payload: JSON.stringify([{ firstName: 'Charset' }]),
      });
      expectContractError(res, 415);
    }
  });

  it('accepts an explicit UTF-8 charset (control)', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/ea/contacts', headers: { ...auth(), 'content-type': 'application/json; charset=UTF-8' },
      payload: JSON.stringify([{ firstName: 'Charset', lastName: 'Ok', email: `cs-${Date.now()}@example.test` }]),
    });
    expect(res.statusCode, res.body).toBe(207);
  });

  it('answers 400 in the contract shape for bad percent-encoding in the path', async () => {
    for (const url of ['/ea/contacts/%E0%A4%A', '/ea/events/%', '/%zz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth() });
      expectContractError(res, 400);
    }
  });

  it('answers below 500 with 2,000 query parameters', async () => {
    const qs = Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&');
    const res = await t.app.inject({ method: 'GET', url: `/ea/contacts?${qs}`, headers: auth() });
    expect(res.statusCode).toBeLessThan(500);
    expectContractError(res, res.statusCode);
  });

  it('answers 401, not 500, for a tab after the bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ea/contacts', headers: { authorization: `Bearer ${token}\t` } });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('answers 413 in the contract shape for a 2 MB body to a portal route', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/portal/session', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectContractError(res, 413);
  });

  it('answers 404 in the contract shape for an unknown route', async () => {
    expectContractError(await t.app.inject({ method: 'GET', url: '/ea/no-such-thing', headers: auth() }), 404);
  });
});

describe('sign-in brute force', () => {
  it('answers 429 with Retry-After after a few wrong passwords for one account, and the same for an unknown email', async () => {
    const email = `brute-${Date.now()}@example.test`;
    await t.services.accounts.createUser({ accountId: tenant.accountId, email, role: 'developer', password: 'correct horse battery' });
    // Each series comes from its own address, so the per-address limit does not mix them.
    const attempt = (who: string, password = 'wrong password', remoteAddress = '192.0.2.10') => t.app.inject({
      method: 'POST', url: '/portal/session', remoteAddress,
      headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: who, password }),
    });
    const known: number[] = [];
    for (let i = 0; i < 12; i++) known.push((await attempt(email)).statusCode);
    expect(known.slice(0, 3)).toEqual([401, 401, 401]);
    expect(known).toContain(429);
    const limited = await attempt(email);
    expectContractError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // While limited, even the right password is refused: the limit is not an oracle for it.
    expect((await attempt(email, 'correct horse battery')).statusCode).toBe(429);
    // An unknown email is limited the same way, so the answers do not tell which emails exist.
    const nobody = `nobody-${Date.now()}@example.test`;
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) unknown.push((await attempt(nobody, 'wrong password', '192.0.2.11')).statusCode);
    expect(unknown.indexOf(429)).toBe(known.indexOf(429));
  });

  it('limits one address trying many accounts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST', url: '/portal/session', remoteAddress: '192.0.2.12',
        headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: `spray-${i}@example.test`, password: 'wrong password' }),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes).toContain(429);
  });
});

describe('operator hazards', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('creates the SQLite data directory 0700 and its files 0600', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'eventline-modes-')), 'data');
    dirs.push(dir);
    const handle = createDb({ dialect: 'sqlite', file: join(dir, 'eventline.db') });
    await handle.db.selectFrom('accounts').select('id').execute().catch(() => undefined);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'eventline.db')).mode & 0o777).toBe(0o600);
    await handle.destroy();
  });

  it('exits 1 with a clear message when the port is in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'eventline-busy-'));
    dirs.push(dataDir);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'fatal', DEMO: 'false' };
      delete env['DATABASE_URL'];
      delete env['REDIS_URL'];
      const proc = spawnProcess('node', ['bin/eventline.js', 'serve'], { cwd: root, env });
      const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(proc.output()).toMatch(new RegExp(`port ${port}.*in use|in use.*${port}`, 'i'));
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});

describe('bodiless POSTs and content negotiation', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('takes an empty body sent with Content-Type: application/json as no body', async () => {
    // obfuscate has no body: with the header and nothing after it, the call reaches the operation (unknown contact: 404).
    await t.services.accounts.setFeature(tenant.accountId, 'contact-obfuscation', true);
    const res = await t.app.inject({
      method: 'POST', url: '/ea/contacts/0190a1b2-0000-7000-8000-000000000000/obfuscate', headers: { ...auth(), 'content-type': 'application/json' }, payload: '',
    });
    expect(expectContractError(res, 404)['message']).not.toMatch(/body/i);
    // An operation that needs a body still says so, in the contract's shape.
    const needsBody = await t.app.inject({ method: 'POST', url: '/ea/contacts', headers: { ...auth(), 'content-type': 'application/json' }, payload: '' });
    expect(expectContractError(needsBody, 400)['target']).toBe('body');
  });

  it('answers 406 when the Accept header admits none of the types an operation answers with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ea/events', headers: { ...auth(), accept: 'application/xml' } });
    expect(expectContractError(res, 406)['target']).toBe('Accept');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const refused = await t.app.inject({ method: 'GET', url: '/ea/events', headers: { ...auth(), accept: 'application/json;q=0, text/html' } });
    expectContractError(refused, 406);
    for (const accept of ['application/json', '*/*', 'application/*', 'text/html, application/json;q=0.5', 'application/json; charset=utf-8', '']) {
      const ok = await t.app.inject({ method: 'GET', url: '/ea/events', headers: { ...auth(), accept } });
      expect(ok.statusCode, `Accept: ${accept}`).toBe(200);
    }
    // SCIM answers application/scim+json (RFC 7644 §8.1), or application/json to a client that asks for it (the reference's type).
    for (const accept of ['application/scim+json', 'application/json']) {
      const scim = await t.app.inject({ method: 'GET', url: '/ea/scim/v2/Users', headers: { ...auth(), accept } });
      expect(scim.statusCode, `SCIM with Accept: ${accept}`).toBe(200);
      expect(String(scim.headers['content-type']).split(';')[0]).toBe(accept);
    }
    const xml = await t.app.inject({ method: 'GET', url: '/ea/scim/v2/Users', headers: { ...auth(), accept: 'application/xml' } });
    expect(xml.statusCode).toBe(406);
  });
});

describe('paging tokens are sealed', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });
  const get = (url: string, app = t.app) => app.inject({ method: 'GET', url, headers: auth() });
  interface Page { data: { id: string }[]; paging: { currentToken: string; nextToken?: string; _links: { self: { href: string }; next?: { href: string } } } }

  it('seals the tokens of every list operation (each answers a currentToken that is not readable JSON)', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>> };
    // A list's token is optional; /join's required ?token= is an attendee's personal token, not a page.
    const lists = Object.entries(doc.paths)
      // The developer portal's lists (its audit log) answer a signed-in person's session, not a bearer token; they page
      // with the same sealed tokens (src/http/page-tokens.ts).
      .filter(([path, ops]) => !path.includes('{') && !path.startsWith('/portal/') && (ops['get']?.parameters ?? []).some((p) => p.in === 'query' && p.name === 'token' && p.required !== true))
      .map(([path]) => path);
    expect(lists.length).toBeGreaterThanOrEqual(15);
    await t.services.accounts.setFeature(tenant.accountId, 'compliance-communications', true);
    // The custom fields' list takes one category at a time, as the reference requires; lists whose reference makes
    // a time window required (the budget's after/before) get the widest one.
    const WINDOW: Record<string, string> = { after: '2000-01-01T00:00:00Z', before: '2100-01-01T00:00:00Z' };
    const required: Record<string, string> = { '/ea/custom-fields': `&filter=${encodeURIComponent("category eq 'Contact'")}` };
    for (const path of lists) {
      for (const p of doc.paths[path]?.['get']?.parameters ?? []) {
        if (p.in === 'query' && p.required === true && WINDOW[p.name] !== undefined) required[path] = `${required[path] ?? ''}&${p.name}=${WINDOW[p.name]}`;
      }
    }
    for (const path of lists) {
      const res = await get(`${path}?limit=1${required[path] ?? ''}`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      const current = (res.json() as Page).paging.currentToken;
      expect(typeof current, path).toBe('string');
      expect(() => JSON.parse(Buffer.from(current, 'base64url').toString('utf8')) as unknown, path).toThrow();
      // And the token is taken back.
      expect((await get(`${path}?token=${current}${required[path] ?? ''}`)).statusCode, path).toBe(200);
    }
  });

  it('hides the query a token carries, refuses a token changed by one character, and pages the same on another process', async () => {
    const people = ['sealed.one', 'sealed.two', 'sealed.three'].map((n) => ({ firstName: 'Sealed', lastName: n, email: `${n}@tokens.example` }));
    expect((await t.app.inject({ method: 'POST', url: '/ea/contacts', headers: auth(), payload: people })).statusCode).toBe(207);
    const filter = encodeURIComponent("email contains '@tokens.example'");
    const first = await get(`/ea/contacts?limit=1&filter=${filter}`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as Page;
    const next = page.paging.nextToken ?? '';
    expect(next).not.toBe('');
    // Neither the token nor its base64 decoding shows the filter (a filter may name a person).
    for (const tok of [next, page.paging.currentToken]) {
      expect(Buffer.from(tok, 'base64url').toString('latin1')).not.toMatch(/tokens\.example|email|"r":/);
    }
    expect(page.paging._links.next?.href).toBe(`${baseUrl}/ea/contacts?token=${next}`);

    const second = await get(`/ea/contacts?token=${next}`);
    expect(second.statusCode, second.body).toBe(200);
    const secondIds = (second.json() as Page).data.map((c) => c.id);
    expect(secondIds).toHaveLength(1);
    expect(secondIds).not.toEqual(page.data.map((c) => c.id));

    // One character changed: refused in the contract's shape, never a 500 or another page.
    const flipped = `${next.slice(0, 20)}${next[20] === 'A' ? 'B' : 'A'}${next.slice(21)}`;
    expect(expectContractError(await get(`/ea/contacts?token=${flipped}`), 400)['target']).toBe('token');

    // Another process on the same database (a second API server) opens the token.
    const other = await buildApp(t.config, { db: t.db.handle, logger: false, worker: false });
    await other.app.ready();
    try {
      const there = await get(`/ea/contacts?token=${next}`, other.app);
      expect(there.statusCode, there.body).toBe(200);
      expect((there.json() as Page).data.map((c) => c.id)).toEqual(secondIds);
    } finally {
      await other.app.close();
    }
  });
});
