import { describe, expect, it } from 'vitest';
import type { MigrationResultSet } from 'kysely';
import { migrating } from './index.js';

const undefinedTable = Object.assign(new Error('relation "other.scim_tokens" does not exist'), { code: '42P01' });

describe('migrating', () => {
  it('tries again when listing the tables failed because another schema dropped one meanwhile', async () => {
    const answers: MigrationResultSet[] = [{ error: undefinedTable }, { error: undefinedTable }, { results: [] }];
    let calls = 0;
    const result = await migrating(() => Promise.resolve(answers[calls++] ?? { results: [] }));
    expect(calls).toBe(3);
    expect(result).toEqual({ results: [] });
  });

  it('does not try again once a migration ran, nor for other errors, nor more than five times', async () => {
    let calls = 0;
    const ran: MigrationResultSet = { error: undefinedTable, results: [{ migrationName: '0001', direction: 'Up', status: 'Error' }] };
    await expect(migrating(() => Promise.resolve((calls++, ran)))).rejects.toBe(undefinedTable);
    expect(calls).toBe(1);
    const other = new Error('syntax error');
    await expect(migrating(() => Promise.resolve({ error: other }))).rejects.toBe(other);
    calls = 0;
    await expect(migrating(() => Promise.resolve((calls++, { error: undefinedTable })))).rejects.toBe(undefinedTable);
    expect(calls).toBe(5);
  });
});
