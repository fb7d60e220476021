import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
export const CONTACTS_TABLES = declareTables<Database>('contacts', {
  contacts: {
    id: 'none', account_id: 'none', first_name: 'cleared', last_name: 'cleared', middle_name: 'cleared', email: 'cleared', company: 'cleared',
    title: 'cleared', source_id: 'cleared', profile: 'cleared', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});
export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type ContactRowUpdate = Updateable<ContactsTable>;
