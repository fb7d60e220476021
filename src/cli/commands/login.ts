import type { Command } from 'commander';
import { createClient, type EventlineClient } from '../../client/index.js';
import { nonEmpty, usageError, type CliContext, type JsonOpt } from '../context.js';
import { CliError, reaching } from '../errors.js';
import { table } from '../format.js';
import { checkProfileName } from '../profiles.js';

interface LoginOpts extends JsonOpt {
  profile?: string;
  url?: string;
  clientId?: string;
  clientSecret?: string;
  verify?: boolean;
}

const DEFAULT_PROFILE = 'default';

/** The client secret: the flag, else EVENTLINE_CLIENT_SECRET, else asked for (hidden) on a terminal, else read from stdin. */
async function clientSecretOf(ctx: CliContext, opts: LoginOpts, cmd: Command): Promise<string> {
  const given = opts.clientSecret ?? ctx.config().apiClient?.clientSecret;
  if (given) return given;
  const prompt = ctx.io.promptSecret;
  const secret = prompt ? await prompt('Client secret: ') : ctx.io.readStdin ? await ctx.io.readStdin() : '';
  const trimmed = secret.trim();
  if (trimmed === '') usageError(cmd, 'give the client secret: --client-secret, EVENTLINE_CLIENT_SECRET, typed at the prompt, or on stdin');
  return trimmed;
}

/** `eventline login` and `eventline profiles list|use|remove` (issue 35). */
export function registerLogin(program: Command, ctx: CliContext): void {
  program
    .command('login')
    .description('save a profile: the API\'s URL and an application\'s client credentials (the secret in the OS keychain when there is one, else a 0600 file)')
    .option('--profile <name>', `profile name (default: ${DEFAULT_PROFILE}, or EVENTLINE_PROFILE)`)
    .option('--url <url>', 'API base URL (default: EVENTLINE_URL, else PUBLIC_URL)', nonEmpty)
    .option('--client-id <id>', 'client id (default: EVENTLINE_CLIENT_ID)', nonEmpty)
    .option('--client-secret <secret>', 'client secret (default: EVENTLINE_CLIENT_SECRET, else asked for, or read from stdin)')
    .option('--no-verify', 'save without asking the server for a token first')
    .option('--json', 'print the saved profile in JSON')
    .action(async (opts: LoginOpts, cmd: Command) => {
      const config = ctx.config();
      const name = checkProfileName(opts.profile ?? config.apiClient?.profile ?? DEFAULT_PROFILE);
      const url = opts.url ?? config.apiClient?.url ?? config.publicUrl;
      const clientId = opts.clientId ?? config.apiClient?.clientId;
      if (!clientId) usageError(cmd, 'give --client-id (or set EVENTLINE_CLIENT_ID)');
      const clientSecret = await clientSecretOf(ctx, opts, cmd);
      let scope: string | undefined;
      if (opts.verify !== false) {
        const client = ((): EventlineClient => {
          try {
            return createClient({ baseUrl: url, clientId, clientSecret, pacing: false });
          } catch (err) {
            usageError(cmd, err instanceof Error ? err.message : String(err));
          }
        })();
        // A wrong secret or URL is found now, not at the first call: nothing is saved then.
        await reaching(url, 'the server', async () => {
          await client.token();
        });
        scope = await grantedScope(client);
      }
      const saved = await ctx.profiles().save(name, { url: savedUrl(url), clientId, clientSecret });
      const store = ctx.profiles();
      const doc = {
        profile: name, url: savedUrl(url), clientId, current: true, secret: saved.secret,
        ...(saved.secret === 'file' ? { file: store.credentialsFile } : { keychain: saved.keychain }),
        ...(scope !== undefined ? { scope } : {}),
      };
      ctx.print(opts.json, doc, () => [
        `Logged in to ${doc.url} as client ${clientId}; profile '${name}' is now the current one.`,
        saved.secret === 'keychain'
          ? `The client secret is in the ${saved.keychain}.`
          : `The client secret is in ${store.credentialsFile} (readable by you only: mode 0600); no OS keychain answered.`,
      ].join('\n'));
    });

  const profiles = program.command('profiles').description('the profiles saved by eventline login');
  profiles
    .command('list')
    .description('list the profiles (the current one is marked)')
    .option('--json', 'print JSON')
    .action((opts: JsonOpt) => {
      const store = ctx.profiles();
      const config = store.read();
      const current = store.current();
      const list = Object.entries(config.profiles).sort(([a], [b]) => a.localeCompare(b))
        .map(([name, p]) => ({ name, current: name === current, url: p.url, clientId: p.clientId, secret: p.secret }));
      ctx.print(opts.json, list, () => list.length === 0
        ? 'No profiles yet: eventline login --url <url> --client-id <id>'
        : table(['', 'PROFILE', 'URL', 'CLIENT ID', 'SECRET'], list.map((p) => [p.current ? '*' : '', p.name, p.url, p.clientId, p.secret])));
    });
  profiles
    .command('use')
    .description('make a profile the current one (used when no --profile, EVENTLINE_PROFILE or EVENTLINE_CLIENT_ID says otherwise)')
    .argument('<name>', 'profile name')
    .option('--json', 'print JSON')
    .action((name: string, opts: JsonOpt) => {
      ctx.profiles().use(name);
      ctx.print(opts.json, { profile: name, current: true }, () => `Profile '${name}' is now the current one.`);
    });
  profiles
    .command('remove')
    .description('forget a profile and its secret (from the keychain or the credentials file)')
    .argument('<name>', 'profile name')
    .option('--json', 'print JSON')
    .action(async (name: string, opts: JsonOpt) => {
      await ctx.profiles().remove(name);
      ctx.print(opts.json, { profile: name, removed: true }, () => `Removed profile '${name}'.`);
    });
}

/** The URL as saved: without trailing slashes (the client accepts it with or without /ea). */
function savedUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The scopes the token carries, for the message (decoded from the JWT's payload; it is not verified here, only shown). */
async function grantedScope(client: { token(): Promise<string> }): Promise<string | undefined> {
  try {
    const payload = (await client.token()).split('.')[1];
    if (!payload) return undefined;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && 'scope' in claims && typeof claims.scope === 'string' ? claims.scope : undefined;
  } catch (err) {
    if (err instanceof CliError) throw err;
    return undefined;
  }
}
