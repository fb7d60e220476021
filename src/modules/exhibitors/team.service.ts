import type { Row } from '../../db/types.js';
import type { AuthContext } from '../../actor.js';
import { auditStamp } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { systemClock, type Clock } from '../../db/time.js';
import { defineList, listPage, type FilterFields, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { audit, requireExhibitor, requireOfExhibitor, samePathId } from './team.common.js';
import { TeamErrors } from './team.errors.js';
import type { TeamRepository } from './team.repository.js';
import type { Admin, AdminInput, BoothStaff, BoothStaffInput } from './team.schemas.js';

const toAdmin = (r: Row<'exhibitor_admins'>): Admin => ({
  id: r.id, exhibitor: { id: r.exhibitor_id }, firstName: r.first_name, lastName: r.last_name, email: r.email, ...audit(r),
});

const toBoothStaff = (r: Row<'exhibitor_booth_staff'>): BoothStaff => ({
  id: r.id, attendee: { id: r.attendee_id }, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, ...audit(r),
});

/** An exhibitor's admins and booth staff take no filter. */
export const TEAM_FILTER_FIELDS: FilterFields = {};
// Page tokens name the exhibitor, so a token of one exhibitor's list cannot page another's.
const adminsList = (exhibitorId: string) => defineList<Row<'exhibitor_admins'>>({
  name: `exhibitor-admins:${exhibitorId}`, filters: TEAM_FILTER_FIELDS,
  order: [{ column: 'exhibitor_admins.created', value: (r) => r.created }, { column: 'exhibitor_admins.id', value: (r) => r.id }],
});
const boothStaffList = (exhibitorId: string) => defineList<Row<'exhibitor_booth_staff'>>({
  name: `booth-staff:${exhibitorId}`, filters: TEAM_FILTER_FIELDS,
  order: [{ column: 'exhibitor_booth_staff.created', value: (r) => r.created }, { column: 'exhibitor_booth_staff.id', value: (r) => r.id }],
});

/** The email as admins are told apart: NFKC, lower-cased. */
export const emailKey = (email: string): string => email.normalize('NFKC').toLowerCase();

/**
 * The Exhibitor Team tag: an exhibitor's admins (people who manage its
 * profile) and booth staff (attendees of the same event who staff its booth).
 */
export class ExhibitorTeamService {
  constructor(
    private readonly exhibitors: ExhibitorsRepository,
    private readonly repo: TeamRepository,
    private readonly attendees: Pick<AttendeesService, 'findInEvent'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  private href(eventId: string, exhibitorId: string, what: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/events/${eventId}/exhibitors/${exhibitorId}/${what}`;
  }

  async listAdmins(accountId: string, eventId: string, exhibitorId: string, query: ListQuery): Promise<{ paging: Paging; data: Admin[] }> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    return listPage(adminsList(ex.id), query, (spec) => this.repo.listAdmins(accountId, ex.id, spec), toAdmin, this.href(ex.event_id, ex.id, 'admins'));
  }

  async getAdmin(accountId: string, eventId: string, exhibitorId: string, adminId: string): Promise<Admin> {
    return toAdmin(await requireOfExhibitor(this.exhibitors, [accountId, eventId, exhibitorId],
      (id) => this.repo.findAdmin(accountId, id, adminId), TeamErrors.adminNotFound, 'adminId'));
  }

  async createAdmin(auth: AuthContext, eventId: string, exhibitorId: string, input: AdminInput): Promise<Admin> {
    return this.saveAdmin(auth, eventId, exhibitorId, null, input);
  }

  async updateAdmin(auth: AuthContext, eventId: string, exhibitorId: string, adminId: string, input: AdminInput): Promise<Admin> {
    return this.saveAdmin(auth, eventId, exhibitorId, adminId, input);
  }

  private async saveAdmin(auth: AuthContext, eventId: string, exhibitorId: string, adminId: string | null, input: AdminInput): Promise<Admin> {
    const stamp = auditStamp(auth, this.clock());
    const key = emailKey(input.email);
    const fields = { first_name: input.firstName.trim(), last_name: input.lastName.trim(), email: input.email, email_key: key };
    try {
      return await this.repo.transaction(async (trx) => {
        const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
        samePathId(input.exhibitor, ex.id, 'exhibitor.id');
        const existing = adminId === null ? undefined : await this.repo.findAdmin(auth.accountId, ex.id, adminId, trx);
        if (adminId !== null && !existing) throw TeamErrors.adminNotFound(undefined, { target: 'adminId' });
        const sameEmail = await this.repo.findAdminByEmail(auth.accountId, ex.id, key, trx);
        if (sameEmail && sameEmail.id !== adminId) throw duplicateAdmin(input.email);
        if (existing) {
          await this.repo.updateAdmin(auth.accountId, existing.id, { ...fields, ...stamp.modified }, trx);
          return toAdmin({ ...existing, ...fields, ...stamp.modified });
        }
        const row: Row<'exhibitor_admins'> = {
          id: newId(), account_id: auth.accountId, event_id: ex.event_id, exhibitor_id: ex.id, ...fields,
          ...stamp.created,
        };
        await this.repo.insertAdmin(row, trx);
        return toAdmin(row);
      });
    } catch (err) {
      // Two requests with the same email at once: the unique index decides.
      if (isUniqueViolation(err)) throw duplicateAdmin(input.email);
      throw err;
    }
  }

  async listBoothStaff(accountId: string, eventId: string, exhibitorId: string, query: ListQuery): Promise<{ paging: Paging; data: BoothStaff[] }> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    return listPage(boothStaffList(ex.id), query, (spec) => this.repo.listBoothStaff(accountId, ex.id, spec), toBoothStaff, this.href(ex.event_id, ex.id, 'booth-staff'));
  }

  async getBoothStaff(accountId: string, eventId: string, exhibitorId: string, id: string): Promise<BoothStaff> {
    return toBoothStaff(await requireOfExhibitor(this.exhibitors, [accountId, eventId, exhibitorId],
      (ex) => this.exhibitors.findBoothStaff(accountId, ex, id), TeamErrors.boothStaffNotFound, 'boothstaffId'));
  }

  /**
   * POST booth-staff: the attendee must be registered for the exhibitor's
   * event in the caller's account (400 otherwise, whether it is another
   * event's, another account's or no attendee at all: nothing is revealed).
   */
  async addBoothStaff(auth: AuthContext, eventId: string, exhibitorId: string, input: BoothStaffInput): Promise<BoothStaff> {
    const stamp = auditStamp(auth, this.clock());
    try {
      return await this.repo.transaction(async (trx) => {
        const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
        samePathId(input.event, ex.event_id, 'event.id');
        samePathId(input.exhibitor, ex.id, 'exhibitor.id');
        const attendee = await this.attendees.findInEvent(auth.accountId, ex.event_id, input.attendee.id, trx);
        if (!attendee) throw TeamErrors.invalid('attendee.id is not an attendee of this event', { target: 'attendee.id' });
        if (await this.repo.findBoothStaffByAttendee(auth.accountId, ex.id, attendee.id, trx)) throw duplicateStaff();
        const row: Row<'exhibitor_booth_staff'> = {
          id: newId(), account_id: auth.accountId, event_id: ex.event_id, exhibitor_id: ex.id, attendee_id: attendee.id,
          ...stamp.created,
        };
        await this.exhibitors.insertBoothStaff(row, trx);
        return toBoothStaff(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateStaff();
      throw err;
    }
  }

  async removeBoothStaff(accountId: string, eventId: string, exhibitorId: string, id: string): Promise<void> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    if (!(await this.repo.deleteBoothStaff(accountId, ex.id, id))) throw TeamErrors.boothStaffNotFound(undefined, { target: 'boothstaffId' });
  }
}

// The reference has no 409 for these operations: a duplicate is its 400, with a message that says so.
const duplicateAdmin = (email: string) => TeamErrors.duplicate(`The exhibitor already has an admin with the email ${email}`, { target: 'email' });
const duplicateStaff = () => TeamErrors.duplicate('The attendee is already booth staff of this exhibitor', { target: 'attendee.id' });
