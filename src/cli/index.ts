import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { registerAccounts } from './commands/accounts.js';
import { registerApi } from './commands/api.js';
import { registerArchive } from './commands/archive.js';
import { registerAudit } from './commands/audit.js';
import { registerLogs } from './commands/logs.js';
import { registerApps } from './commands/apps.js';
import { registerContacts } from './commands/contacts.js';
import { registerLogin } from './commands/login.js';
import { registerBackup } from './commands/backup.js';
import { registerDb } from './commands/db.js';
import { registerListen } from './commands/listen.js';
import { registerOpenApi } from './commands/openapi.js';
import { registerProviderSim } from './commands/provider-sim.js';
import { registerRuntime } from './commands/runtime.js';
import { registerScimTokens } from './commands/scim.js';
import { registerSync } from './commands/sync.js';
import { registerUsers } from './commands/users.js';
import { registerWorkspaces } from './commands/workspaces.js';
import { createContext, processIo, type ApiTargetOpts, type CliContext, type CliIo, type CliOptions } from './context.js';
import { classify, CliError, errorDocument, EXIT } from './errors.js';
import { checkJq, parseFields } from './output.js';

export type { CliIo, CliOptions } from './context.js';
export { EXIT } from './errors.js';

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

export interface ProgramOptions extends CliOptions {
  /** --json was given: commander's own error messages are not printed (main prints the JSON error document instead). */
  json?: boolean;
}

/** Every command of the tree, depth first, the root included. */
export function allCommands(root: Command): Command[] {
  return [root, ...root.commands.flatMap((c) => allCommands(c))];
}

/** A command that only groups others (`accounts`, `db`): it runs nothing itself. */
export const isGroup = (cmd: Command): boolean => cmd.commands.length > 0 && !cmd.options.some((o) => o.long === '--json');

/** The context of each program, so main can wait for output still being produced when a command fails. */
const contexts = new WeakMap<Command, CliContext>();

export function buildProgram(io: CliIo = processIo, opts: ProgramOptions = {}): Command {
  const ctx = createContext(io, opts);
  const program = new Command('eventline');
  contexts.set(program, ctx);
  const discard = (): void => undefined;
  // Set before any .command() call: subcommands copy these settings when they are created.
  program
    .description('eventline: run the server and worker, migrate the database, and manage accounts, users, workspaces and applications')
    .version(packageVersion(), '-V, --version')
    .option('--debug', 'print stack traces of unexpected errors (may also follow the command)')
    .option('--profile <name>', 'the profile of eventline login to call the API with (default: EVENTLINE_PROFILE, else the current one)')
    .exitOverride()
    // An option belongs to the command it follows: `archive verify <dir> --json` is verify's --json, not archive's.
    .enablePositionalOptions()
    .configureOutput(opts.json
      ? { writeOut: io.stdout, writeErr: discard, outputError: discard }
      : { writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(add --help for usage)')
    .showSuggestionAfterError(true)
    .addHelpText('after', [
      '',
      'Configuration comes from the environment (DATABASE_URL, DATA_DIR, REGION, ...; see .env.example).',
      'Every command accepts --json: its result (or its log lines) as JSON on stdout, and an error as one JSON',
      'document on stderr: {"error":{"code":"...","message":"...","exitCode":n}}.',
      'Exit codes: 0 ok; 1 failed (refused, verification failed); 2 usage error; 3 the API answered with an',
      'HTTP error; 4 could not connect (server, simulator or database).',
    ].join('\n'));
  registerRuntime(program, ctx);
  registerAccounts(program, ctx);
  registerUsers(program, ctx);
  registerWorkspaces(program, ctx);
  registerApps(program, ctx);
  registerLogin(program, ctx);
  registerScimTokens(program, ctx);
  registerAudit(program, ctx);
  registerOpenApi(program, ctx);
  registerApi(program, ctx);
  registerLogs(program, ctx);
  registerArchive(program, ctx);
  registerSync(program, ctx);
  registerProviderSim(program, ctx);
  registerContacts(program, ctx);
  registerDb(program, ctx);
  registerBackup(program, ctx);
  registerListen(program, ctx);
  // Every command that runs something takes --json (and --debug after it), whether or not it declared them:
  // a command added later cannot miss them.
  for (const cmd of allCommands(program)) {
    if (cmd === program || isGroup(cmd)) continue;
    if (!cmd.options.some((o) => o.long === '--json')) cmd.option('--json', 'print JSON (errors as a JSON document on stderr)');
    // --jq and --fields shape whatever the command prints in JSON (src/cli/output.ts), one implementation for all.
    cmd.option('--jq <expr>', 'filter the JSON result with a jq program (strings printed raw, one result per line)');
    cmd.option('--fields <a,b.c>', 'keep only these fields (of each item of a list); a list is drawn as a table on a terminal', parseFields);
    // A command that calls the API also takes --profile after it (`eventline api get /events --profile staging`).
    if (cmd.name() !== 'login' && cmd.options.some((o) => o.long === '--client-id') && !cmd.options.some((o) => o.long === '--profile')) {
      cmd.option('--profile <name>', 'the profile of eventline login to use (default: EVENTLINE_PROFILE, else the current one)');
    }
    cmd.addOption(new Option('--debug', 'print stack traces of unexpected errors').hideHelp());
  }
  program.hook('preAction', async (root, action) => {
    const o = action.opts<{ jq?: string; fields?: string[]; profile?: string }>();
    // A program that does not compile is refused before the command runs, so it changes nothing.
    if (o.jq !== undefined) await checkJq(o.jq);
    ctx.setOutput({ jq: o.jq, fields: o.fields });
    // `eventline --profile x api ...`: the global option reaches the command's own.
    const global = root.opts<{ profile?: string }>().profile;
    const takesClient = action.name() !== 'login' && action.options.some((opt) => opt.long === '--client-id');
    if (global !== undefined && !takesClient && action.name() !== 'login') {
      throw new CliError('usage_error', `--profile: '${action.name()}' does not call the API with client credentials`, { reason: 'profile' });
    }
    if (global !== undefined && o.profile === undefined) action.setOptionValue('profile', global);
    // A command that calls the API reads --url, --client-id and --client-secret: when a profile supplies them they are
    // filled in here, so every such command (and one added later) takes profiles without code of its own.
    if (takesClient) {
      const target = await ctx.profileTarget({ ...action.opts<ApiTargetOpts>(), profile: global ?? o.profile });
      if (target) {
        action.setOptionValue('url', target.baseUrl);
        action.setOptionValue('clientId', target.clientId);
        action.setOptionValue('clientSecret', target.clientSecret);
      }
    }
  });
  program.hook('postAction', () => ctx.flush());
  return program;
}

/** Whether a flag is given before `--` (after which everything is an argument). */
function hasFlag(args: readonly string[], flag: string): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes(flag);
}

/**
 * Runs the CLI with process.argv-style arguments and returns the exit code (see EXIT):
 * 0 ok, 1 failed, 2 usage error, 3 HTTP error from the API, 4 could not connect.
 */
export async function main(argv: readonly string[], opts: MainOptions = {}): Promise<number> {
  const io = opts.io ?? processIo;
  const args = argv.slice(2);
  const json = hasFlag(args, '--json');
  const program = buildProgram(io, { ...opts, json });
  try {
    await program.parseAsync([...argv], { from: 'node' });
    return EXIT.ok;
  } catch (err) {
    // --help and --version end this way too.
    if (err instanceof CommanderError && err.exitCode === 0) return EXIT.ok;
    // What the command printed before it failed (through --jq) comes first; an error of its own is not the one to report.
    await contexts.get(program)?.flush().catch(() => undefined);
    const { error, unexpected } = classify(err);
    if (json) {
      io.stderr(`${JSON.stringify(errorDocument(error))}\n`);
      return error.exitCode;
    }
    // Commander has already printed its own message (usage errors, --help on a group).
    if (!(err instanceof CommanderError)) io.stderr(`error: ${error.message}\n`);
    if (unexpected && hasFlag(args, '--debug') && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return error.exitCode;
  }
}
