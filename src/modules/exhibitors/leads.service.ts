import type { Notifier } from '../../notifications.js';
import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, auditStamp, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ActivityReporter } from '../activities/index.js';
import type { Attendee, AttendeesService } from '../attendees/index.js';
import { some } from '../mapping.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { LeadErrors } from './leads.errors.js';
import { ELITERATURE_LIST, LEADS_LIST } from './leads.filters.js';
import type { LeadsRepository } from './leads.repository.js';
import {
  EliteratureDocumentsSchema, LeadAddressSchema, type EliteratureRequest, type Lead, type LeadAddress, type LeadScan,
} from './leads.schemas.js';
import type { NewRow, Row } from '../../db/types.js';
import type { LeadAnswers, QuestionAnswersInput } from './qualification.schemas.js';
import { answersColumn, checkAnswers, type CheckedAnswers, type QualificationService } from './qualification.service.js';

const addressColumn = jsonColumn('leads.home_address / leads.work_address', LeadAddressSchema);
export const documentsColumn = jsonColumn('eliterature_requests.documents', EliteratureDocumentsSchema);


export function toLead(r: Row<'leads'>): Lead {
  const device = { ...some('id', r.device_id), ...some('name', r.device_name) };
  return {
    id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, attendee: { id: r.attendee_id },
    ...(r.booth_staff_id !== null ? { boothStaff: { id: r.booth_staff_id } } : {}),
    ...(Object.keys(device).length > 0 ? { device } : {}),
    ...some('title', r.title), ...some('firstName', r.first_name), ...some('lastName', r.last_name), ...some('email', r.email),
    ...some('company', r.company), ...some('mobilePhone', r.mobile_phone),
    ...(r.home_address !== null ? { homeAddress: addressColumn(r.home_address) } : {}),
    ...some('homePhone', r.home_phone),
    ...(r.work_address !== null ? { workAddress: addressColumn(r.work_address) } : {}),
    ...some('workPhone', r.work_phone),
    type: r.type, application: r.application, source: r.source, deleted: r.deleted === 1,
    ...some('comments', r.comments), ...some('licenseCode', r.license_code),
    matched: true, qualified: r.qualified === 1,
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

function toEliterature(r: Row<'eliterature_requests'>): EliteratureRequest {
  return {
    id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, lead: { id: r.lead_id }, documents: documentsColumn(r.documents),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

/** A contact's address as the reference's lead-address (the same field names), as stored JSON; null when it has none. */
function address(a: Attendee['contact']['homeAddress']): string | null {
  if (!a) return null;
  const out: LeadAddress = {
    ...some('address1', a.address1), ...some('address2', a.address2), ...some('city', a.city), ...some('regionCode', a.regionCode),
    ...some('postalCode', a.postalCode), ...some('countryCode', a.countryCode),
  };
  return Object.keys(out).length > 0 ? JSON.stringify(out) : null;
}

/** What a lead copies of its attendee's contact at the scan: what the exhibitor takes away. */
function contactCopy(a: Attendee) {
  const c = a.contact;
  return {
    contact_id: c.id, title: c.title ?? null, first_name: c.firstName ?? null, last_name: c.lastName ?? null, email: c.email ?? null,
    company: c.company ?? null, mobile_phone: c.mobilePhone ?? null, home_address: address(c.homeAddress), home_phone: c.homePhone ?? null,
    work_address: address(c.workAddress), work_phone: c.workPhone ?? null,
  };
}

/**
 * Leads: booth staff scan attendees of the exhibitor's event (an eventline
 * extension), optionally with qualification answers, notes and the documents
 * the attendee asked for. Each scan is a `lead.scanned` activity of the
 * attendee (a booth visit); answers are a `lead.qualified` one.
 */
export class LeadsService {
  constructor(
    private readonly repo: LeadsRepository,
    private readonly exhibitors: Pick<ExhibitorsRepository, 'findBoothStaff'>,
    private readonly qualification: QualificationService,
    private readonly attendees: Pick<AttendeesService, 'findInEvent'>,
    private readonly activities: ActivityReporter,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  /**
   * A scan. The first scan of an attendee for an exhibitor creates the lead
   * (`created: true`); a later one is a new visit to the same lead: the device,
   * booth staff and contact copy are refreshed, notes replaced when sent, a
   * deleted lead restored. Everything is checked before anything is stored.
   */
  async scan(auth: AuthContext, eventId: string, exhibitorId: string, input: LeadScan): Promise<{ lead: Lead; created: boolean }> {
    try {
      return await this.repo.transaction((trx) => this.scanIn(trx, auth, eventId, exhibitorId, input));
    } catch (err) {
      // Two first scans of one attendee at once: the unique index lets one in.
      if (isUniqueViolation(err)) throw LeadErrors.scanConflict();
      throw err;
    }
  }

  private async scanIn(trx: Transaction<Database>, auth: AuthContext, eventId: string, exhibitorId: string, input: LeadScan): Promise<{ lead: Lead; created: boolean }> {
    const exhibitor = await this.qualification.requireExhibitor(auth.accountId, eventId, exhibitorId, trx);
    const staffId = input.boothStaff.id.toLowerCase();
    const staff = await this.exhibitors.findBoothStaff(auth.accountId, exhibitor.id, staffId, trx);
    if (!staff) throw LeadErrors.invalidScan(`boothStaff.id: ${staffId} is not booth staff of this exhibitor`, { target: 'boothStaff.id' });
    const attendee = await this.attendees.findInEvent(auth.accountId, exhibitor.event_id, input.attendee.id, trx);
    if (!attendee) throw LeadErrors.invalidScan(`attendee.id: ${input.attendee.id.toLowerCase()} is not an attendee of this event`, { target: 'attendee.id' });
    const checked = checkAnswers(await this.repo.questions(auth.accountId, exhibitor.id, trx), input.answers ?? [], 'answers');

    const now = iso(this.clock());
    const by = actorName(auth);
    // What a scan always sets; type, application, source, notes and licence code only when sent (a rescan keeps the lead's).
    const scanned = {
      booth_staff_id: staff.id, device_id: input.device?.id ?? null, device_name: input.device?.name ?? null, ...contactCopy(attendee), deleted: 0,
      ...some('type', input.type), ...some('application', input.application), ...some('source', input.source),
      ...some('comments', input.comments), ...some('license_code', input.licenseCode),
      last_modified: now, last_modified_by: by,
    };
    const existing = await this.repo.findLeadOfAttendee(auth.accountId, exhibitor.id, attendee.id, trx);
    let leadId: string;
    if (existing) {
      leadId = existing.id;
      await this.repo.updateLead(auth.accountId, leadId, scanned, trx);
    } else {
      leadId = newId();
      const row: NewRow<'leads'> = {
        id: leadId, account_id: auth.accountId, event_id: exhibitor.event_id, exhibitor_id: exhibitor.id, attendee_id: attendee.id,
        type: 'leadcapture', application: 'leadcapture', source: 'scanned', comments: null, license_code: null, qualified: 0,
        ...scanned, created: now, created_by: by,
      };
      await this.repo.insertLead(row, trx);
    }
    await this.saveAnswers(trx, auth, { exhibitorId: exhibitor.id, eventId: exhibitor.event_id, leadId }, checked, now);
    if (input.eliterature) {
      await this.repo.insertEliterature({
        id: newId(), account_id: auth.accountId, event_id: exhibitor.event_id, exhibitor_id: exhibitor.id, lead_id: leadId,
        documents: JSON.stringify(input.eliterature.documents), created: now, last_modified: now, created_by: by, last_modified_by: by,
      }, trx);
    }
    const base = { accountId: auth.accountId, eventId: exhibitor.event_id, attendeeId: attendee.id, time: now };
    const ref = { exhibitor: { id: exhibitor.id, ...some('code', exhibitor.code) }, lead: { id: leadId, ...some('deviceId', input.device?.id), boothStaff: { id: staff.id } } };
    await this.activities.record({ ...base, type: 'lead.scanned', refs: { exhibitorId: exhibitor.id, dataId: leadId }, data: ref }, trx);
    if (checked.length > 0) await this.recordQualified(trx, base, ref, checked);
    const lead = await this.repo.findLead(auth.accountId, exhibitor.event_id, exhibitor.id, leadId, trx);
    if (!lead) throw new Error('the lead just written is gone');
    // A first scan only (a rescan updates the lead).
    if (existing === undefined) await this.notifier?.notify(trx, auth.accountId, 'exhibitor.lead.created', toLead(lead));
    return { lead: toLead(lead), created: existing === undefined };
  }

  /** Stores checked answers (an empty list removes the question's answers) and recomputes `qualified`. */
  private async saveAnswers(trx: Transaction<Database>, auth: AuthContext, at: { exhibitorId: string; eventId: string; leadId: string },
    checked: readonly CheckedAnswers[], now: string): Promise<void> {
    if (checked.length === 0) return;
    const by = actorName(auth);
    for (const c of checked) {
      if (c.answers.length === 0) {
        await this.repo.deleteAnswer(auth.accountId, at.leadId, c.question.id, trx);
        continue;
      }
      await this.repo.upsertAnswer({
        id: newId(), account_id: auth.accountId, event_id: at.eventId, exhibitor_id: at.exhibitorId, lead_id: at.leadId, question_id: c.question.id,
        answers: JSON.stringify(c.answers), created: now, last_modified: now, created_by: by, last_modified_by: by,
      }, trx);
    }
    await this.repo.recomputeQualified(trx, auth.accountId, at.exhibitorId, at.leadId);
    await this.repo.updateLead(auth.accountId, at.leadId, { last_modified: now, last_modified_by: by }, trx);
  }

  /** The reference's lead.qualified data: the questions answered and the choices made, by id (answer texts stay in the lead's answers). */
  private async recordQualified(trx: Transaction<Database>, base: { accountId: string; eventId: string; attendeeId: string; time: string },
    ref: { exhibitor: { id: string }; lead: { id: string } }, checked: readonly CheckedAnswers[]): Promise<void> {
    const responses = checked.map((c) => ({
      question: { id: c.question.id, ...some('code', c.question.code) },
      answers: c.answers.map((a) => ({ type: a.type, ...(a.choice ? { id: a.choice.id } : {}) })),
    }));
    await this.activities.record({
      ...base, type: 'lead.qualified', refs: { exhibitorId: ref.exhibitor.id, dataId: ref.lead.id }, data: { ...ref, responses },
    }, trx);
  }

  /** GET .../leads/{leadId}/answers: the lead's answers, one record per question answered. */
  async answers(accountId: string, eventId: string, exhibitorId: string, leadId: string): Promise<{ data: LeadAnswers[] }> {
    const lead = await this.requireLead(accountId, eventId, exhibitorId, leadId);
    return { data: (await this.repo.answersOfLead(accountId, lead.id)).map((r) => ({
      id: r.id, question: { id: r.question_id }, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, lead: { id: r.lead_id },
      answers: answersColumn(r.answers), created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    })) };
  }

  /**
   * eventline extension: answers after the scan. Each named question's answers
   * are replaced (an empty list removes them); questions not named keep theirs.
   */
  async answer(auth: AuthContext, eventId: string, exhibitorId: string, leadId: string, inputs: readonly QuestionAnswersInput[]): Promise<{ data: LeadAnswers[] }> {
    await this.repo.transaction(async (trx) => {
      const lead = await this.requireLead(auth.accountId, eventId, exhibitorId, leadId, trx);
      const checked = checkAnswers(await this.repo.questions(auth.accountId, lead.exhibitor_id, trx), inputs, 'body');
      const now = iso(this.clock());
      await this.saveAnswers(trx, auth, { exhibitorId: lead.exhibitor_id, eventId: lead.event_id, leadId: lead.id }, checked, now);
      if (checked.length > 0) {
        await this.recordQualified(trx, { accountId: auth.accountId, eventId: lead.event_id, attendeeId: lead.attendee_id, time: now },
          { exhibitor: { id: lead.exhibitor_id }, lead: { id: lead.id, ...(lead.booth_staff_id !== null ? { boothStaff: { id: lead.booth_staff_id } } : {}) } }, checked);
      }
    });
    return this.answers(auth.accountId, eventId, exhibitorId, leadId);
  }

  /** eventline extension: marks the lead deleted (`deleted: true` in GET /leads); a new scan restores it. */
  async delete(auth: AuthContext, eventId: string, exhibitorId: string, leadId: string): Promise<void> {
    const lead = await this.requireLead(auth.accountId, eventId, exhibitorId, leadId);
    await this.repo.updateLead(auth.accountId, lead.id, { deleted: 1, ...auditStamp(auth, this.clock()).modified });
  }

  private async requireLead(accountId: string, eventId: string, exhibitorId: string, leadId: string, trx?: Transaction<Database>): Promise<Row<'leads'>> {
    const lead = await this.repo.findLead(accountId, eventId.toLowerCase(), exhibitorId.toLowerCase(), leadId.toLowerCase(), trx);
    if (!lead) throw LeadErrors.leadNotFound(undefined, { target: 'leadId' });
    return lead;
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Lead[] }> {
    return listPage(LEADS_LIST, query, (spec) => this.repo.listLeads(accountId, spec), toLead, `${this.config.publicUrl}/${this.config.apiVersion}/leads`);
  }

  eliterature(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: EliteratureRequest[] }> {
    return listPage(ELITERATURE_LIST, query, (spec) => this.repo.listEliterature(accountId, spec), toEliterature,
      `${this.config.publicUrl}/${this.config.apiVersion}/eliterature-requests`);
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}
