import { defineModule, type ModuleDeps } from '../module.js';
import { meetingRequestErasers } from './meeting-requests.erasers.js';
import { MeetingRequestsRepository } from './meeting-requests.repository.js';
import { meetingRequestRoutes } from './meeting-requests.routes.js';
import { MeetingRequestsService, type MeetingRequestsUses } from './meeting-requests.service.js';

export { MeetingRequestsService, DEFAULT_STATUSES } from './meeting-requests.service.js';
export type { FormInput, RequestCreate, RequestUpdate } from './meeting-requests.schemas.js';

/**
 * Meeting requests (the Meeting Request tag, issue 32): forms staff fill out to ask the meetings team for an event,
 * the requests made from them (answers kept to the form's rules, statuses moving only as the form allows), a request's
 * event and its documents (files from POST /files).
 */
export function createMeetingRequestsModule(deps: ModuleDeps, uses: MeetingRequestsUses) {
  const repo = new MeetingRequestsRepository(deps.db.db, deps.db.dialect);
  const meetingRequests = new MeetingRequestsService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'meeting-requests', services: { meetingRequests }, routes: meetingRequestRoutes(meetingRequests), erasers: meetingRequestErasers() });
}
