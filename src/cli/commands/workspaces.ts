import type { Command } from 'commander';
import { ALL_SCOPES } from '../../modules/oauth/index.js';
import type { Workspace } from '../../modules/accounts/index.js';
import { accountCommand, nonEmpty, scopeChoice, type CliContext, type JsonOpt } from '../context.js';
import { count, fields, listOrNone, table } from '../format.js';

const describeWorkspace = (w: Workspace): string =>
  fields([
    ['id', w.id],
    ['account', w.accountId],
    ['name', w.name],
    ['scopes', listOrNone(w.scopes, ' ')],
  ]);

export function registerWorkspaces(program: Command, ctx: CliContext): void {
  const workspaces = program.command('workspaces').description('Manage workspaces: the scope grant their applications choose from');

  accountCommand(workspaces, 'create', 'Create a workspace (with no scopes unless --scopes or --all-scopes is given)')
    .requiredOption('--name <name>', 'workspace name', nonEmpty)
    .option('--scopes <scopes>', 'scopes to grant, separated by spaces or commas')
    .option('--all-scopes', 'grant every scope eventline knows')
    .option('--created-by <userId>', 'user who creates it (becomes a member)')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string; name: string; scopes?: string; allScopes?: boolean; createdBy?: string }, cmd: Command) => {
      const choice = scopeChoice(cmd, opts, true);
      const scopes = choice.kind === 'all' ? ALL_SCOPES : choice.kind === 'list' ? choice.scopes : [];
      const workspace = await ctx.asOperator((s) =>
        s.accounts.createWorkspace({ accountId: opts.account, name: opts.name, scopes, ...(opts.createdBy !== undefined ? { createdBy: opts.createdBy } : {}) }),
      );
      ctx.print(opts.json, workspace, () => `Created workspace "${workspace.name}"\n${describeWorkspace(workspace)}`);
    });

  accountCommand(workspaces, 'list', 'List the workspaces of an account')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string }) => {
      const list = await ctx.asOperator(async (s) => {
        // Listing an unknown account would print an empty table; say it does not exist instead.
        await s.accounts.getAccount(opts.account);
        return s.accounts.listWorkspaces(opts.account);
      });
      ctx.print(opts.json, list, () =>
        list.length === 0
          ? 'No workspaces in this account yet.'
          : table(['ID', 'NAME', 'SCOPES', 'CREATED'], list.map((w) => [w.id, w.name, count(w.scopes.length, 'scope'), w.created])),
      );
    });

  accountCommand(workspaces, 'invite', 'Invite a developer by email (joins at once if the user exists, otherwise when created)')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--email <email>', 'email to invite', nonEmpty)
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string; workspace: string; email: string }) => {
      const invitation = await ctx.asOperator((s) => s.accounts.invite({ accountId: opts.account, workspaceId: opts.workspace, email: opts.email }));
      ctx.print(opts.json, invitation, () =>
        invitation.status === 'accepted'
          ? `${invitation.email} already has a user in this account and is now a member of workspace ${invitation.workspaceId}.`
          : `Invited ${invitation.email} to workspace ${invitation.workspaceId}; they join when a user with this email is created.`,
      );
    });

  accountCommand(workspaces, 'set-scopes', "Replace a workspace's scope grant (applies to its applications' next calls)")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--scopes <scopes>', 'the new grant, separated by spaces or commas ("" grants nothing)')
    .option('--all-scopes', 'grant every scope eventline knows')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string; workspace: string; scopes?: string; allScopes?: boolean }, cmd: Command) => {
      const choice = scopeChoice(cmd, opts, false);
      const scopes = choice.kind === 'all' ? ALL_SCOPES : choice.kind === 'list' ? choice.scopes : [];
      const workspace = await ctx.asOperator((s) => s.accounts.setWorkspaceScopes(opts.account, opts.workspace, scopes));
      ctx.print(opts.json, workspace, () => `Workspace "${workspace.name}" now grants ${count(workspace.scopes.length, 'scope')}.\n${describeWorkspace(workspace)}`);
    });
}
