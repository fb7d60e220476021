import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLarge, CallTimeout, CallbackError, MAX_ANSWER_BYTES, postJson, refusedAddress, resolveCallback, type Resolver } from './outbound.js';

const strict = { allowLoopback: false };
const dev = { allowLoopback: true };
const resolverOf = (answers: Record<string, string[]>): Resolver => async (host) => {
  const found = answers[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(url: string, policy = strict, resolver: Resolver = resolverOf({})): Promise<CallbackError> {
  try {
    await resolveCallback(url, policy, resolver);
  } catch (err) {
    if (err instanceof CallbackError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe('refusedAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, reserved and IPv6 local, mapped and NAT64 addresses', () => {
    for (const a of ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '127.0.0.1', '127.9.9.9', '0.0.0.0',
      '192.0.0.170', '198.18.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', '::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:127.0.0.1', '::ffff:8.8.8.8',
      'fd00:ec2::254', 'fc00::1', 'fe80::1', 'ff02::1', '64:ff9b::a00:1', '2001:db8::1', '2002:a00:1::1']) {
      expect(refusedAddress(a, strict), a).toBeDefined();
    }
  });

  it('allows public addresses, and loopback only with the development setting', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111']) expect(refusedAddress(a, strict), a).toBeUndefined();
    expect(refusedAddress('127.0.0.1', dev)).toBeUndefined();
    expect(refusedAddress('::1', dev)).toBeUndefined();
    expect(refusedAddress('10.0.0.1', dev)).toMatch(/private range/);
    expect(refusedAddress('169.254.169.254', dev)).toMatch(/link-local/);
  });
});

describe('resolveCallback', () => {
  it('accepts an https name that resolves to public addresses only, and pins the first', async () => {
    const target = await resolveCallback('https://hooks.example.test/identify', strict, resolverOf({ 'hooks.example.test': ['93.184.216.34', '2606:4700::1'] }));
    expect(target).toMatchObject({ host: 'hooks.example.test', address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with any private answer (a public and a private record mixed)', async () => {
    const err = await refusal('https://mixed.example.test/', strict, resolverOf({ 'mixed.example.test': ['93.184.216.34', '10.0.0.1'] }));
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('callback host mixed.example.test resolves to 10.0.0.1, which is in a private range 10.0.0.0/8: eventline calls public addresses only');
  });

  it('refuses a name that resolves to the metadata service or to loopback', async () => {
    const resolver = resolverOf({ 'metadata.google.internal': ['169.254.169.254'], localhost: ['127.0.0.1', '::1'] });
    expect((await refusal('https://metadata.google.internal/computeMetadata/v1/', strict, resolver)).message).toMatch(/169\.254\.169\.254.*link-local/);
    expect((await refusal('https://localhost:8443/', strict, resolver)).message).toMatch(/loopback/);
    await expect(resolveCallback('https://localhost:8443/', dev, resolver)).resolves.toMatchObject({ address: '127.0.0.1' });
  });

  it('refuses `localhost` and the names under it without asking DNS (a machine without DNS included)', async () => {
    for (const url of ['https://localhost/', 'https://LOCALHOST./', 'https://api.localhost:8443/']) {
      const err = await refusal(url);
      expect(err.kind, url).toBe('refused');
      expect(err.message, url).toMatch(/is a loopback name/);
    }
    // Only the label itself: a public name that merely contains it is resolved as usual.
    expect((await refusal('https://notlocalhost.example.test/')).kind).toBe('unresolved');
  });

  it('reads the host the way the URL parser normalises it (hex, decimal and bracketed forms)', async () => {
    expect((await refusal('https://0x7f.1/')).message).toMatch(/127\.0\.0\.1/);
    expect((await refusal('https://2130706433/')).message).toMatch(/127\.0\.0\.1/);
    expect((await refusal('https://[::ffff:169.254.169.254]/')).message).toMatch(/IPv4-mapped/);
    expect((await refusal('https://[::1]/')).message).toMatch(/loopback/);
  });

  it('needs https (http only to loopback in development), no credentials, an absolute URL', async () => {
    expect((await refusal('http://93.184.216.34/')).message).toMatch(/https/);
    expect((await refusal('http://93.184.216.34/', dev)).message).toMatch(/http is allowed to loopback only/);
    expect((await refusal('http://nowhere.test/', dev)).message).toMatch(/http is allowed to loopback only/);
    await expect(resolveCallback('http://127.0.0.1:9/', dev)).resolves.toMatchObject({ address: '127.0.0.1' });
    expect((await refusal('ftp://example.test/')).message).toMatch(/https/);
    expect((await refusal('https://u:p@example.test/')).message).toMatch(/credentials/);
    expect((await refusal('/relative')).message).toMatch(/absolute/);
  });

  it('says a name that does not resolve is unresolved (worth retrying), not refused', async () => {
    const err = await refusal('https://gone.example.test/');
    expect(err).toMatchObject({ kind: 'unresolved', message: 'the callback\'s host gone.example.test does not resolve' });
  });
});

describe('postJson', () => {
  let server: Server;
  let port = 0;
  const seen: Array<{ url: string; headers: IncomingHttpHeaders; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (req.url === '/hang') return;
        if (req.url === '/redirect') {
          res.writeHead(302, { location: 'http://169.254.169.254/' });
          res.end();
          return;
        }
        if (req.url === '/huge') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('x'.repeat(MAX_ANSWER_BYTES + 10));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":[]}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const target = async (path: string) => resolveCallback(`http://receiver.test:${port}${path}`, dev, resolverOf({ 'receiver.test': ['127.0.0.1'] }));

  it('connects to the checked address while the Host header keeps the name (the name is never resolved again)', async () => {
    const answer = await postJson(await target('/ok'), { 'content-type': 'application/json' }, '{"a":1}', { timeoutMs: 5000 });
    expect(answer).toMatchObject({ status: 200, body: '{"data":[]}' });
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ url: '/ok', body: '{"a":1}' });
    expect(last?.headers.host).toBe(`receiver.test:${port}`);
  });

  it('returns a redirect as an answer instead of following it', async () => {
    const before = seen.length;
    const answer = await postJson(await target('/redirect'), {}, '{}', { timeoutMs: 5000 });
    expect(answer.status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('gives up after the time limit, and on an answer too large', async () => {
    await expect(postJson(await target('/hang'), {}, '{}', { timeoutMs: 200 })).rejects.toBeInstanceOf(CallTimeout);
    await expect(postJson(await target('/huge'), {}, '{}', { timeoutMs: 5000 })).rejects.toBeInstanceOf(AnswerTooLarge);
  });

  it('stops when its signal is aborted (a worker that lost its lease)', async () => {
    const controller = new AbortController();
    const call = postJson(await target('/hang'), {}, '{}', { timeoutMs: 5000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job lease lost')), 50);
    await expect(call).rejects.toThrow('job lease lost');
  });
});
