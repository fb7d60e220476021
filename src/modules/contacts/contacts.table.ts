import { AUDIT_COLUMNS, OWNED_COLUMNS } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Generated } from 'kysely';

export interface ContactsTable {
  id: string;
  account_id: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  email: string | null;
  company: string | null;
  title: string | null;
  source_id: string | null;
  profile: Generated<string>; // JSON: the rest of the reference's Contact fields
  deleted: Generated<number>;
  purged: Generated<number>;
  created: string;
  last_modified: string;
  created_by: string;
  last_modified_by: string;
}

// The contacts eraser empties every personal column (profile becomes '{}'): nothing is kept, not even a stand-in.
export const CONTACTS_TABLES = declareTables('contacts', {
  contacts: {
    personal: { first_name: 'cleared', last_name: 'cleared', middle_name: 'cleared', email: 'cleared', company: 'cleared', title: 'cleared',
      source_id: 'cleared', profile: 'cleared' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS],
  },
});
