import { describe, expect, it } from 'vitest';
import { safetyNetColumns, type Catalogue } from './catalogue.js';

describe('the safety net scope', () => {
  const catalogue: Catalogue = {
    columns: [
      { table: 'notes', column: 'id' }, { table: 'notes', column: 'account_id' }, { table: 'notes', column: 'body' },
      { table: 'notes', column: 'code' }, { table: 'notes', column: 'created' }, { table: 'notes', column: 'count' },
      { table: 'contacts', column: 'email' }, { table: 'global', column: 'body' },
    ],
    keyed: new Set(['notes', 'contacts', 'global']),
    accountScoped: new Set(['notes', 'contacts']),
    textual: new Set(['notes.id', 'notes.account_id', 'notes.body', 'notes.code', 'notes.created', 'contacts.email', 'global.body']),
  };

  it('is the text columns declared to hold personal data, in account-scoped tables the erasers do not handle whole', () => {
    const personal = new Set(['notes.body', 'notes.created', 'contacts.email', 'global.body']);
    expect([...safetyNetColumns(catalogue, personal)]).toEqual([['notes', ['body']]]);
  });

  it('reads no column declared none, however it is typed', () => {
    expect([...safetyNetColumns(catalogue, new Set())]).toEqual([]);
  });
});
