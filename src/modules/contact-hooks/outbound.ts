import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Outbound callbacks (DESIGN rule 12): https only (loopback only when the
// operator allows it for development), the resolved address checked against
// private, loopback, link-local and metadata ranges, the connection pinned to
// that checked address (so DNS cannot change its answer in between), redirects
// never followed, a time limit per call and a size limit on the answer.

export interface OutboundPolicy {
  /** Development only: 127.0.0.0/8 and ::1 may be called, over http too. */
  readonly allowLoopback: boolean;
  /** The whole call: resolve, connect, send and read the answer. */
  readonly timeoutMs: number;
}

/** The largest answer read; a contact-fields document is a few kilobytes. */
export const MAX_ANSWER_BYTES = 256 * 1024;
const DNS_TIMEOUT_MS = 5_000;

/** Why a callback URL cannot be called: `refused` never will be, `unresolved` might later (DNS). */
export class CallbackError extends Error {
  override readonly name = 'CallbackError';
  constructor(message: string, readonly kind: 'refused' | 'unresolved') {
    super(message);
  }
}

type Family = 'ipv4' | 'ipv6';
// Every range that is not the public internet. Loopback is listed apart: a development setting allows it.
const RANGES: ReadonlyArray<readonly [string, number, Family, string]> = [
  ['0.0.0.0', 8, 'ipv4', '"this network" range'],
  ['10.0.0.0', 8, 'ipv4', 'private range'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT range'],
  ['169.254.0.0', 16, 'ipv4', 'link-local range (cloud metadata services live here)'],
  ['172.16.0.0', 12, 'ipv4', 'private range'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol range'],
  ['192.0.2.0', 24, 'ipv4', 'documentation range'],
  ['192.88.99.0', 24, 'ipv4', '6to4 relay range'],
  ['192.168.0.0', 16, 'ipv4', 'private range'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking range'],
  ['198.51.100.0', 24, 'ipv4', 'documentation range'],
  ['203.0.113.0', 24, 'ipv4', 'documentation range'],
  ['224.0.0.0', 4, 'ipv4', 'multicast range'],
  ['240.0.0.0', 4, 'ipv4', 'reserved range'],
  ['::', 96, 'ipv6', 'unspecified or IPv4-compatible range'],
  ['::ffff:0:0', 96, 'ipv6', 'IPv4-mapped range'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 range'],
  ['64:ff9b:1::', 48, 'ipv6', 'NAT64 range'],
  ['100::', 64, 'ipv6', 'discard range'],
  ['2001::', 23, 'ipv6', 'IETF protocol range'],
  ['2001:db8::', 32, 'ipv6', 'documentation range'],
  ['2002::', 16, 'ipv6', '6to4 range'],
  ['fc00::', 7, 'ipv6', 'unique local range (cloud metadata services live here too)'],
  ['fe80::', 10, 'ipv6', 'link-local range'],
  ['fec0::', 10, 'ipv6', 'site-local range'],
  ['ff00::', 8, 'ipv6', 'multicast range'],
];
const BLOCKED = RANGES.map(([net, prefix, family, label]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return { list, family, label: `${label} ${net}/${prefix}` };
});
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const LOCALHOST = /(^|\.)localhost\.?$/i;

function familyOf(address: string): Family | undefined {
  const v = isIP(address);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : undefined;
}

export function isLoopback(address: string): boolean {
  const family = familyOf(address);
  return family !== undefined && LOOPBACK.check(address, family);
}

/** Why this address may not be called, or undefined when it may. */
export function refusedAddress(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): string | undefined {
  const family = familyOf(address);
  if (!family) return 'is not an IP address';
  if (LOOPBACK.check(address, family)) return policy.allowLoopback ? undefined : 'is a loopback address (allowed only with HOOKS_ALLOW_LOOPBACK, for development)';
  const hit = BLOCKED.find((b) => b.family === family && b.list.check(address, family));
  return hit ? `is in a ${hit.label}` : undefined;
}

export interface Target {
  readonly url: URL;
  readonly host: string;
  /** The checked address the connection goes to. */
  readonly address: string;
  readonly family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

async function resolveAll(host: string, resolver: Resolver): Promise<ReadonlyArray<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CallbackError(`the callback's host ${host} did not resolve within ${DNS_TIMEOUT_MS / 1000} s`, 'unresolved')), DNS_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([resolver(host), timeout]);
    if (found.length === 0) throw new CallbackError(`the callback's host ${host} has no address`, 'unresolved');
    return found;
  } catch (err) {
    if (err instanceof CallbackError) throw err;
    throw new CallbackError(`the callback's host ${host} does not resolve`, 'unresolved');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a callback URL and resolves it to one address that may be called.
 * Every address the name resolves to must pass (an attacker's name cannot mix a
 * public and a private answer). Throws CallbackError saying why not.
 */
export async function resolveCallback(raw: string, policy: Pick<OutboundPolicy, 'allowLoopback'>, resolver: Resolver = systemResolver): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackError('callback must be an absolute https URL', 'refused');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowLoopback)) {
    throw new CallbackError('callback must be an https URL (TLS is mandatory)', 'refused');
  }
  if (url.username !== '' || url.password !== '') {
    throw new CallbackError('callback must not carry credentials: put them in security', 'refused');
  }
  // The WHATWG parser has already normalised the host (0x7f.1 -> 127.0.0.1, IPv6 in brackets).
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const httpsOnly = new CallbackError('callback must be an https URL (http is allowed to loopback only, for development)', 'refused');
  // RFC 6761: `localhost` and the names under it are loopback, whatever (and whether) DNS answers.
  if (literal === 0 && LOCALHOST.test(host) && !policy.allowLoopback) {
    throw new CallbackError(`callback host ${host} is a loopback name (allowed only with HOOKS_ALLOW_LOOPBACK, for development)`, 'refused');
  }
  let found: ReadonlyArray<{ address: string; family: number }>;
  try {
    found = literal !== 0 ? [{ address: host, family: literal }] : await resolveAll(host, resolver);
  } catch (err) {
    // A name that does not resolve cannot be loopback: say what is wrong with it first.
    throw url.protocol === 'http:' ? httpsOnly : err;
  }
  for (const { address } of found) {
    const why = refusedAddress(address, policy);
    if (why) throw new CallbackError(`callback ${literal !== 0 ? 'address' : `host ${host} resolves to`} ${address}, which ${why}: eventline calls public addresses only`, 'refused');
  }
  if (url.protocol === 'http:' && !found.every((a) => isLoopback(a.address))) throw httpsOnly;
  const [first] = found;
  if (!first) throw new CallbackError(`the callback's host ${host} has no address`, 'unresolved');
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** The call ran out of time (resolve, connect, send or answer). */
export class CallTimeout extends Error {
  override readonly name = 'CallTimeout';
}
/** The answer was larger than MAX_ANSWER_BYTES. */
export class AnswerTooLarge extends Error {
  override readonly name = 'AnswerTooLarge';
}

/**
 * POSTs `body` to the checked target, connecting to its checked address (the
 * Host header and TLS name stay the URL's). Redirects are answers like any
 * other: never followed. Rejects with CallTimeout, AnswerTooLarge, the
 * signal's reason, or the socket's error.
 */
export function postJson(target: Target, headers: Readonly<Record<string, string>>, body: string, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Answer> {
  // Pinning: the socket asks this lookup, which answers the address checked above.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const req = transport.request(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      // A fresh connection per call: no socket is shared with another target.
      agent: false,
    });
    const timer = setTimeout(() => {
      const err = new CallTimeout(`no answer within ${opts.timeoutMs} ms`);
      finish(() => reject(err));
      req.destroy(err);
    }, opts.timeoutMs);
    const onAbort = (): void => {
      const reason: unknown = opts.signal?.reason;
      const err = reason instanceof Error ? reason : new Error('the call was aborted');
      finish(() => reject(err));
      req.destroy(err);
    };
    if (opts.signal?.aborted) {
      onAbort();
      return;
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err) => finish(() => reject(err)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          const err = new AnswerTooLarge(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
          finish(() => reject(err));
          req.destroy(err);
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (err) => finish(() => reject(err)));
      res.on('end', () => finish(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })));
    });
    req.end(body);
  });
}
