import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError } from '../config/index.js';
import { ApiError } from '../errors.js';
import { OAuthError } from '../modules/oauth/index.js';
import { registerAccounts } from './commands/accounts.js';
import { registerApi } from './commands/api.js';
import { registerArchive } from './commands/archive.js';
import { registerApps } from './commands/apps.js';
import { registerContacts } from './commands/contacts.js';
import { registerDb } from './commands/db.js';
import { registerOpenApi } from './commands/openapi.js';
import { registerProviderSim } from './commands/provider-sim.js';
import { registerRuntime } from './commands/runtime.js';
import { registerScimTokens } from './commands/scim.js';
import { registerSync } from './commands/sync.js';
import { registerUsers } from './commands/users.js';
import { registerWorkspaces } from './commands/workspaces.js';
import { createContext, processIo, type CliIo, type CliOptions } from './context.js';

export type { CliIo, CliOptions } from './context.js';

export interface MainOptions extends CliOptions {
  io?: CliIo;
}

const OurPackage = Type.Object({ name: Type.Literal('eventline'), version: Type.String() });

// Walks up rather than using a fixed relative path, so it works from src/ under tsx and from dist/src/ alike.
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (Value.Check(OurPackage, pkg)) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

export function buildProgram(io: CliIo = processIo, opts: CliOptions = {}): Command {
  const ctx = createContext(io, opts);
  const program = new Command('eventline');
  // Set before any .command() call: subcommands copy these settings when they are created.
  program
    .description('eventline: run the server and worker, migrate the database, and manage accounts, users, workspaces and applications')
    .version(packageVersion(), '-V, --version')
    .option('--debug', 'print stack traces of unexpected errors')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(add --help for usage)')
    .showSuggestionAfterError(true)
    .addHelpText('after', '\nConfiguration comes from the environment (DATABASE_URL, DATA_DIR, REGION, ...; see .env.example).\nEvery command except serve accepts --json for machine-readable output.');
  registerRuntime(program, ctx);
  registerAccounts(program, ctx);
  registerUsers(program, ctx);
  registerWorkspaces(program, ctx);
  registerApps(program, ctx);
  registerScimTokens(program, ctx);
  registerOpenApi(program, ctx);
  registerApi(program, ctx);
  registerArchive(program, ctx);
  registerSync(program, ctx);
  registerProviderSim(program, ctx);
  registerContacts(program, ctx);
  registerDb(program, ctx);
  return program;
}

/** The message to show for an error that is not a bug: a refused request, bad configuration, an unreachable database. */
function expectedMessage(err: unknown): string | undefined {
  if (err instanceof ApiError || err instanceof ConfigError) return err.message;
  if (err instanceof OAuthError) return err.description;
  return undefined;
}

function errorMessage(err: unknown): string {
  if (err instanceof AggregateError && err.message === '') {
    // pg reports a refused connection to every resolved address this way, with an empty message of its own.
    const inner = err.errors.map((e: unknown) => (e instanceof Error ? e.message : String(e))).filter((m) => m !== '');
    if (inner.length > 0) return [...new Set(inner)].join('; ');
  }
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** Runs the CLI with process.argv-style arguments and returns the exit code: 0 ok, 1 failed, 2 usage error. */
export async function main(argv: readonly string[], opts: MainOptions = {}): Promise<number> {
  const io = opts.io ?? processIo;
  const program = buildProgram(io, opts);
  try {
    await program.parseAsync([...argv], { from: 'node' });
    return 0;
  } catch (err) {
    // Commander has already printed its own message (usage errors, --help, --version).
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    const expected = expectedMessage(err);
    io.stderr(`error: ${expected ?? errorMessage(err)}\n`);
    if (expected === undefined && program.opts<{ debug?: boolean }>().debug && err instanceof Error && err.stack) {
      io.stderr(`${err.stack}\n`);
    }
    return 1;
  }
}
