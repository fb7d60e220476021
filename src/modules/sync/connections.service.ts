import type { AuditService } from '../audit/index.js';
import { actorName, auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, type Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { ConnectionErrors } from './connections.errors.js';
import { CONNECTIONS_LIST } from './connections.filters.js';
import type { ConnectionsRepository } from './connections.repository.js';
import {
  ConnectionSettingsSchema, ConnectionTestSchema, type Connection, type ConnectionInput, type ConnectionPlatform, type ConnectionSecrets, type ConnectionTest,
  type ConnectionUpdate,
} from './connections.schemas.js';
import { ProviderHttpError, type WebcastProvider } from './provider.js';
import { connectionProviderSettings, createProvider, providerNames } from './providers/index.js';

/** What the connections need of the contact hooks' secrets: the same key ring and sealing (AES-256-GCM, HOOKS_ENCRYPTION_KEYS). */
export interface Sealer {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** The outbound guard for a connection's calls (the contact hooks' SSRF check): throws with the reason when a URL may not be called. */
export type OutboundCheck = (url: string) => Promise<void>;

const settingsColumn = jsonColumn('platform_connections.settings', ConnectionSettingsSchema);
const testColumn = jsonColumn('platform_connections.last_test', ConnectionTestSchema);

/** The webcast `provider` value (the reference's enum) each platform's meetings are recorded with. */
const WEBCAST_PROVIDER: Record<ConnectionPlatform, string> = { zoom: 'Zoom', gotowebinar: 'GoToWebinar', teams: 'Microsoft Teams', sim: 'Zoom' };
const PLATFORM_NAME: Record<ConnectionPlatform, string> = { zoom: 'Zoom', gotowebinar: 'GoToWebinar', teams: 'Microsoft Teams', sim: 'the simulator' };
/** What a platform's connector cannot work without (the others are optional). */
const REQUIRED: Partial<Record<ConnectionPlatform, { settings: readonly string[]; secrets: readonly (keyof ConnectionSecrets)[] }>> = {
  zoom: { settings: ['accountId', 'clientId'], secrets: ['clientSecret'] },
  teams: { settings: ['tenantId', 'clientId', 'organizerUser'], secrets: ['clientSecret'] },
  gotowebinar: { settings: ['clientId', 'organizerKey'], secrets: ['clientSecret', 'refreshToken'] },
  sim: { settings: ['apiUrl'], secrets: [] },
};
// Secrets belong in `secrets` (sealed), never in the settings that are returned.
const SECRET_KEY = /secret|password|passcode|token|apikey|privatekey/i;

const isPlatform = (p: string): p is ConnectionPlatform => p in WEBCAST_PROVIDER;
const MAX_CACHED_PROVIDERS = 500;

/**
 * The webcast platforms an account connects: their settings, their sealed secrets, "test connection", and the
 * connector built from them for the worker's sync and the platform's webhooks.
 */
export class ConnectionsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly sealer: () => Promise<Sealer>,
    private readonly outbound: OutboundCheck,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
    private readonly onConnected: () => Promise<void> = async () => undefined,
    /** The audit log (issue 36): connecting, changing, rotating and disconnecting are administrative actions. */
    private readonly audit?: Pick<AuditService, 'record'>,
  ) {}

  /** One audit entry about a connection: its settings and name, its secrets only as "issued" or "replaced". */
  private async audited(auth: AuthContext, action: string, row: { id: string; name: string }, changes: Record<string, unknown>): Promise<void> {
    await this.audit?.record(undefined, { accountId: auth.accountId, action, target: { type: 'platform-connection', id: row.id, display: row.name }, changes });
  }

  private static secretNames(secrets: ConnectionSecrets): string[] {
    return (['clientSecret', 'webhookSecret', 'refreshToken'] as const).filter((k) => secrets[k] !== undefined);
  }

  webhookUrl(platform: string, id: string): string {
    return `${this.config.publicUrl}/hooks/${platform}/${id}`;
  }

  private toConnection(r: Row<'platform_connections'>): Connection {
    const platform = r.platform as ConnectionPlatform;
    return {
      id: r.id, platform, name: r.name, webcastProvider: WEBCAST_PROVIDER[platform] ?? 'Other',
      settings: settingsColumn(r.settings),
      secrets: {
        clientSecret: { secretSet: r.client_secret_enc !== null }, webhookSecret: { secretSet: r.webhook_secret_enc !== null },
        refreshToken: { secretSet: r.refresh_token_enc !== null },
      },
      ...(r.secrets_rotated !== null ? { secretsRotated: r.secrets_rotated } : {}),
      webhookUrl: this.webhookUrl(platform, r.id),
      ...(r.last_test !== null ? { lastTest: testColumn(r.last_test) } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Connection[] }> {
    return listPage(CONNECTIONS_LIST, query, (spec) => this.repo.list(accountId, spec), (r) => this.toConnection(r), `${this.config.publicUrl}/${this.config.apiVersion}/platform-connections`);
  }

  async row(accountId: string, id: string): Promise<Row<'platform_connections'>> {
    const row = await this.repo.find(accountId, id.toLowerCase());
    if (!row) throw ConnectionErrors.connectionNotFound();
    return row;
  }

  async get(accountId: string, id: string): Promise<Connection> {
    return this.toConnection(await this.row(accountId, id));
  }

  /** Refuses settings a connector cannot use or that would carry a secret in the clear; URLs must pass the outbound guard. */
  private async checkSettings(platform: ConnectionPlatform, settings: Readonly<Record<string, string>>, secrets: Readonly<ConnectionSecrets>): Promise<void> {
    if (!providerNames().includes(platform)) {
      throw ConnectionErrors.invalidConnection(`This server has no ${PLATFORM_NAME[platform]} connector yet: connect zoom or sim, or upgrade eventline.`, { target: 'platform' });
    }
    for (const key of Object.keys(settings)) {
      if (SECRET_KEY.test(key)) throw ConnectionErrors.invalidConnection(`settings.${key} looks like a secret: send it in secrets, where it is stored encrypted`, { target: `settings.${key}` });
    }
    const required = REQUIRED[platform];
    for (const key of required?.settings ?? []) {
      if (!settings[key]) throw ConnectionErrors.invalidConnection(`A ${PLATFORM_NAME[platform]} connection needs settings.${key}`, { target: `settings.${key}` });
    }
    for (const key of required?.secrets ?? []) {
      if (!secrets[key]) throw ConnectionErrors.invalidConnection(`A ${PLATFORM_NAME[platform]} connection needs secrets.${key}`, { target: `secrets.${key}` });
    }
    for (const [key, value] of Object.entries(settings)) {
      if (!/url$/i.test(key)) continue;
      try {
        await this.outbound(value);
      } catch (err) {
        throw ConnectionErrors.invalidConnection(`settings.${key} cannot be called: ${err instanceof Error ? err.message.replace(/callback/g, 'the URL') : 'refused'}`, { target: `settings.${key}` });
      }
    }
    try {
      createProvider(platform, connectionProviderSettings(platform, settings, { clientSecret: secrets.clientSecret ?? 'x', webhookSecret: secrets.webhookSecret ?? 'x', refreshToken: secrets.refreshToken ?? 'x' }, {}));
    } catch (err) {
      throw ConnectionErrors.invalidConnection(`The ${PLATFORM_NAME[platform]} connector cannot use these settings: ${err instanceof Error ? err.message : String(err)}`, { target: 'settings' });
    }
  }

  async create(auth: AuthContext, input: ConnectionInput): Promise<Connection> {
    const settings = input.settings ?? {};
    const secrets = input.secrets ?? {};
    await this.checkSettings(input.platform, settings, secrets);
    const id = newId();
    const box = await this.sealer();
    const stamp = auditStamp(auth, this.clock());
    await this.repo.insert({
      id, account_id: auth.accountId, platform: input.platform, name: input.name, settings: JSON.stringify(settings),
      client_secret_enc: secrets.clientSecret !== undefined ? box.seal(secrets.clientSecret, `${id}:client_secret`) : null,
      webhook_secret_enc: secrets.webhookSecret !== undefined ? box.seal(secrets.webhookSecret, `${id}:webhook_secret`) : null,
      refresh_token_enc: secrets.refreshToken !== undefined ? box.seal(secrets.refreshToken, `${id}:refresh_token`) : null,
      secrets_rotated: null, last_test: null, ...stamp.created,
    });
    await this.audited(auth, 'platform-connection.created', { id, name: input.name }, {
      platform: input.platform, name: input.name, settings, ...Object.fromEntries(ConnectionsService.secretNames(secrets).map((k) => [k, 'issued'])),
    });
    await this.onConnected();
    return this.get(auth.accountId, id);
  }

  async update(auth: AuthContext, id: string, input: ConnectionUpdate): Promise<Connection> {
    const row = await this.row(auth.accountId, id);
    const platform = row.platform as ConnectionPlatform;
    if (input.settings !== undefined) {
      // The stored secrets count as present: only the settings are checked again.
      await this.checkSettings(platform, input.settings, {
        ...(row.client_secret_enc !== null ? { clientSecret: 'x' } : {}), ...(row.webhook_secret_enc !== null ? { webhookSecret: 'x' } : {}),
        ...(row.refresh_token_enc !== null ? { refreshToken: 'x' } : {}),
      });
    }
    await this.repo.update(auth.accountId, row.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.settings !== undefined ? { settings: JSON.stringify(input.settings) } : {}),
      ...auditStamp(auth, this.clock()).modified,
    });
    await this.audited(auth, 'platform-connection.updated', { id: row.id, name: input.name ?? row.name }, {
      ...(input.name !== undefined && input.name !== row.name ? { name: { before: row.name, after: input.name } } : {}),
      ...(input.settings !== undefined ? { settings: { before: JSON.parse(row.settings) as unknown, after: input.settings } } : {}),
    });
    return this.get(auth.accountId, row.id);
  }

  /** Replaces the secrets sent (the others stay); the answer says only that they are set, and when they were replaced. */
  async rotate(auth: AuthContext, id: string, secrets: ConnectionSecrets): Promise<Connection> {
    const row = await this.row(auth.accountId, id);
    if (secrets.clientSecret === undefined && secrets.webhookSecret === undefined && secrets.refreshToken === undefined) {
      throw ConnectionErrors.invalidConnection('Send clientSecret, webhookSecret, refreshToken or several of them', { target: 'clientSecret' });
    }
    const box = await this.sealer();
    const now = this.clock();
    await this.repo.update(auth.accountId, row.id, {
      ...(secrets.clientSecret !== undefined ? { client_secret_enc: box.seal(secrets.clientSecret, `${row.id}:client_secret`) } : {}),
      ...(secrets.webhookSecret !== undefined ? { webhook_secret_enc: box.seal(secrets.webhookSecret, `${row.id}:webhook_secret`) } : {}),
      ...(secrets.refreshToken !== undefined ? { refresh_token_enc: box.seal(secrets.refreshToken, `${row.id}:refresh_token`) } : {}),
      secrets_rotated: iso(now), ...auditStamp(auth, now).modified,
    });
    await this.audited(auth, 'platform-connection.secrets.rotated', row, Object.fromEntries(ConnectionsService.secretNames(secrets).map((k) => [k, 'replaced'])));
    return this.get(auth.accountId, row.id);
  }

  /** Disconnects: the sessions held on it are detached (their state says so), their meetings stay on the platform. Answers how many. */
  async delete(auth: AuthContext, id: string): Promise<number> {
    const row = await this.row(auth.accountId, id);
    const platform = PLATFORM_NAME[row.platform as ConnectionPlatform] ?? row.platform;
    await this.audited(auth, 'platform-connection.deleted', row, { platform: row.platform, name: row.name });
    return this.repo.delete(auth.accountId, row.id, {
      at: iso(this.clock()),
      error: `The ${platform} connection "${row.name}" was disconnected by ${actorName(auth)}: this session no longer syncs. Its meeting stays on ${platform}. `
        + 'To sync it again, connect the platform and press "Create on ..." (a new meeting), or enter the meeting\'s details by hand.',
    });
  }

  /** "Test connection": one call to the platform with the stored credentials; the answer (and the connection's lastTest) says what it said. */
  async test(auth: AuthContext, id: string): Promise<ConnectionTest> {
    const row = await this.row(auth.accountId, id);
    const name = PLATFORM_NAME[row.platform as ConnectionPlatform] ?? row.platform;
    const at = iso(this.clock());
    let result: ConnectionTest;
    try {
      const provider = await this.providerOf(row);
      if (!provider.checkConnection) {
        result = { outcome: 'refused', message: `The ${name} connector cannot test a connection: create a meeting to try it.`, at };
      } else {
        result = { outcome: 'ok', message: await provider.checkConnection(), at };
      }
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      const s = err instanceof ProviderHttpError ? err.status : 503;
      const outcome: ConnectionTest['outcome'] = s === 400 || s === 401 ? 'bad-credentials' : s === 403 ? 'forbidden' : s === 404 ? 'not-found' : s >= 500 ? 'unreachable' : 'refused';
      result = { outcome, message, at };
    }
    await this.repo.update(auth.accountId, row.id, { last_test: JSON.stringify(result) });
    return result;
  }

  /**
   * One connector per connection and version in this process: its platform token is reused until it expires, and what
   * a verified webhook told it (Zoom: when a meeting was edited, for conflicts) is known to the sync that follows.
   */
  private readonly providers = new Map<string, WebcastProvider>();

  /** The connector of a connection: its settings and opened secrets through the registry, calling out through the outbound guard. */
  async providerOf(row: Row<'platform_connections'>): Promise<WebcastProvider> {
    // New settings or secrets (each seal ends with its own GCM tag) make a new key: the next call builds a new connector.
    // The refresh token is not in the key: the connector itself replaces it (and holds the newest) when GoTo rotates it;
    // one an administrator sends (PUT .../secrets) changes secrets_rotated, which is.
    const key = `${row.id}|${row.name}|${row.settings}|${row.client_secret_enc?.slice(-22) ?? ''}|${row.webhook_secret_enc?.slice(-22) ?? ''}|${row.secrets_rotated ?? ''}`;
    const cached = this.providers.get(key);
    if (cached) return cached;
    const built = await this.buildProvider(row);
    for (const k of this.providers.keys()) if (k.startsWith(`${row.id}|`)) this.providers.delete(k);
    if (this.providers.size >= MAX_CACHED_PROVIDERS) {
      const oldest = this.providers.keys().next();
      if (!oldest.done) this.providers.delete(oldest.value);
    }
    this.providers.set(key, built);
    return built;
  }

  private async buildProvider(row: Row<'platform_connections'>): Promise<WebcastProvider> {
    const box = await this.sealer();
    const secrets = {
      ...(row.client_secret_enc !== null ? { clientSecret: box.open(row.client_secret_enc, `${row.id}:client_secret`) } : {}),
      ...(row.webhook_secret_enc !== null ? { webhookSecret: box.open(row.webhook_secret_enc, `${row.id}:webhook_secret`) } : {}),
      ...(row.refresh_token_enc !== null ? { refreshToken: box.open(row.refresh_token_enc, `${row.id}:refresh_token`) } : {}),
    };
    // GoTo may answer a new refresh token with each refresh and spend the old one: it is stored sealed at once, so a
    // restarted (or another) worker signs in with the newest.
    const onRefreshToken = async (token: string): Promise<void> => {
      await this.repo.update(row.account_id, row.id, { refresh_token_enc: box.seal(token, `${row.id}:refresh_token`) });
    };
    const check = this.outbound;
    // Every call is checked (https, public address; loopback only with HOOKS_ALLOW_LOOPBACK) and redirects are not followed.
    const guarded: typeof globalThis.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      try {
        await check(url);
      } catch (err) {
        // As fetch reports an unreachable host: the connector then says the platform could not be reached, and why.
        throw new TypeError('fetch failed', { cause: err });
      }
      return globalThis.fetch(input, { ...init, redirect: 'manual' });
    };
    return createProvider(row.platform, connectionProviderSettings(row.platform, settingsColumn(row.settings), secrets, { connection: { name: row.name }, fetch: guarded, onRefreshToken }));
  }

  /** The connection a platform's webhook names (public path: no account), when it exists and is of that platform. */
  async forHook(platform: string, id: string): Promise<Row<'platform_connections'> | undefined> {
    if (!isPlatform(platform) || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const row = await this.repo.findById(id.toLowerCase());
    return row?.platform === platform ? row : undefined;
  }

  findById(id: string): Promise<Row<'platform_connections'> | undefined> {
    return this.repo.findById(id);
  }

  sessionsOf(accountId: string, connectionId: string, meetingId?: string): Promise<string[]> {
    return this.repo.sessionsOf(accountId, connectionId, meetingId);
  }

  withSessions(): Promise<Row<'platform_connections'>[]> {
    return this.repo.withSessions();
  }

  any(): Promise<boolean> {
    return this.repo.any();
  }
}
