import { Type } from 'typebox';
import { operations, type Operations } from '../../http/operations.js';
import { declareContentOperations } from './content.routes.js';
import type { ExhibitorContentService } from './content.service.js';
import { declareQuestionOperations } from './exhibitor-questions.routes.js';
import type { ExhibitorQuestionsService } from './exhibitor-questions.service.js';
import { TEAM_FILTER_FIELDS, type ExhibitorTeamService } from './team.service.js';
import {
  AdminInputSchema, AdminPageSchema, AdminParamsSchema, AdminSchema, BoothStaffInputSchema, BoothStaffPageSchema, BoothStaffParamsSchema, BoothStaffSchema,
  exhibitorPath, ExhibitorParamsSchema, TeamListQuerySchema,
} from './team.schemas.js';

/** The operations of the team, content and questions parts (team.module.ts). */
export function teamPartRoutes(team: ExhibitorTeamService, content: ExhibitorContentService, questions: ExhibitorQuestionsService) {
  return operations((op) => {
    declareTeamOperations(op, team);
    declareContentOperations(op, content);
    declareQuestionOperations(op, questions);
  });
}

/** The Exhibitor Team tag: admins and booth staff of an exhibitor. */
function declareTeamOperations(op: Operations, team: ExhibitorTeamService): void {
  op.list('listExhibitorAdmins', {
    description: 'The admins of the exhibitor, oldest first. An exhibitor of another event or account is 404.', params: ExhibitorParamsSchema,
    query: TeamListQuerySchema, page: AdminPageSchema, filters: TEAM_FILTER_FIELDS, list: (auth, query, params) => team.listAdmins(auth.accountId, ...exhibitorPath(params), query),
  });

  op('postExhibitorAdmin', {
    description: 'Creates an exhibitor admin. `exhibitor.id` must be the exhibitor of the path (400). An exhibitor has one admin per email '
      + '(compared without case): a second is 400 (the reference has no 409 here).',
    params: ExhibitorParamsSchema, body: AdminInputSchema, response: { 201: AdminSchema },
  }, async ({ auth, params, body }) => team.createAdmin(auth, ...exhibitorPath(params), body));

  op('getExhibitorAdmin', { description: 'One admin of the exhibitor: name and email.', params: AdminParamsSchema, response: { 200: AdminSchema } },
    async ({ auth, params }) => team.getAdmin(auth.accountId, ...exhibitorPath(params), params.adminId.toLowerCase()));

  op('updateExhibitorAdmin', {
    description: 'Replaces the admin\'s name and email (the same rules as creating one).', params: AdminParamsSchema, body: AdminInputSchema, response: { 200: AdminSchema },
  }, async ({ auth, params, body }) => team.updateAdmin(auth, ...exhibitorPath(params), params.adminId.toLowerCase(), body));

  op.list('listBoothStaff', {
    description: 'The booth staff of the exhibitor (attendees of its event), oldest first.', params: ExhibitorParamsSchema,
    query: TeamListQuerySchema, page: BoothStaffPageSchema, filters: TEAM_FILTER_FIELDS, list: (auth, query, params) => team.listBoothStaff(auth.accountId, ...exhibitorPath(params), query),
  });

  op('associateBoothStaff', {
    description: 'Makes an attendee booth staff of the exhibitor. The attendee must be registered for the exhibitor\'s event in this account: '
      + 'any other id (another event\'s attendee, another account\'s, none) is 400 and stores nothing. `event.id` and `exhibitor.id` must be the '
      + 'path\'s (400). An attendee is booth staff of an exhibitor once: a second time is 400 (the reference has no 409 here).',
    params: ExhibitorParamsSchema, body: BoothStaffInputSchema, response: { 201: BoothStaffSchema },
  }, async ({ auth, params, body }) => team.addBoothStaff(auth, ...exhibitorPath(params), body));

  op('getBoothStaff', {
    description: 'The attendee id of one booth staff member.',
    params: BoothStaffParamsSchema, response: { 200: BoothStaffSchema },
  }, async ({ auth, params }) => team.getBoothStaff(auth.accountId, ...exhibitorPath(params), params.boothstaffId.toLowerCase()));

  op('deleteBoothStaff', {
    description: 'Removes the attendee from the exhibitor\'s booth staff (the attendee stays registered).',
    params: BoothStaffParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted booth staff member.' }) },
  }, async ({ auth, params }) => team.removeBoothStaff(auth.accountId, ...exhibitorPath(params), params.boothstaffId.toLowerCase()).then(() => null));
}
