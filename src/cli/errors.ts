import { CommanderError } from 'commander';
import { ApiRequestError } from '../client/index.js';
import { ConfigError } from '../config/index.js';
import { ApiError } from '../errors.js';
import { OAuthError } from '../modules/oauth/index.js';

/**
 * The exit codes of every command (documented in README.md, "Command line"):
 * scripts branch on them, so a code keeps its meaning across versions.
 */
export const EXIT = {
  ok: 0,
  /** The command ran and failed: a refusal, a failed verification, an unexpected error. */
  failed: 1,
  /** The command line is wrong: unknown command or option, missing or bad argument. */
  usage: 2,
  /** The API (or the simulator) answered with an HTTP error. */
  api: 3,
  /** The server, simulator or database could not be reached. */
  connection: 4,
} as const;

/** The `error.code` of the JSON error document, one per exit code (1 has two). */
export type ErrorCode = 'failed' | 'verification_failed' | 'usage_error' | 'api_error' | 'connection_error';

const EXIT_OF: Readonly<Record<ErrorCode, number>> = {
  failed: EXIT.failed, verification_failed: EXIT.failed, usage_error: EXIT.usage, api_error: EXIT.api, connection_error: EXIT.connection,
};

/** An error a command raises on purpose, with its class and what a script may want to read from it. */
export class CliError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly extra: Readonly<Record<string, unknown>> = {}, options?: ErrorOptions) {
    super(message, options);
  }

  get exitCode(): number {
    return EXIT_OF[this.code];
  }
}

/** The command's result is "no": the archive or the erasure did not verify. Exit 1. */
export const verificationFailed = (message: string, extra: Record<string, unknown> = {}): CliError => new CliError('verification_failed', message, extra);

// What Node's sockets, DNS and undici say when the far side cannot be reached at all.
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);

function codeOf(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null || !('code' in e)) return undefined;
  return typeof e.code === 'string' ? e.code : undefined;
}

/**
 * The network error code in an error or its causes (fetch's "fetch failed" hides it in
 * `cause`; a refused connection to every address of a name is an AggregateError).
 */
export function connectionCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== undefined && e !== null; depth++) {
    const code = codeOf(e);
    if (code !== undefined && CONNECTION_CODES.has(code)) return code;
    if (e instanceof AggregateError) {
      const inner = e.errors.map(connectionCode).find((c) => c !== undefined);
      if (inner !== undefined) return inner;
    }
    e = e instanceof Error ? e.cause : undefined;
  }
  return undefined;
}

/** "host:port" of the address a socket error names, when it names one. */
function addressOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    const found = e instanceof AggregateError ? e.errors.find((x: unknown) => x instanceof Error && 'address' in x) : e;
    if (found instanceof Error && 'address' in found && typeof found.address === 'string') {
      const port = 'port' in found && typeof found.port === 'number' ? `:${found.port}` : '';
      return `${found.address}${port}`;
    }
    e = e.cause;
  }
  return undefined;
}

/** Origin of a URL without credentials or path (a path may carry ids; a URL may carry a password). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Runs network work against `url` (`what`: "the server", "the simulator"), so a refused
 * connection names the URL and the cause instead of fetch's bare "fetch failed".
 */
export async function reaching<T>(url: string, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof CliError) throw err;
    // fetch's own refusals carry no code (a port it will not call: "bad port"): its cause's message says why.
    const code = connectionCode(err) ?? (err instanceof TypeError && err.message === 'fetch failed' && err.cause instanceof Error ? err.cause.message : undefined);
    if (code === undefined) throw err;
    const origin = originOf(url);
    throw new CliError('connection_error', `could not connect to ${origin} (${code}): is ${what} running?`, { url: origin, cause: code }, { cause: err });
  }
}

/** The API's own error answer, with what it said (status, target, details, request id). */
function fromApiRequest(err: ApiRequestError): CliError {
  const extra = [
    ...(err.target !== undefined ? [`target: ${err.target}`] : []),
    ...(err.requestId !== undefined ? [`request id: ${err.requestId}`] : []),
  ];
  const details = err.details.filter((d) => d.message !== err.message).map((d) => `\n  - ${d.message}`).join('');
  return new CliError('api_error', `HTTP ${err.status}: ${err.message}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}${details}`, {
    status: err.status, method: err.method, path: err.path, body: err.toJSON(),
    ...(err.requestId !== undefined ? { requestId: err.requestId } : {}),
  }, { cause: err });
}

function plainMessage(err: unknown): string {
  if (err instanceof AggregateError && err.message === '') {
    // pg reports a refused connection to every resolved address this way, with an empty message of its own.
    const inner = err.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).filter((m) => m !== '');
    if (inner.length > 0) return [...new Set(inner)].join('; ');
  }
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

export interface Classified {
  readonly error: CliError;
  /** An error nobody raised on purpose: its stack is worth showing with --debug. */
  readonly unexpected: boolean;
}

/** Sorts any thrown value into one of the documented classes. */
export function classify(err: unknown): Classified {
  if (err instanceof CliError) return { error: err, unexpected: false };
  if (err instanceof CommanderError) {
    // A group (`eventline accounts`) given without its subcommand: commander showed the help.
    if (err.code === 'commander.help') return { error: new CliError('usage_error', 'missing subcommand (add --help for the list)', { reason: err.code }), unexpected: false };
    return { error: new CliError('usage_error', err.message.replace(/^error: /, ''), { reason: err.code }), unexpected: false };
  }
  if (err instanceof ApiRequestError) return { error: fromApiRequest(err), unexpected: false };
  if (err instanceof ApiError) return { error: new CliError('failed', err.message, { reason: err.name, status: err.status }), unexpected: false };
  if (err instanceof OAuthError) return { error: new CliError('failed', err.description, { reason: err.error }), unexpected: false };
  if (err instanceof ConfigError) return { error: new CliError('failed', err.message, { reason: 'config' }), unexpected: false };
  const code = connectionCode(err);
  if (code !== undefined) {
    // Not reached through reaching(): the database (pg) or another socket. Its address, when the error names it.
    const where = addressOf(err);
    return {
      error: new CliError('connection_error', `could not connect${where ? ` to ${where}` : ''} (${code}): ${plainMessage(err)}`, { cause: code, ...(where ? { address: where } : {}) }),
      unexpected: false,
    };
  }
  return { error: new CliError('failed', plainMessage(err)), unexpected: true };
}

/** The JSON error document a command writes to stderr under --json. */
export function errorDocument(e: CliError): { error: Record<string, unknown> } {
  return { error: { code: e.code, message: e.message, exitCode: e.exitCode, ...e.extra } };
}
