import { defineModule, type ModuleDeps } from '../module.js';
import { AttendeeMessagesRepository } from './attendee-messages.repository.js';
import { attendeeMessagesRoutes } from './attendee-messages.routes.js';
import { AttendeeMessagesService, type AttendeeMessagesUses } from './attendee-messages.service.js';

export { AttendeeMessagesService };

/** Attendee messaging (issue 30): who is in which messaging channel of an event. Ids only: no personal data. */
export function createAttendeeMessagesModule(deps: ModuleDeps, uses: AttendeeMessagesUses) {
  const messages = new AttendeeMessagesService(new AttendeeMessagesRepository(deps.db.db), uses, deps.config, deps.clock);
  return defineModule({ name: 'attendee-messages', services: { attendeeMessages: messages }, routes: attendeeMessagesRoutes(messages) });
}
