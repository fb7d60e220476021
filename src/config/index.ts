import { join, resolve } from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';

// The only module that reads process.env (DESIGN: one frozen config object).
// Every variable is documented in .env.example.

export type Tier = 'Free' | 'Professional' | 'Enterprise';

export interface TierLimits {
  readonly perDay: number;
  readonly perSecond: number;
  readonly burst: number;
}

/** Limiter settings besides the tier table (see src/http/ratelimit). */
export interface RateLimitConfig {
  /** false turns limits, usage counting and the RateLimit fields off (benchmarks, trusted single-tenant setups). */
  readonly enabled: boolean;
  /** Requests per second and burst for traffic without a valid token (token endpoint, 401s, 404s), per client address. */
  readonly ipPerSecond: number;
  readonly ipBurst: number;
  /** How long an account's tier is cached in each process: a tier change takes effect within this time. */
  readonly tierCacheSeconds: number;
  /** Namespace of every limiter key in Redis. */
  readonly keyPrefix: string;
  /** A Redis command slower than this fails and the call is answered 503. */
  readonly redisTimeoutMs: number;
  /** How often counted calls are written to the usage history table. */
  readonly usageFlushSeconds: number;
}

/** Sign-in throttling (src/modules/accounts/signin-throttle.ts; README "Sign-in"). */
export interface SignInConfig {
  /** Attempts on one email, and from one client address, before each further one waits for a lock that doubles. */
  readonly perAccount: number;
  readonly perAddress: number;
  /** The first lock; each further attempt that gets through doubles it, up to 15 minutes. */
  readonly firstLockSeconds: number;
  /** Namespace of the throttle's keys in Redis (with REDIS_URL every process shares them). */
  readonly keyPrefix: string;
  /** Password checks (argon2) that run at once, and how many more may wait; any further attempt is 429 at once. */
  readonly hashConcurrency: number;
  readonly hashQueue: number;
}

/** Issue 35 parts 4 and 5 (docs/sandbox.md): the request log of each application and the sandbox controls. */
export interface SandboxConfig {
  /** SANDBOX_CONTROLS: whether applications may set sandbox controls (off by default: a production deployment keeps them off). */
  readonly controls: boolean;
  /** How long a process keeps an application's controls before reading them again. */
  readonly controlsCacheMs: number;
  /** Entries kept per application (0 turns the request log off). */
  readonly requestLogSize: number;
  readonly requestLogTtlHours: number;
  /** How often a process writes its buffered entries. */
  readonly requestLogFlushMs: number;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly region: string;
  readonly apiVersion: 'ea';
  readonly supportedVersions: readonly string[];
  readonly database:
    | { readonly dialect: 'sqlite'; readonly file: string; readonly readWorkers?: number }
    | { readonly dialect: 'postgres'; readonly url: string; readonly schema?: string; readonly poolMax?: number };
  readonly redisUrl?: string;
  readonly logLevel: string;
  readonly tokenTtlSeconds: number;
  readonly demo: boolean;
  readonly runWorker: boolean;
  readonly trustProxy: boolean;
  readonly tiers: Readonly<Record<Tier, TierLimits>>;
  readonly rateLimit: RateLimitConfig;
  readonly sandbox: SandboxConfig;
  readonly signIn: SignInConfig;
  readonly webDir: string;
  readonly dataDir: string;
  /**
   * Where `eventline api` calls and with which client credentials (EVENTLINE_URL, EVENTLINE_CLIENT_ID, EVENTLINE_CLIENT_SECRET);
   * the profile of `eventline login` to use (EVENTLINE_PROFILE) and the directory of the profiles ($XDG_CONFIG_HOME/eventline,
   * else ~/.config/eventline).
   */
  readonly apiClient?: {
    readonly url?: string; readonly clientId?: string; readonly clientSecret?: string;
    readonly profile?: string; readonly configDir?: string;
  };
  /** Compliance communications and outgoing mail (src/modules/communications, src/modules/mail). */
  readonly communications?: CommunicationsConfig;
  /** Webcast platform sync run by the worker (src/modules/sync); off without SYNC_PROVIDER. */
  readonly sync?: SyncConfig;
  /** What follows an erasure on disk (src/modules/obfuscation, docs/privacy.md). */
  readonly obfuscation: ObfuscationConfig;
  /** Outbound contact hook callbacks (src/modules/contact-hooks). */
  readonly contactHooks?: ContactHooksConfig;
  /** Event notifications (src/modules/webhooks, docs/webhooks.md); loopback and time limits are the contact hooks'. */
  readonly webhooks?: WebhooksConfig;
  /** Uploaded files (src/modules/files) and where they are stored (src/storage). */
  readonly files?: FilesConfig;
  /** Prometheus metrics at /metrics (src/metrics, docs/operations.md); off when neither is set. */
  readonly metrics?: MetricsConfig;
  /** OpenTelemetry traces (src/telemetry); off, and costing nothing, without an OTLP endpoint. */
  readonly tracing?: TracingConfig;
}

/** Where traces go (docs/operations.md, "Tracing"): the standard OTEL_* variables, read here like every other. */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL (`.../v1/traces`). */
  readonly tracesUrl: string;
  readonly serviceName: string;
}

export interface MetricsConfig {
  /** METRICS_TOKEN: a scrape must send `Authorization: Bearer <token>`. Never logged. */
  readonly token?: string;
  /** METRICS_ADDRESS: a second listener that serves only /metrics (host:port), off the API's address. */
  readonly address?: { readonly host: string; readonly port: number };
}

/**
 * `after-job`: the worker clears what an obfuscation (a bulk batch) left on disk right after it
 * commits: SQLite checkpoints and truncates its WAL; PostgreSQL rewrites the touched tables with
 * VACUUM FULL (an ACCESS EXCLUSIVE lock on each, one at a time) and runs CHECKPOINT.
 * `off`: nothing runs after jobs; the operator schedules `eventline db compact` off-peak.
 */
export type CompactMode = 'after-job' | 'off';

export interface ObfuscationConfig {
  readonly compact: CompactMode;
}

export interface WebhooksConfig {
  /** HTTP attempts per delivery before it is failed (WEBHOOKS_MAX_ATTEMPTS, default 8). */
  readonly maxAttempts: number;
  /** Consecutive failed attempts to an endpoint after which it is paused (WEBHOOKS_PAUSE_AFTER, default 20). */
  readonly pauseAfter: number;
  /** Days an event and its deliveries are kept once no delivery of it is still under way (WEBHOOKS_RETENTION_DAYS, default 30). */
  readonly retentionDays: number;
}

export interface ContactHooksConfig {
  /** Development only: callbacks may go to loopback addresses (127.0.0.0/8, ::1), over http too. */
  readonly allowLoopback: boolean;
  /** Time limit of one callback (connect, send, answer), in milliseconds. */
  readonly timeoutMs: number;
  /** Keys that encrypt the hooks' stored secrets, newest first: the first encrypts, all decrypt. Empty: a key kept in the database. */
  readonly encryptionKeys: ReadonlyArray<{ readonly kid: string; readonly secret: string }>;
}

/** Where uploaded files live: a directory under DATA_DIR (one machine), or an S3-compatible bucket (many processes). */
export type FileStorageConfig =
  | { readonly kind: 'local'; readonly dir: string }
  | {
    readonly kind: 's3';
    /** The service's base URL (http:// or https://); unset: AWS S3 of the region. */
    readonly endpoint?: string;
    readonly bucket: string;
    /** Key prefix inside the bucket ('' or ending in '/'). */
    readonly prefix: string;
    readonly region: string;
    /** Unset: the AWS SDK's default credential chain (instance role, AWS_* variables, ...). */
    readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
    readonly forcePathStyle: boolean;
  };

export interface FilesConfig {
  /** Largest accepted upload in bytes (the reference: less than 10 MB). */
  readonly maxBytes: number;
  /** Lifetime of a signed download URL (`path.href`). */
  readonly urlTtlSeconds: number;
  readonly storage: FileStorageConfig;
}

export interface SyncConfig {
  /** The connector (`sim`); unset: the worker does not sync. */
  readonly provider?: string;
  /** Where `eventline provider-sim` listens (the sim connector). */
  readonly simUrl?: string;
  /** Secret the provider signs its webhooks with. */
  readonly webhookSecret?: string;
  /** Seconds between polling passes of the worker. */
  readonly intervalSeconds: number;
  /** The Zoom connector (ZOOM_*; docs/sync.md "Zoom"). Secrets: never logged. */
  readonly zoom?: {
    readonly accountId?: string; readonly clientId?: string; readonly clientSecret?: string; readonly webhookSecret?: string;
    readonly hostUser?: string; readonly apiUrl?: string; readonly oauthUrl?: string;
  };
  /** The Microsoft Teams connector (TEAMS_*, GRAPH_*; docs/sync.md "Microsoft Teams"). Secrets: never logged. */
  readonly teams?: {
    readonly tenantId?: string; readonly clientId?: string; readonly clientSecret?: string; readonly organizerUser?: string;
    readonly apiUrl?: string; readonly loginUrl?: string;
  };
  /** The GoToWebinar connector (GOTO_*; docs/sync.md "GoToWebinar"). Secrets: never logged. */
  readonly gotowebinar?: {
    readonly clientId?: string; readonly clientSecret?: string; readonly refreshToken?: string; readonly organizerKey?: string;
    readonly timeZone?: string; readonly apiUrl?: string; readonly oauthUrl?: string;
  };
}

export interface CommunicationsConfig {
  /** Keys that sign email content URLs, newest first: the first signs, all verify (rotation). Empty: a key kept in the database. */
  readonly urlSigningKeys: ReadonlyArray<{ readonly kid: string; readonly secret: string }>;
  /** Secret of the attendees' personal tokens (HMAC over the link id). Unset: a secret kept in the database. */
  readonly attendeeTokenSecret?: string;
  /** smtp:// or smtps:// relay; unset keeps mail in the database outbox only. */
  readonly smtpUrl?: string;
  readonly mailFrom: string;
}

function signingKeys(raw: string | undefined, name = 'COMMUNICATIONS_URL_SIGNING_KEYS'): CommunicationsConfig['urlSigningKeys'] {
  if (!raw) return [];
  return raw.split(',').map((part) => {
    const i = part.indexOf(':');
    const kid = part.slice(0, i).trim();
    const secret = part.slice(i + 1).trim();
    if (i <= 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(kid) || secret.length < 32) {
      throw new ConfigError(`${name} must be kid:secret pairs separated by commas (kid [A-Za-z0-9_-], secret of 32+ characters)`);
    }
    return Object.freeze({ kid, secret });
  });
}

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got '${raw}'`);
  }
  return n;
}

function truthy(name: string, raw: string | null | undefined, fallback: boolean): boolean {
  if (raw === null || raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  return truthy(name, env[name], fallback);
}

// The seed says limits may change, so the table is configuration (RATE_LIMIT_TIERS overrides it).
export const DEFAULT_TIERS: Readonly<Record<Tier, TierLimits>> = Object.freeze({
  Free: Object.freeze({ perDay: 1000, perSecond: 2, burst: 1 }),
  Professional: Object.freeze({ perDay: 15000, perSecond: 10, burst: 10 }),
  Enterprise: Object.freeze({ perDay: 500000, perSecond: 25, burst: 25 }),
});

const JsonObject = Type.Record(Type.String(), Type.Unknown());

function tiers(env: Env): Readonly<Record<Tier, TierLimits>> {
  const raw = env['RATE_LIMIT_TIERS'];
  if (!raw) return DEFAULT_TIERS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('RATE_LIMIT_TIERS must be JSON, e.g. {"Free":{"perDay":1000,"perSecond":2,"burst":1}}');
  }
  const out: Record<Tier, TierLimits> = { ...DEFAULT_TIERS };
  if (typeof parsed !== 'object' || parsed === null) throw new ConfigError('RATE_LIMIT_TIERS must be an object');
  for (const [name, value] of Object.entries(parsed)) {
    if (name !== 'Free' && name !== 'Professional' && name !== 'Enterprise') {
      throw new ConfigError(`RATE_LIMIT_TIERS: unknown tier '${name}'`);
    }
    if (!Value.Check(JsonObject, value)) throw new ConfigError(`RATE_LIMIT_TIERS.${name} must be an object`);
    const base = DEFAULT_TIERS[name];
    // A limit left out keeps the default of its tier.
    const limit = (key: keyof TierLimits): number => {
      const n = value[key] ?? base[key];
      if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) throw new ConfigError(`RATE_LIMIT_TIERS.${name}.${key} must be a positive number`);
      return n;
    };
    out[name] = Object.freeze({ perDay: limit('perDay'), perSecond: limit('perSecond'), burst: limit('burst') });
  }
  return Object.freeze(out);
}

function compactMode(env: Env): CompactMode {
  const raw = env['OBFUSCATION_COMPACT'];
  if (raw === undefined || raw === '' || raw === 'after-job') return 'after-job';
  if (raw === 'off') return 'off';
  throw new ConfigError(`OBFUSCATION_COMPACT must be after-job or off, got '${raw}'`);
}

const S3_URL_FORM = 'S3_URL must look like s3://KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=true (s3+http:// for a plain-HTTP endpoint)';

/**
 * S3_URL, or S3_BUCKET with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 * S3_FORCE_PATH_STYLE and S3_PREFIX; neither: the local directory under DATA_DIR.
 */
function fileStorage(env: Env, dataDir: string): FileStorageConfig {
  const raw = env['S3_URL'];
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(S3_URL_FORM);
    }
    const scheme = url.protocol === 's3:' ? 'https' : url.protocol === 's3+http:' ? 'http' : url.protocol === 's3+https:' ? 'https' : undefined;
    const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').split('/');
    if (!scheme || !url.hostname || !bucket) throw new ConfigError(S3_URL_FORM);
    const prefix = rest.filter(Boolean).join('/');
    const user = decodeURIComponent(url.username);
    const secret = decodeURIComponent(url.password);
    if ((user === '') !== (secret === '')) throw new ConfigError('S3_URL must carry both the access key id and the secret (KEY:SECRET@), or neither');
    return Object.freeze({
      kind: 's3', endpoint: `${scheme}://${url.host}`, bucket, prefix: prefix ? `${prefix}/` : '',
      region: url.searchParams.get('region') || env['S3_REGION'] || 'us-east-1',
      ...(user ? { credentials: Object.freeze({ accessKeyId: user, secretAccessKey: secret }) } : {}),
      forcePathStyle: truthy('S3_URL forcePathStyle', url.searchParams.get('forcePathStyle'), true),
    });
  }
  const bucket = env['S3_BUCKET'];
  if (!bucket) return Object.freeze({ kind: 'local', dir: resolve(dataDir, 'files') });
  const endpoint = env['S3_ENDPOINT'] || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http:// or https:// base URL without a path');
  const accessKeyId = env['S3_ACCESS_KEY_ID'] || '';
  const secretAccessKey = env['S3_SECRET_ACCESS_KEY'] || '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  const prefix = (env['S3_PREFIX'] ?? '').replace(/^\/+|\/+$/g, '');
  return Object.freeze({
    kind: 's3', ...(endpoint ? { endpoint: endpoint.replace(/\/$/, '') } : {}), bucket, prefix: prefix ? `${prefix}/` : '',
    region: env['S3_REGION'] || 'us-east-1',
    ...(accessKeyId ? { credentials: Object.freeze({ accessKeyId, secretAccessKey }) } : {}),
    // A custom endpoint (MinIO, Ceph, s3rver) usually serves buckets by path; AWS by virtual host.
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  });
}

const METRICS_ADDRESS_FORM = 'METRICS_ADDRESS must be host:port, [ipv6]:port or a port alone (e.g. 127.0.0.1:9464)';

function metricsConfig(env: Env): MetricsConfig {
  const token = env['METRICS_TOKEN'] || undefined;
  // A scrape token guards process internals on the public listener: a short one is guessable.
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  const raw = env['METRICS_ADDRESS'] || undefined;
  if (raw === undefined) return Object.freeze({ ...(token ? { token } : {}) });
  const m = /^(?:(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):)?(\d{1,5})$/.exec(raw.trim());
  const port = m ? Number(m[2]) : Number.NaN;
  if (!m || !Number.isInteger(port) || port > 65535) throw new ConfigError(METRICS_ADDRESS_FORM);
  const host = (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
  return Object.freeze({ ...(token ? { token } : {}), address: Object.freeze({ host, port }) });
}

function smtpUrl(raw: string): string {
  if (!/^smtps?:\/\//.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

const DatabaseConfigSchema = Type.Union([
  Type.Object({ dialect: Type.Literal('sqlite'), file: Type.String() }),
  Type.Object({ dialect: Type.Literal('postgres'), url: Type.String(), schema: Type.Optional(Type.String()) }),
]);

/** A `database` config handed to another process in JSON (test helpers start children on the parent's database). */
export function parseDatabaseConfig(json: string): Config['database'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError('the database config is not valid JSON');
  }
  if (!Value.Check(DatabaseConfigSchema, parsed)) {
    throw new ConfigError('the database config must be {"dialect":"sqlite","file":...} or {"dialect":"postgres","url":...,"schema"?:...}');
  }
  return parsed;
}

/**
 * Tracing is on when an OTLP endpoint is named: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the traces URL, used as given) or
 * OTEL_EXPORTER_OTLP_ENDPOINT (a base URL: `/v1/traces` is appended), as the OpenTelemetry specification defines them.
 * OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none keep it off. Read apart from loadConfig too: the entry points
 * start tracing before they load anything it instruments, and before the rest of the configuration is checked.
 */
export function loadTracingConfig(env: Env = process.env): TracingConfig | undefined {
  const tracesEndpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || undefined;
  const baseEndpoint = env['OTEL_EXPORTER_OTLP_ENDPOINT'] || undefined;
  if (tracesEndpoint === undefined && baseEndpoint === undefined) return undefined;
  if (truthy('OTEL_SDK_DISABLED', env['OTEL_SDK_DISABLED'], false)) return undefined;
  const exporters = (env['OTEL_TRACES_EXPORTER'] ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (exporters.length > 0 && exporters.every((e) => e === 'none')) return undefined;
  if (exporters.some((e) => e !== 'otlp' && e !== 'none')) {
    throw new ConfigError(`OTEL_TRACES_EXPORTER must be otlp or none, got '${env['OTEL_TRACES_EXPORTER']}'`);
  }
  // The exporter speaks OTLP over HTTP with JSON bodies, which every OTLP/HTTP receiver (the collector's port 4318,
  // Jaeger, Tempo) accepts beside protobuf on the same URL; gRPC is another port and another transport.
  const protocolName = env['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'] ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[protocolName] || undefined;
  if (protocol !== undefined && protocol !== 'http/json' && protocol !== 'http/protobuf') {
    throw new ConfigError(`${protocolName} must be http/json or http/protobuf (eventline exports OTLP over HTTP, as JSON), got '${protocol}'`);
  }
  const name = tracesEndpoint !== undefined ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  const raw = tracesEndpoint ?? `${(baseEndpoint ?? '').replace(/\/+$/, '')}/v1/traces`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got '${tracesEndpoint ?? baseEndpoint}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got '${tracesEndpoint ?? baseEndpoint}'`);
  }
  return Object.freeze({ tracesUrl: url.toString(), serviceName: env['OTEL_SERVICE_NAME'] || 'eventline' });
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = env['DATABASE_URL'];
  const dataDir = resolve(env['DATA_DIR'] ?? './data');
  const schema = env['DATABASE_SCHEMA'] || undefined;
  // Interpolated into the connection's search_path: a plain identifier only.
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA must be a lower-case identifier ([a-z_][a-z0-9_]*, at most 63 characters)');
  }
  const database: Config['database'] = databaseUrl
    ? { dialect: 'postgres', url: databaseUrl, ...(schema ? { schema } : {}), poolMax: int(env, 'DATABASE_POOL_MAX', 10, 1, 1000) }
    : { dialect: 'sqlite', file: resolve(dataDir, 'eventline.db'), ...(env['SQLITE_READ_WORKERS'] ? { readWorkers: int(env, 'SQLITE_READ_WORKERS', 2, 0, 64) } : {}) };
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = env['REDIS_URL'] || undefined;
  const tracing = loadTracingConfig(env);
  const config: Config = {
    port,
    host: env['HOST'] ?? '127.0.0.1',
    publicUrl: (env['PUBLIC_URL'] ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    region: env['REGION'] ?? 'north-america',
    apiVersion: 'ea',
    supportedVersions: ['ea'],
    database,
    ...(redisUrl ? { redisUrl } : {}),
    logLevel: env['LOG_LEVEL'] ?? 'info',
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 3600, 60, 86400),
    demo: bool(env, 'DEMO', true),
    runWorker: bool(env, 'RUN_WORKER', true),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    tiers: tiers(env),
    rateLimit: Object.freeze({
      enabled: bool(env, 'RATE_LIMIT_ENABLED', true),
      ipPerSecond: int(env, 'IP_RATE_LIMIT_PER_SECOND', 20, 1, 1_000_000),
      ipBurst: int(env, 'IP_RATE_LIMIT_BURST', 40, 1, 1_000_000),
      tierCacheSeconds: int(env, 'RATE_LIMIT_TIER_CACHE_SECONDS', 5, 0, 60),
      keyPrefix: env['RATE_LIMIT_KEY_PREFIX'] || 'eventline:rl:',
      redisTimeoutMs: int(env, 'RATE_LIMIT_REDIS_TIMEOUT_MS', 500, 10, 60_000),
      usageFlushSeconds: int(env, 'USAGE_FLUSH_SECONDS', 10, 1, 3600),
    }),
    sandbox: Object.freeze({
      controls: bool(env, 'SANDBOX_CONTROLS', false),
      controlsCacheMs: int(env, 'SANDBOX_CONTROLS_CACHE_MS', 1000, 0, 60_000),
      requestLogSize: int(env, 'REQUEST_LOG_SIZE', 1000, 0, 100_000),
      requestLogTtlHours: int(env, 'REQUEST_LOG_TTL_HOURS', 168, 1, 24 * 366),
      requestLogFlushMs: int(env, 'REQUEST_LOG_FLUSH_MS', 1000, 10, 60_000),
    }),
    signIn: Object.freeze({
      perAccount: int(env, 'SIGNIN_ATTEMPTS_PER_ACCOUNT', 5, 1, 1000),
      perAddress: int(env, 'SIGNIN_ATTEMPTS_PER_ADDRESS', 20, 1, 100_000),
      firstLockSeconds: int(env, 'SIGNIN_FIRST_LOCK_SECONDS', 30, 1, 900),
      keyPrefix: env['SIGNIN_KEY_PREFIX'] || 'eventline:signin:',
      hashConcurrency: int(env, 'SIGNIN_HASH_CONCURRENCY', 2, 1, 64),
      hashQueue: int(env, 'SIGNIN_HASH_QUEUE', 8, 0, 1000),
    }),
    webDir: resolve(env['WEB_DIR'] ?? './web/dist'),
    dataDir,
    apiClient: Object.freeze({
      ...(env['EVENTLINE_URL'] ? { url: env['EVENTLINE_URL'] } : {}),
      ...(env['EVENTLINE_CLIENT_ID'] ? { clientId: env['EVENTLINE_CLIENT_ID'] } : {}),
      ...(env['EVENTLINE_CLIENT_SECRET'] ? { clientSecret: env['EVENTLINE_CLIENT_SECRET'] } : {}),
      ...(env['EVENTLINE_PROFILE'] ? { profile: env['EVENTLINE_PROFILE'] } : {}),
      // The XDG base directory specification: $XDG_CONFIG_HOME when set (and absolute), else ~/.config.
      ...(env['XDG_CONFIG_HOME']?.startsWith('/') ? { configDir: join(env['XDG_CONFIG_HOME'], 'eventline') }
        : env['HOME'] ? { configDir: join(env['HOME'], '.config', 'eventline') } : {}),
    }),
    communications: Object.freeze({
      urlSigningKeys: Object.freeze(signingKeys(env['COMMUNICATIONS_URL_SIGNING_KEYS'])),
      ...(env['ATTENDEE_TOKEN_SECRET'] ? { attendeeTokenSecret: env['ATTENDEE_TOKEN_SECRET'] } : {}),
      ...(env['SMTP_URL'] ? { smtpUrl: smtpUrl(env['SMTP_URL']) } : {}),
      mailFrom: env['MAIL_FROM'] || 'eventline <no-reply@eventline.invalid>',
    }),
    sync: Object.freeze({
      ...(env['SYNC_PROVIDER'] ? { provider: env['SYNC_PROVIDER'] } : {}),
      ...(env['SYNC_SIM_URL'] ? { simUrl: env['SYNC_SIM_URL'] } : {}),
      ...(env['SYNC_WEBHOOK_SECRET'] ? { webhookSecret: env['SYNC_WEBHOOK_SECRET'] } : {}),
      intervalSeconds: int(env, 'SYNC_INTERVAL_SECONDS', 60, 1, 86_400),
      ...(env['ZOOM_CLIENT_ID'] ? { zoom: Object.freeze(Object.fromEntries(([
        ['accountId', 'ZOOM_ACCOUNT_ID'], ['clientId', 'ZOOM_CLIENT_ID'], ['clientSecret', 'ZOOM_CLIENT_SECRET'], ['webhookSecret', 'ZOOM_WEBHOOK_SECRET'],
        ['hostUser', 'ZOOM_HOST_USER'], ['apiUrl', 'ZOOM_API_URL'], ['oauthUrl', 'ZOOM_OAUTH_URL'],
      ] as const).filter(([, v]) => env[v]).map(([k, v]) => [k, env[v]]))) } : {}),
      ...(env['TEAMS_CLIENT_ID'] ? { teams: Object.freeze(Object.fromEntries(([
        ['tenantId', 'TEAMS_TENANT_ID'], ['clientId', 'TEAMS_CLIENT_ID'], ['clientSecret', 'TEAMS_CLIENT_SECRET'], ['organizerUser', 'TEAMS_ORGANIZER_USER'],
        ['apiUrl', 'GRAPH_API_URL'], ['loginUrl', 'GRAPH_LOGIN_URL'],
      ] as const).filter(([, v]) => env[v]).map(([k, v]) => [k, env[v]]))) } : {}),
      ...(env['GOTO_CLIENT_ID'] ? { gotowebinar: Object.freeze(Object.fromEntries(([
        ['clientId', 'GOTO_CLIENT_ID'], ['clientSecret', 'GOTO_CLIENT_SECRET'], ['refreshToken', 'GOTO_REFRESH_TOKEN'], ['organizerKey', 'GOTO_ORGANIZER_KEY'],
        ['timeZone', 'GOTO_TIME_ZONE'], ['apiUrl', 'GOTO_API_URL'], ['oauthUrl', 'GOTO_OAUTH_URL'],
      ] as const).filter(([, v]) => env[v]).map(([k, v]) => [k, env[v]]))) } : {}),
    }),
    obfuscation: Object.freeze({ compact: compactMode(env) }),
    contactHooks: Object.freeze({
      allowLoopback: bool(env, 'HOOKS_ALLOW_LOOPBACK', false),
      timeoutMs: int(env, 'HOOKS_TIMEOUT_MS', 10_000, 100, 120_000),
      encryptionKeys: Object.freeze(signingKeys(env['HOOKS_ENCRYPTION_KEYS'], 'HOOKS_ENCRYPTION_KEYS')),
    }),
    webhooks: Object.freeze({
      maxAttempts: int(env, 'WEBHOOKS_MAX_ATTEMPTS', 8, 1, 20),
      pauseAfter: int(env, 'WEBHOOKS_PAUSE_AFTER', 20, 1, 1000),
      retentionDays: int(env, 'WEBHOOKS_RETENTION_DAYS', 30, 1, 3650),
    }),
    files: Object.freeze({
      maxBytes: int(env, 'FILES_MAX_BYTES', 10 * 1024 * 1024, 1, 5 * 1024 ** 4),
      urlTtlSeconds: int(env, 'FILES_URL_TTL_SECONDS', 3600, 10, 7 * 86_400),
      storage: fileStorage(env, dataDir),
    }),
    metrics: metricsConfig(env),
    ...(tracing ? { tracing } : {}),
    ...overrides,
  };
  return Object.freeze(config);
}
