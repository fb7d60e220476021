import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { newId } from '../../db/ids.js';
import type { OAuthRepository } from './oauth.repository.js';

export const SIGNING_ALG = 'ES256';

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

// Signing keys live in the database so that every process signs and verifies
// with the same keys and a restart keeps issued tokens valid.
export class KeyStore {
  private current: LoadedKey | undefined;
  private readonly verifiers = new Map<string, CryptoKey>();
  private lastMiss = 0;

  constructor(private readonly repo: OAuthRepository, private readonly clock: Clock = systemClock) {}

  async init(): Promise<void> {
    let rows = await this.repo.activeKeys();
    if (rows.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const kid = newId();
      await this.repo.insertKey({
        kid, alg: SIGNING_ALG,
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' }),
        created: iso(this.clock()), retired_at: null,
      });
      // Two processes starting at once may both insert; both then sign with the newest.
      rows = await this.repo.activeKeys();
    }
    const newest = rows[0];
    if (!newest) throw new Error('no signing key');
    this.current = {
      kid: newest.kid,
      privateKey: (await importJWK(JSON.parse(newest.private_jwk) as JWK, newest.alg)) as CryptoKey,
      publicJwk: JSON.parse(newest.public_jwk) as JWK,
    };
    for (const row of rows) this.verifiers.set(row.kid, (await importJWK(JSON.parse(row.public_jwk) as JWK, row.alg)) as CryptoKey);
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
    const key = (await importJWK(JSON.parse(row.public_jwk) as JWK, row.alg)) as CryptoKey;
    this.verifiers.set(kid, key);
    return key;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.repo.activeKeys();
    return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
  }
}
