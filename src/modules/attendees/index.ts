export { AttendeesRepository } from './attendees.repository.js';
export { AttendeesService } from './attendees.service.js';
export { attendeesRoutes } from './attendees.routes.js';
export { toAttendeeContact } from './attendees.mapping.js';
export { ATTENDEE_STATUSES } from './attendees.schemas.js';
export type { Attendee, AttendeeContact, AttendeeStatus } from './attendees.schemas.js';
