import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/app.js';

/**
 * An exhibitor of an event, written straight through the exhibitors module's
 * repository: for tests of the team, content and leads operations that need
 * one without going through `POST /events/{id}/exhibitors`.
 */
export async function insertExhibitor(services: Services, accountId: string, eventId: string, name = 'Acme Booths'): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await services.exhibitorsRepo.insert({
    id, account_id: accountId, event_id: eventId, name, description: null, code: null, source_id: null, location: null, address: null,
    email: null, mobile_phone: null, work_phone: null, other_phone: null, website: null, contact_links: null,
    hidden: 0, event_sponsor: 0, featured: 0, sponsorship_level_id: null, banner_file_id: null, logo_file_id: null,
    created: now, last_modified: now, created_by: 'test', last_modified_by: 'test',
  });
  return id;
}

/** A booth staff row: an attendee of the exhibitor's event who staffs its booth. */
export async function insertBoothStaff(services: Services, accountId: string, eventId: string, exhibitorId: string, attendeeId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await services.exhibitorsRepo.insertBoothStaff({
    id, account_id: accountId, event_id: eventId, exhibitor_id: exhibitorId, attendee_id: attendeeId,
    created: now, last_modified: now, created_by: 'test', last_modified_by: 'test',
  });
  return id;
}
