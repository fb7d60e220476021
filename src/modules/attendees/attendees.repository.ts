import { sql, type Transaction } from 'kysely';
import type { Database, Db, Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec, type PageResult } from '../../lists/index.js';
import type { AttendeesTable } from './attendees.table.js';

export type Executor = Db | Transaction<Database>;

/** An attendee row with its contact's columns (c_*), sort keys (s_*) and effective lastModified. */
export interface AttendeeRow extends AttendeesTable {
  c_first_name: string | null;
  c_last_name: string | null;
  c_middle_name: string | null;
  c_email: string | null;
  c_company: string | null;
  c_title: string | null;
  c_source_id: string | null;
  c_profile: string;
  c_deleted: number;
  c_purged: number;
  c_created: string;
  c_last_modified: string;
  c_created_by: string;
  c_last_modified_by: string;
  s_first_name: string;
  s_last_name: string;
  s_title: string;
  s_company: string;
  s_registered_at: string;
  s_check_in: string;
  eff_last_modified: string;
}

export class AttendeesRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * The account's attendees joined with their contacts. An attendee's
   * lastModified also moves when its contact changes (the reference's rule),
   * so it is the later of the two rows' times.
   */
  private joined(accountId: string, ex: Executor) {
    const later = this.dialect === 'postgres'
      ? sql<string>`greatest(attendees.last_modified, contacts.last_modified)`
      : sql<string>`max(attendees.last_modified, contacts.last_modified)`;
    return ex
      .selectFrom('attendees')
      .innerJoin('contacts', (j) => j.onRef('contacts.id', '=', 'attendees.contact_id').onRef('contacts.account_id', '=', 'attendees.account_id'))
      .selectAll('attendees')
      .select([
        'contacts.first_name as c_first_name', 'contacts.last_name as c_last_name', 'contacts.middle_name as c_middle_name',
        'contacts.email as c_email', 'contacts.company as c_company', 'contacts.title as c_title', 'contacts.source_id as c_source_id',
        'contacts.profile as c_profile', 'contacts.deleted as c_deleted', 'contacts.purged as c_purged', 'contacts.created as c_created',
        'contacts.last_modified as c_last_modified', 'contacts.created_by as c_created_by', 'contacts.last_modified_by as c_last_modified_by',
        sql<string>`coalesce(contacts.first_name, '')`.as('s_first_name'),
        sql<string>`coalesce(contacts.last_name, '')`.as('s_last_name'),
        sql<string>`coalesce(contacts.title, '')`.as('s_title'),
        sql<string>`coalesce(contacts.company, '')`.as('s_company'),
        sql<string>`coalesce(attendees.registered_at, '')`.as('s_registered_at'),
        sql<string>`coalesce(attendees.check_in, '')`.as('s_check_in'),
        later.as('eff_last_modified'),
      ])
      .where('attendees.account_id', '=', accountId);
  }

  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom(this.joined(accountId, this.db).as('a')).selectAll('a');
    return fetchPage(base, spec) as Promise<PageResult<AttendeeRow>>;
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<AttendeeRow | undefined> {
    return this.joined(accountId, ex).where('attendees.id', '=', id).executeTakeFirst() as Promise<AttendeeRow | undefined>;
  }

  findInEvent(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<AttendeeRow | undefined> {
    return this.joined(accountId, ex).where('attendees.event_id', '=', eventId).where('attendees.id', '=', id).executeTakeFirst() as Promise<AttendeeRow | undefined>;
  }

  async existsForContact(accountId: string, eventId: string, contactId: string, ex: Executor = this.db): Promise<boolean> {
    const row = await ex.selectFrom('attendees').select('id')
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('contact_id', '=', contactId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async idsOfContact(accountId: string, contactId: string, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex.selectFrom('attendees').select('id').where('account_id', '=', accountId).where('contact_id', '=', contactId).execute();
    return rows.map((r) => r.id);
  }

  async insert(row: AttendeesTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('attendees').values(row).execute();
  }

  async update(accountId: string, id: string, patch: Partial<Omit<AttendeesTable, 'id' | 'account_id'>>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('attendees').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
