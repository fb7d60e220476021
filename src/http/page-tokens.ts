import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CommonErrors } from '../errors.js';

/** Where the sealing keys come from: newest first; the first seals, any opens. */
export interface SealingKeys {
  keys(): readonly Buffer[];
  /** Looks for keys another process added; true when there are new ones. */
  reload(): Promise<boolean>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function open(keys: readonly Buffer[], sealed: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // Not this key (or forged): try the next.
    }
  }
  return undefined;
}

interface TokenPaging {
  currentToken?: unknown; nextToken?: unknown; previousToken?: unknown;
  _links?: Record<string, { href?: unknown } | undefined>;
}

function pagingOf(payload: unknown): TokenPaging | undefined {
  if (payload === null || typeof payload !== 'object' || !('paging' in payload)) return undefined;
  const paging: unknown = payload.paging;
  return paging !== null && typeof paging === 'object' ? paging : undefined;
}

/** Whether a route's schema declares a 200 answer with a `paging` object (a list). */
export function answersWithPaging(response: unknown): boolean {
  if (response === null || typeof response !== 'object' || !('200' in response)) return false;
  const ok: unknown = response['200'];
  if (ok === null || typeof ok !== 'object' || !('properties' in ok)) return false;
  const properties: unknown = ok.properties;
  return properties !== null && typeof properties === 'object' && 'paging' in properties;
}

function queryOf(query: unknown): Record<string, unknown> | undefined {
  return query !== null && typeof query === 'object' ? { ...query } : undefined;
}

/**
 * Paging tokens leave the server sealed (AES-256-GCM under a key every process
 * derives from the shared signing keys): a client can neither read the query a
 * token carries (a filter may name a person) nor forge a position. The lists
 * themselves work with plain tokens; the seal is put on in preSerialization and
 * taken off in preValidation, for every operation under the versioned path.
 */
export function registerPageTokenSealing(app: FastifyInstance, versionPrefix: string, source: SealingKeys): void {
  // Only list operations (their 200 answer has `paging`) get the hooks, as hooks of their own routes:
  // `?token=` means something else elsewhere (an attendee's personal token on /join), and other
  // operations pay nothing for them.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${versionPrefix}/`) || !answersWithPaging(route.schema?.response)) return;
    route.preValidation = [...hookList(route.preValidation), unseal];
    route.preSerialization = [...hookList(route.preSerialization), sealPaging];
  });
  const sealWith = (key: Buffer, memo: Map<string, string>, plain: string) => {
    let sealed = memo.get(plain);
    if (sealed === undefined) {
      sealed = seal(key, plain);
      memo.set(plain, sealed);
    }
    return sealed;
  };

  const unseal = async (request: FastifyRequest): Promise<void> => {
    const query = queryOf(request.query);
    const token = query?.['token'];
    if (query === undefined || typeof token !== 'string' || token === '') return;
    let plain = open(source.keys(), token);
    if (plain === undefined && await source.reload()) plain = open(source.keys(), token);
    if (plain === undefined) throw CommonErrors.badRequest('The paging token is not valid', { target: 'token' });
    request.query = { ...query, token: plain };
  };

  const sealPaging = async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const paging = pagingOf(payload);
    const [key] = source.keys();
    if (paging === undefined || key === undefined) return payload;
    const memo = new Map<string, string>();
    for (const field of ['currentToken', 'nextToken', 'previousToken'] as const) {
      const plain = paging[field];
      if (typeof plain === 'string') paging[field] = sealWith(key, memo, plain);
    }
    for (const link of Object.values(paging._links ?? {})) {
      if (link === undefined || typeof link.href !== 'string') continue;
      const href = link.href;
      const at = href.indexOf('?token=');
      if (at >= 0) link.href = `${href.slice(0, at)}?token=${sealWith(key, memo, decodeURIComponent(href.slice(at + 7)))}`;
    }
    return payload;
  };
}

/** A route's hooks of one kind as a list (Fastify takes one function or an array). */
function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
