import { userInfo } from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import { runInAuditScope, type AuditActor } from '../audit-scope.js';
import { buildServices, type Services } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { createDb } from '../db/index.js';

/** Where the CLI writes; each call writes exactly the string given (no newline added). */
export interface CliIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** stderr when it is a terminal, for progress bars; undefined otherwise (a pipe, a file, a test), and then no bar is drawn. */
  readonly progressStream?: NodeJS.WritableStream | undefined;
}

export interface CliOptions {
  /** Used instead of loadConfig(), e.g. by tests pointing at a temp database. */
  config?: Config;
  /** Stops a running `worker` the way SIGTERM would (for embedding and tests). */
  signal?: AbortSignal;
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
  /** Prints one JSON document with --json, friendly text otherwise. */
  print(json: boolean | undefined, doc: unknown, text: () => string): void;
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
};

export function createContext(io: CliIo, opts: CliOptions = {}): CliContext {
  let config: Config | undefined = opts.config;
  const getConfig = (): Config => (config ??= loadConfig());
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
      io.stdout(json ? `${JSON.stringify(doc, null, 2)}\n` : `${text()}\n`);
    },
    notice(json, line) {
      (json ? io.stderr : io.stdout)(`${line}\n`);
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
