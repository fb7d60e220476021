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

export type ContactRow = Selectable<ContactsTable>;
export type NewContactRow = Insertable<ContactsTable>;
export type ContactRowUpdate = Updateable<ContactsTable>;
