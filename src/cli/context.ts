import { userInfo } from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import { runInAuditScope, type AuditActor } from '../audit-scope.js';
import { buildServices, type Services } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { createDb } from '../db/index.js';
import { CliError } from './errors.js';
import { pickFields, renderTable, runJq, type OutputOptions } from './output.js';
import { ProfileStore, systemKeychain, type Keychain } from './profiles.js';

/** Where the CLI writes; each call writes exactly the string given (no newline added). */
export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** stderr when it is a terminal, for progress bars; undefined otherwise (a pipe, a file, a test), and then no bar is drawn. */
  readonly progressStream?: NodeJS.WritableStream | undefined;
  /** stdout is a terminal: lists are drawn as tables (unless --json or --jq). */
  readonly stdoutIsTTY?: boolean | undefined;
  /** Reads a secret from the person at the terminal without echoing it; undefined when stdin is not a terminal. */
  readonly promptSecret?: ((question: string) => Promise<string>) | undefined;
  /** All of stdin, for a secret piped in (`... | eventline login`). */
  readonly readStdin?: (() => Promise<string>) | undefined;
}

export interface CliOptions {
  /** Used instead of loadConfig(), e.g. by tests pointing at a temp database. */
  config?: Config;
  /** Stops a running `worker` the way SIGTERM would (for embedding and tests). */
  signal?: AbortSignal;
  /** Where `eventline login` keeps secrets; default the platform's (systemKeychain), `null` for none (the 0600 file). */
  keychain?: Keychain | null;
}

/** The API a command calls and with which credentials, from its flags, the environment or a profile. */
export interface ApiTarget {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The profile used, if any. */
  profile?: string;
}

/** The options of a command that calls the API. */
export interface ApiTargetOpts {
  url?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  profile?: string | undefined;
}

export interface CliContext {
  readonly io: CliIo;
  readonly signal: AbortSignal | undefined;
  /** Loaded on first use so `--help` works even with a broken environment. */
  config(): Config;
  /** Opens the services, runs fn, and always closes the database so the process can exit. */
  withServices<T>(fn: (services: Services) => Promise<T>): Promise<T>;
  /** withServices for an administrative command: what fn changes is recorded in the audit log as the operator's (issue 36). */
  asOperator<T>(fn: (services: Services) => Promise<T>): Promise<T>;
  /**
   * Prints one JSON document with --json, friendly text otherwise; --fields and --jq shape the
   * document (and imply JSON), and on a terminal --fields draws a list as a table.
   */
  print(json: boolean | undefined, doc: unknown, text: () => string): void;
  /** For a command whose result is JSON either way (`api`): a list is drawn as a table on a terminal unless --json or --jq. */
  printJson(json: boolean | undefined, doc: unknown): void;
  /** One line of a stream of results (NDJSON under --json; --jq and --fields apply to each line, jq output compact). */
  printLine(json: boolean | undefined, doc: unknown, text: () => string): void;
  /** The action command's --jq and --fields (set before each action runs). */
  setOutput(options: OutputOptions): void;
  /** --jq or --fields was given: stdout is for the shaped results only (log lines go to stderr). */
  shaping(): boolean;
  /** Waits for output still being produced (jq runs asynchronously); throws its error. */
  flush(): Promise<void>;
  /** The profiles of `eventline login`. */
  profiles(): ProfileStore;
  /** Where a command calls the API: flags, then a named profile, else the environment, else the current profile. */
  apiTarget(opts: ApiTargetOpts): Promise<ApiTarget>;
  /** apiTarget when a profile supplies it; undefined when the flags and the environment decide (or nothing does). */
  profileTarget(opts: ApiTargetOpts): Promise<ApiTarget | undefined>;
  /** A line for the person at the terminal; goes to stderr under --json so stdout stays parseable. */
  notice(json: boolean | undefined, line: string): void;
}

let pipesGuarded = false;

/**
 * A reader that goes away (`eventline openapi | head`) closes the pipe: the next write
 * fails with EPIPE. That is the normal end of a pipeline, as SIGPIPE is for C programs:
 * stop at once, quietly, instead of dying on an unhandled 'error' event with a stack trace.
 */
function guardPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
}

export const processIo: CliIo = {
  stdout: (s) => {
    guardPipes();
    process.stdout.write(s);
  },
  stderr: (s) => {
    guardPipes();
    process.stderr.write(s);
  },
  get progressStream() {
    return process.stderr.isTTY ? process.stderr : undefined;
  },
  get stdoutIsTTY() {
    return process.stdout.isTTY === true;
  },
  get promptSecret() {
    return process.stdin.isTTY && process.stderr.isTTY ? promptHidden : undefined;
  },
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  },
};

/** Reads a line from the terminal with echo off (raw mode), for a secret. Ctrl-C aborts. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    const done = (err?: Error): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (data: Buffer): void => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new CliError('failed', 'cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

export function createContext(io: CliIo, opts: CliOptions = {}): CliContext {
  let config: Config | undefined = opts.config;
  const getConfig = (): Config => (config ??= loadConfig());
  let output: OutputOptions = {};
  // jq runs asynchronously: results are written in order, and a failure is kept for flush() rather than left unhandled.
  let pending: Promise<void> = Promise.resolve();
  let failure: unknown;
  /** Writes the document per --jq / --fields / --json; false when none of them applies. */
  const shaped = (json: boolean | undefined, doc: unknown, tableOnTty: boolean, line = false): boolean => {
    const jsonText = (v: unknown): string => `${line ? JSON.stringify(v) : JSON.stringify(v, null, 2)}\n`;
    const value = output.fields ? pickFields(doc, output.fields) : doc;
    const expr = output.jq;
    if (expr !== undefined) {
      pending = pending.then(async () => io.stdout(await runJq(value, expr, line))).catch((err: unknown) => {
        failure ??= err;
      });
      return true;
    }
    if (json) {
      io.stdout(jsonText(value));
      return true;
    }
    const table = io.stdoutIsTTY && (tableOnTty || output.fields) ? renderTable(value, output.fields) : undefined;
    if (table !== undefined) {
      io.stdout(`${table}\n`);
      return true;
    }
    if (output.fields) {
      io.stdout(jsonText(value));
      return true;
    }
    return false;
  };
  let store: ProfileStore | undefined;
  const profiles = (): ProfileStore => {
    if (store) return store;
    const dir = getConfig().apiClient?.configDir;
    if (!dir) throw new CliError('failed', 'no directory for profiles: set XDG_CONFIG_HOME or HOME');
    store = new ProfileStore(dir, opts.keychain === null ? undefined : opts.keychain ?? systemKeychain());
    return store;
  };
  return {
    io,
    signal: opts.signal,
    config: getConfig,
    async withServices(fn) {
      const cfg = getConfig();
      // Opened here rather than inside buildServices so it is closed even when wiring fails half-way.
      const handle = createDb(cfg.database);
      let services: Services | undefined;
      try {
        services = await buildServices(cfg, { db: handle });
        return await fn(services);
      } finally {
        await services?.close();
        await handle.destroy();
      }
    },
    asOperator(fn) {
      // No address and no request: the operator ran the command on the server's host.
      return runInAuditScope({ actor: operatorActor() }, () => this.withServices(fn));
    },
    print(json, doc, text) {
      if (!shaped(json, doc, false)) io.stdout(`${text()}\n`);
    },
    printJson(json, doc) {
      if (!shaped(json, doc, true)) io.stdout(typeof doc === 'string' ? `${doc}\n` : `${JSON.stringify(doc, null, 2)}\n`);
    },
    printLine(json, doc, text) {
      if (!shaped(json, doc, false, true)) io.stdout(`${text()}\n`);
    },
    setOutput(options) {
      output = options;
    },
    shaping() {
      return output.jq !== undefined || output.fields !== undefined;
    },
    async flush() {
      await pending;
      if (failure !== undefined) {
        const err = failure;
        failure = undefined;
        throw err;
      }
    },
    notice(json, line) {
      // Under --jq or --fields stdout carries only the shaped result.
      (json || output.jq !== undefined || output.fields ? io.stderr : io.stdout)(`${line}\n`);
    },
    profiles,
    async profileTarget(o) {
      const env = getConfig().apiClient ?? {};
      const named = o.profile ?? env.profile;
      // Without a named profile, the current one is used only when neither the flags nor the environment name a client:
      // a client id from one place never meets a secret from another.
      const fromProfile = named ?? (o.clientId === undefined && env.clientId === undefined && env.configDir ? profiles().current() : undefined);
      if (fromProfile === undefined) return undefined;
      const p = await profiles().get(fromProfile);
      const clientSecret = o.clientSecret ?? p.clientSecret;
      if (!clientSecret) throw new CliError('failed', `the secret of profile '${p.name}' is not in the ${p.secret === 'keychain' ? 'keychain' : 'credentials file'} any more: run eventline login --profile ${p.name} again`);
      return { baseUrl: o.url ?? p.url, clientId: o.clientId ?? p.clientId, clientSecret, profile: p.name };
    },
    async apiTarget(o) {
      const fromProfile = await this.profileTarget(o);
      if (fromProfile) return fromProfile;
      const cfg = getConfig();
      const env = cfg.apiClient ?? {};
      const clientId = o.clientId ?? env.clientId;
      const clientSecret = o.clientSecret ?? env.clientSecret;
      if (!clientId || !clientSecret) {
        throw new CliError('usage_error', 'give --client-id and --client-secret (or set EVENTLINE_CLIENT_ID and EVENTLINE_CLIENT_SECRET), or log in once: eventline login --url <url> --client-id <id>');
      }
      return { baseUrl: o.url ?? env.url ?? cfg.publicUrl, clientId, clientSecret };
    },
  };
}

/** The operator at the CLI, by the OS user that ran it. */
export function operatorActor(): AuditActor {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    // A uid without a passwd entry (some containers): the uid.
    name = `uid:${process.getuid?.() ?? 'unknown'}`;
  }
  return { type: 'operator', id: name, display: `eventline CLI (${name})` };
}

/** The `--json` option of a command that prints a result: one JSON document instead of text. */
export interface JsonOpt {
  json?: boolean;
}

/** A subcommand on one account's data: each of them names the account with a required --account. */
export function accountCommand(parent: Command, name: string, description: string): Command {
  return parent.command(name).description(description).requiredOption('--account <id>', 'account id');
}

/** Usage errors found after parsing (options that depend on each other); exit code 2 like commander's own. */
export function usageError(cmd: Command, message: string): never {
  cmd.error(`error: ${message}`, { exitCode: 2, code: 'eventline.usage' });
}

export function nonEmpty(value: string): string {
  const v = value.trim();
  if (v === '') throw new InvalidArgumentError('must not be empty.');
  return v;
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer.');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number (0 or more).');
  return n;
}

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** "a b", "a,b" and "a, b" all name two scopes; the service rejects unknown ones by name. */
export function splitScopes(value: string): string[] {
  return value.split(/[\s,]+/).filter((s) => s !== '');
}

/** Exactly one of --scopes / --all-scopes, or neither when `optional`. */
export function scopeChoice(
  cmd: Command,
  opts: { scopes?: string; allScopes?: boolean },
  optional: boolean,
): { kind: 'list'; scopes: string[] } | { kind: 'all' } | { kind: 'none' } {
  if (opts.scopes !== undefined && opts.allScopes) usageError(cmd, 'give either --scopes or --all-scopes, not both');
  if (opts.allScopes) return { kind: 'all' };
  if (opts.scopes !== undefined) return { kind: 'list', scopes: splitScopes(opts.scopes) };
  if (!optional) usageError(cmd, 'give --scopes "<scope> ..." or --all-scopes');
  return { kind: 'none' };
}
