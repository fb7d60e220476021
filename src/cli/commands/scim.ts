import type { Command } from 'commander';
import type { ScimToken } from '../../modules/identity/index.js';
import { accountCommand, nonEmpty, type CliContext, type JsonOpt } from '../context.js';
import { fields, table } from '../format.js';

const status = (t: ScimToken): string => (t.revokedAt === null ? 'active' : `revoked ${t.revokedAt}`);

/**
 * SCIM bearer tokens: what an operator gives an identity provider (Okta's "HTTP Header"
 * authentication, Entra ID's "Secret Token") to provision an account's users.
 */
export function registerScimTokens(program: Command, ctx: CliContext): void {
  const tokens = program.command('scim-tokens').description('Issue and revoke the SCIM bearer tokens identity providers use to provision an account\'s users');

  accountCommand(tokens, 'create', 'Issue a SCIM token for the account; prints it (only this once) and the SCIM base URL')
    .option('--description <text>', 'what it is for, e.g. "Okta"', nonEmpty)
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string; description?: string }) => {
      const { token, scimToken, base } = await ctx.asOperator(async (s) => ({ ...(await s.scimTokens.issue(opts.account, opts.description)), base: s.scim.base }));
      ctx.print(opts.json, { ...scimToken, token, scimBaseUrl: base }, () =>
        [
          'Issued a SCIM token',
          fields([['id', scimToken.id], ['account', scimToken.accountId], ['scim_base_url', base], ['token', token]]),
        ].join('\n'),
      );
      // Only a hash is stored, so this is the one chance to copy it.
      ctx.notice(opts.json, 'The token is shown only once and cannot be retrieved later; enter it in the identity provider now.');
    });

  accountCommand(tokens, 'list', 'List the account\'s SCIM tokens (never the tokens themselves)')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account: string }) => {
      const list = await ctx.asOperator((s) => s.scimTokens.list(opts.account));
      ctx.print(opts.json, list, () =>
        list.length === 0 ? 'No SCIM tokens yet.' : table(['ID', 'DESCRIPTION', 'CREATED', 'STATUS'], list.map((t) => [t.id, t.description ?? '', t.created, status(t)])),
      );
    });

  accountCommand(tokens, 'revoke', 'Revoke a SCIM token: it is refused from its next call on')
    .argument('<id>', 'token id (from list)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: JsonOpt & { account: string }) => {
      await ctx.asOperator((s) => s.scimTokens.revoke(opts.account, id));
      ctx.print(opts.json, { id, revoked: true }, () => `Revoked SCIM token ${id}; it is refused from its next call on.`);
    });
}
