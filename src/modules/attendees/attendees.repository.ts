import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';
import { fetchPage, keptCounter, type ListSpec } from '../../lists/index.js';
import type { ContactsJoin } from '../contacts/index.js';
import type { NewRow, RowPatch } from '../../db/types.js';

/** The attendee list's name in list_counts, with scopes '' and `event:<id>` (migration 0022). */
export const ATTENDEES_COUNTS = 'attendees';

/** An attendee row with its contact's filterable fields (c_*), the sort keys (s_*) and the effective lastModified. */
export type JoinedAttendeeRow = NonNullable<Awaited<ReturnType<AttendeesRepository['find']>>>;

export class AttendeesRepository extends Repository {
  constructor(
    db: Db,
    private readonly dialect: Dialect,
    /** The account's contacts, from the contacts module: the list filters and sorts on their fields in SQL. */
    private readonly contactsOf: (accountId: string) => ContactsJoin,
  ) {
    super(db);
  }

  /**
   * The account's attendees joined with their contacts. An attendee's
   * lastModified also moves when its contact changes (the reference's rule),
   * so it is the later of the two rows' times.
   */
  private joined(accountId: string, ex: Executor) {
    const later = this.dialect === 'postgres'
      ? sql<string>`greatest(attendees.last_modified, c.last_modified)`
      : sql<string>`max(attendees.last_modified, c.last_modified)`;
    return ex
      .selectFrom('attendees')
      .innerJoin(this.contactsOf(accountId).as('c'), (j) => j.onRef('c.id', '=', 'attendees.contact_id'))
      .selectAll('attendees')
      .select((eb) => [
        eb.ref('c.first_name').as('c_first_name'), eb.ref('c.last_name').as('c_last_name'), eb.ref('c.email').as('c_email'),
        eb.ref('c.company').as('c_company'), eb.ref('c.title').as('c_title'), eb.ref('c.deleted').as('c_deleted'),
        sql<string>`coalesce(c.first_name, '')`.as('s_first_name'),
        sql<string>`coalesce(c.last_name, '')`.as('s_last_name'),
        sql<string>`coalesce(c.title, '')`.as('s_title'),
        sql<string>`coalesce(c.company, '')`.as('s_company'),
        sql<string>`coalesce(attendees.registered_at, '')`.as('s_registered_at'),
        sql<string>`coalesce(attendees.check_in, '')`.as('s_check_in'),
        later.as('eff_last_modified'),
      ])
      .where('attendees.account_id', '=', accountId);
  }

  list(accountId: string, spec: ListSpec) {
    // Every attendee has its contact in the account, so the join keeps each row and the kept count is the list's.
    return fetchPage(this.db.selectFrom(this.joined(accountId, this.db).as('a')).selectAll('a'), spec, [], keptCounter(this.db, accountId, ATTENDEES_COUNTS));
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return this.joined(accountId, ex).where('attendees.id', '=', id).executeTakeFirst();
  }

  findInEvent(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<JoinedAttendeeRow | undefined> {
    return this.joined(accountId, ex).where('attendees.event_id', '=', eventId).where('attendees.id', '=', id).executeTakeFirst();
  }

  async existsForContact(accountId: string, eventId: string, contactId: string, ex: Executor = this.db): Promise<boolean> {
    const row = await ex.selectFrom('attendees').select('id')
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('contact_id', '=', contactId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The ids of a contact's attendees, read inside the caller's transaction (other modules' erasers). */
  async contactAttendeeIds(accountId: string, contactIds: readonly string[], ex: Executor = this.db): Promise<string[]> {
    if (contactIds.length === 0) return [];
    const rows = await ex.selectFrom('attendees').select('id').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
    return rows.map((r) => r.id);
  }

  /** How many of the event's attendees hold each registration type, leaving out cancelled, declined and denied ones. */
  async countByRegistrationType(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<{ id: string; n: number }>> {
    const rows = await ex.selectFrom('attendees').select(['registration_type_id', sql<number | string>`count(*)`.as('n')])
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('registration_type_id', 'is not', null)
      .where('status', 'not in', ['Cancelled', 'Declined', 'Denied Approval']).groupBy('registration_type_id').execute();
    return rows.flatMap((r) => (r.registration_type_id === null ? [] : [{ id: r.registration_type_id, n: Number(r.n) }]));
  }

  /** The ids of a contact's attendees, in a subquery (`attendee_id in (...)`). */
  idsOfContact(accountId: string, contactId: string) {
    return this.db.selectFrom('attendees').select('id').where('account_id', '=', accountId).where('contact_id', '=', contactId);
  }

  /** A contact's attendees with their free text, for the attendees eraser. */
  extrasOfContacts(accountId: string, contactIds: readonly string[], ex: Executor) {
    return ex.selectFrom('attendees').select(['id', 'extra']).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
  }

  async insert(row: NewRow<'attendees'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('attendees').values(row).execute();
  }

  async update(accountId: string, id: string, patch: Omit<RowPatch<'attendees'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('attendees').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** A contact merge (issue 30): the registrations of these contacts (id order), and moving one to the surviving contact. */
  registrationsOf(accountId: string, contactIds: readonly string[], ex: Executor): Promise<Array<{ id: string; event_id: string; contact_id: string }>> {
    return ex.selectFrom('attendees').select(['id', 'event_id', 'contact_id']).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).orderBy('id').execute();
  }

  async moveRegistration(accountId: string, attendeeId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('attendees').set({ contact_id: toId }).where('account_id', '=', accountId).where('id', '=', attendeeId).execute();
  }
}
