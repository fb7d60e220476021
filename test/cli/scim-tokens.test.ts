import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServices, type Services } from '../../src/app.js';
import { main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createTestDatabaseConfig } from '../helpers/db.js';

// `eventline scim-tokens`: the operator issues an account's SCIM token (shown
// once), lists and revokes it; the server's authenticator takes it for the
// SCIM scopes only, and refuses it once revoked.

let config: Config;
let services: Services;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const db = await createTestDatabaseConfig();
  drop = db.drop;
  config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://events.example.test' }, { database: db.config });
  services = await buildServices(config);
});
afterAll(async () => {
  await services?.db.destroy();
  await drop?.();
});

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

describe('eventline scim-tokens', () => {
  it('issues a token once with the SCIM base URL, lists it without the token, and revokes it', async () => {
    const account = await services.accounts.createAccount({ name: 'IdP account' });
    const created = await cli(['scim-tokens', 'create', '--account', account.id, '--description', 'Okta', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const doc = JSON.parse(created.stdout) as { id: string; token: string; scimBaseUrl: string; description: string };
    expect(doc).toMatchObject({ description: 'Okta', scimBaseUrl: 'https://events.example.test/ea/scim/v2' });
    expect(doc.token).toMatch(/^elscim_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('shown only once');

    const auth = await services.authenticator.authenticate(doc.token);
    expect(auth.accountId).toBe(account.id);
    expect([...auth.scopes].sort()).toEqual(['account/users:delete', 'account/users:read', 'account/users:write']);

    const listed = await cli(['scim-tokens', 'list', '--account', account.id]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(doc.id);
    expect(listed.stdout).not.toContain(doc.token);

    expect((await cli(['scim-tokens', 'revoke', doc.id, '--account', account.id])).code).toBe(0);
    await expect(services.authenticator.authenticate(doc.token)).rejects.toMatchObject({ status: 401 });
    expect((await cli(['scim-tokens', 'list', '--account', account.id])).stdout).toContain('revoked');
    const again = await cli(['scim-tokens', 'revoke', doc.id, '--account', account.id]);
    expect(again.code).toBe(1);
  });

  it('refuses an unknown account', async () => {
    const run = await cli(['scim-tokens', 'create', '--account', '0190a1b2-0000-7000-8000-000000000000']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Account not found');
  });
});
