import type { Command } from 'commander';
import type { Application } from '../../modules/accounts/index.js';
import { accountCommand, collect, nonEmpty, scopeChoice, type CliContext, type JsonOpt } from '../context.js';
import { count, fields, listOrNone, table } from '../format.js';

const status = (a: Application): string => (a.revokedAt === null ? 'active' : `revoked ${a.revokedAt}`);

export function registerApps(program: Command, ctx: CliContext): void {
  const apps = program.command('apps').description('Manage API applications (OAuth clients) and their secrets');

  accountCommand(apps, 'create', 'Create an application; prints its client id and secret (the secret only this once)')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'application name', nonEmpty)
    .option('--scopes <scopes>', "scopes, separated by spaces or commas; each must be in the workspace's grant")
    .option('--all-scopes', 'every scope the workspace grants')
    .option('--redirect-uri <uri>', 'redirect URI for the authorization code flow (repeatable)', collect, [])
    .option('--created-by <userId>', 'user who creates it (must be a member of the workspace or an administrator)')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & {
      account: string; workspace: string; name: string; scopes?: string; allScopes?: boolean; redirectUri: string[]; createdBy?: string;
    }, cmd: Command) => {
      const choice = scopeChoice(cmd, opts, false);
      const { application, clientSecret } = await ctx.asOperator(async (s) => {
        const scopes = choice.kind === 'list' ? choice.scopes : (await s.accounts.getWorkspace(opts.account, opts.workspace)).scopes;
        return s.accounts.createApplication({
          accountId: opts.account, workspaceId: opts.workspace, name: opts.name, scopes, redirectUris: opts.redirectUri,
          ...(opts.createdBy !== undefined ? { createdBy: opts.createdBy } : {}),
        });
      });
      ctx.print(opts.json, { ...application, clientSecret }, () =>
        [
          `Created application "${application.name}"`,
          fields([
            ['id', application.id],
            ['workspace', application.workspaceId],
            ['client_id', application.clientId],
            ['client_secret', clientSecret],
            ['scopes', listOrNone(application.scopes, ' ')],
            ...(application.redirectUris.length > 0 ? [['redirect_uris', application.redirectUris.join(' ')] as const] : []),
          ]),
        ].join('\n'),
      );
      // Only a hash of the secret is stored, so this is the one chance to copy it.
      ctx.notice(opts.json, 'The client secret is shown only once and cannot be retrieved later; store it now.');
    });

  accountCommand(apps, 'list', 'List the applications of an account (or of one workspace)')
    .option('--workspace <id>', 'only this workspace')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string; workspace?: string }) => {
      const list = await ctx.asOperator(async (s) => {
        if (opts.workspace !== undefined) await s.accounts.getWorkspace(opts.account, opts.workspace);
        else await s.accounts.getAccount(opts.account);
        return s.accounts.listApplications(opts.account, opts.workspace);
      });
      ctx.print(opts.json, list, () =>
        list.length === 0
          ? 'No applications yet.'
          : table(
              ['ID', 'CLIENT_ID', 'NAME', 'WORKSPACE', 'SCOPES', 'STATUS'],
              list.map((a) => [a.id, a.clientId, a.name, a.workspaceId, count(a.scopes.length, 'scope'), status(a)]),
            ),
      );
    });

  accountCommand(apps, 'revoke', 'Revoke an application: its tokens stop working on their next call')
    .argument('<app>', 'application id or client id')
    .option('--json', 'print JSON')
    .action(async (app: string, opts: JsonOpt & { account: string }) => {
      const application = await ctx.asOperator((s) => s.accounts.revokeApplication(opts.account, app));
      ctx.print(opts.json, application, () =>
        `Revoked application "${application.name}" (client_id ${application.clientId}); its tokens are refused from the next call on.`,
      );
    });
}
