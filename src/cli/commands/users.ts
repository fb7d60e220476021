import { randomBytes } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import { ROLES } from '../../modules/accounts/index.js';
import { accountCommand, nonEmpty, type CliContext } from '../context.js';
import { fields } from '../format.js';

// Not trimmed: spaces are legitimate password characters.
function password(value: string): string {
  if (value === '') throw new InvalidArgumentError('must not be empty (omit --password to have one generated).');
  return value;
}

export function registerUsers(program: Command, ctx: CliContext): void {
  const users = program.command('users').description('Create people who sign in (planners, administrators, developers)');

  accountCommand(users, 'create', 'Create a user; without --password one is generated and printed once')
    .requiredOption('--email <email>', 'sign-in email', nonEmpty)
    .requiredOption('--role <role>', ROLES.join(' | '))
    .option('--name <name>', 'display name (defaults to the part of the email before @)', nonEmpty)
    .option('--password <password>', 'sign-in password (avoid on shared machines: it stays in shell history)', password)
    .option('--json', 'print JSON')
    .action(async (opts: { account: string; email: string; role: string; name?: string; password?: string; json?: boolean }) => {
      // Only the argon2 hash is stored, so a generated password can be shown this once and never again.
      const generated = opts.password === undefined ? randomBytes(12).toString('base64url') : undefined;
      const password = opts.password ?? generated;
      const user = await ctx.asOperator((s) =>
        s.accounts.createUser({
          accountId: opts.account, email: opts.email, role: opts.role,
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(password !== undefined ? { password } : {}),
        }),
      );
      ctx.print(opts.json, generated === undefined ? user : { ...user, password: generated }, () =>
        [
          `Created ${user.role} ${user.email}`,
          fields([
            ['id', user.id],
            ['account', user.accountId],
            ['name', user.name],
            ...(generated !== undefined ? [['password', generated] as const] : []),
          ]),
        ].join('\n'),
      );
      if (generated !== undefined) ctx.notice(opts.json, 'The generated password is shown only once; store it now.');
    });
}
