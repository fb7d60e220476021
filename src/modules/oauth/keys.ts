import { hkdfSync } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey } from 'jose';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { newId } from '../../db/ids.js';
import type { OAuthRepository } from './oauth.repository.js';
import { PublicJwkSchema, type PublicJwk } from './oauth.schemas.js';
import type { Row } from '../../db/types.js';

export const SIGNING_ALG = 'ES256';

// The private half in the form exportJWK writes it; only ever read back here.
const PrivateJwkSchema = Type.Object({ kty: Type.Literal('EC'), crv: Type.String(), x: Type.String(), y: Type.String(), d: Type.String() });

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

function publicJwk(row: Row<'signing_keys'>): PublicJwk {
  const jwk: unknown = JSON.parse(row.public_jwk);
  if (!Value.Check(PublicJwkSchema, jwk)) throw new Error(`signing key ${row.kid}: the stored public JWK is not a public EC key`);
  return jwk;
}

function privateKey(row: Row<'signing_keys'>): Promise<CryptoKey> {
  const jwk: unknown = JSON.parse(row.private_jwk);
  if (!Value.Check(PrivateJwkSchema, jwk)) throw new Error(`signing key ${row.kid}: the stored private JWK is not an EC key`);
  return importJWK(jwk, row.alg);
}

/** The private scalar of a signing key: input keying material for derived symmetric keys. */
function secretOf(row: Row<'signing_keys'>): Buffer {
  const jwk: unknown = JSON.parse(row.private_jwk);
  if (!Value.Check(PrivateJwkSchema, jwk)) throw new Error(`signing key ${row.kid}: the stored private JWK is not an EC key`);
  return Buffer.from(jwk.d, 'base64url');
}

function verificationKey(row: Row<'signing_keys'>): Promise<CryptoKey> {
  return importJWK(publicJwk(row), row.alg);
}

// Signing keys live in the database so that every process signs and verifies
// with the same keys and a restart keeps issued tokens valid.
export class KeyStore {
  private current: LoadedKey | undefined;
  private readonly verifiers = new Map<string, CryptoKey>();
  private lastMiss = 0;
  private secrets: Buffer[] = [];
  private lastSecretsReload = 0;

  constructor(private readonly repo: OAuthRepository, private readonly clock: Clock = systemClock) {}

  async init(): Promise<void> {
    let rows = await this.repo.activeKeys();
    if (rows.length === 0) {
      const { privateKey: generated, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const kid = newId();
      await this.repo.insertKey({
        kid, alg: SIGNING_ALG,
        private_jwk: JSON.stringify(await exportJWK(generated)),
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' }),
        created: iso(this.clock()), retired_at: null,
      });
      // Two processes starting at once may both insert; both then sign with the newest.
      rows = await this.repo.activeKeys();
    }
    const newest = rows[0];
    if (!newest) throw new Error('no signing key');
    this.current = { kid: newest.kid, privateKey: await privateKey(newest), publicJwk: publicJwk(newest) };
    for (const row of rows) this.verifiers.set(row.kid, await verificationKey(row));
    this.secrets = rows.map(secretOf);
  }

  /**
   * Symmetric keys for one purpose (say, sealing paging tokens), derived with HKDF
   * from the private signing keys every process shares through the database:
   * newest first, so the first seals and any opens. No extra secret to configure.
   * `reload()` reads the signing keys again (at most once a second), for a key
   * another process created at the same moment; true when there are new ones.
   */
  derivedKeyRing(purpose: string): { keys(): readonly Buffer[]; reload(): Promise<boolean> } {
    const derive = () => this.secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `eventline ${purpose}`, 32)));
    let ring = derive();
    return {
      keys: () => ring,
      reload: async () => {
        if (!(await this.reloadSecrets())) return false;
        ring = derive();
        return true;
      },
    };
  }

  private async reloadSecrets(): Promise<boolean> {
    if (Date.now() - this.lastSecretsReload < 1000) return false;
    this.lastSecretsReload = Date.now();
    const rows = await this.repo.activeKeys();
    const before = this.secrets.length;
    this.secrets = rows.map(secretOf);
    return this.secrets.length > before;
  }

  signingKey(): LoadedKey {
    if (!this.current) throw new Error('KeyStore.init() was not called');
    return this.current;
  }

  async verificationKey(kid: string): Promise<CryptoKey | undefined> {
    const cached = this.verifiers.get(kid);
    if (cached) return cached;
    // After a miss, unknown kids are not looked up again for a second, so a
    // flood of forged tokens cannot turn into a flood of queries.
    if (Date.now() - this.lastMiss < 1000) return undefined;
    const row = await this.repo.findKey(kid);
    if (!row) {
      this.lastMiss = Date.now();
      return undefined;
    }
    const key = await verificationKey(row);
    this.verifiers.set(kid, key);
    return key;
  }

  async jwks(): Promise<{ keys: PublicJwk[] }> {
    const rows = await this.repo.activeKeys();
    return { keys: rows.map(publicJwk) };
  }
}
