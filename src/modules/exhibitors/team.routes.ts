import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes, type TypedApp } from '../../http/routes.js';
import { declareContentRoutes } from './content.routes.js';
import type { ExhibitorContentService } from './content.service.js';
import { declareQuestionRoutes } from './exhibitor-questions.routes.js';
import type { ExhibitorQuestionsService } from './exhibitor-questions.service.js';
import type { ExhibitorTeamService } from './team.service.js';
import {
  AdminInputSchema, AdminPageSchema, AdminParamsSchema, AdminSchema, BoothStaffInputSchema, BoothStaffPageSchema, BoothStaffParamsSchema, BoothStaffSchema,
  ExhibitorParamsSchema, TeamListQuerySchema,
} from './team.schemas.js';

const tags = ['Exhibitor Team'];
const BASE = '/events/:id/exhibitors/:exhibitorId';
/** Path ids as stored (lower case): a client may send a UUID in capitals. */
const lc = (s: string): string => s.toLowerCase();

/** The operations of the team, content and questions parts (team.module.ts). */
export function teamPartRoutes(team: ExhibitorTeamService, content: ExhibitorContentService, questions: ExhibitorQuestionsService) {
  return typedRoutes((app) => {
    declareTeamRoutes(app, team);
    declareContentRoutes(app, content);
    declareQuestionRoutes(app, questions);
  });
}

/** The Exhibitor Team tag: admins and booth staff of an exhibitor. */
function declareTeamRoutes(app: TypedApp, team: ExhibitorTeamService): void {
  registerList(app, {
    path: `${BASE}/admins`, params: ExhibitorParamsSchema, errors: [404], tags, operationId: 'listExhibitorAdmins', summary: 'List Exhibitor Admins',
    scope: 'exhibitor/exhibitor-admins:read',
    description: 'The admins of the exhibitor, oldest first. An exhibitor of another event or account is 404.',
    query: TeamListQuerySchema, page: AdminPageSchema, list: (auth, query, p) => team.listAdmins(auth.accountId, lc(p.id), lc(p.exhibitorId), query),
  });

  app.post(`${BASE}/admins`, {
    schema: {
      tags, operationId: 'postExhibitorAdmin', summary: 'Create Exhibitor Admin', security: oauth('exhibitor/exhibitor-admins:write'),
      description: 'Creates an exhibitor admin. `exhibitor.id` must be the exhibitor of the path (400). An exhibitor has one admin per email '
        + '(compared without case): a second is 400 (the reference has no 409 here).',
      params: ExhibitorParamsSchema, body: AdminInputSchema, response: { 201: AdminSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => reply.code(201).send(await team.createAdmin(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), request.body)));

  app.get(`${BASE}/admins/:adminId`, {
    schema: {
      tags, operationId: 'getExhibitorAdmin', summary: 'Get Exhibitor Admin', security: oauth('exhibitor/exhibitor-admins:read'),
      description: 'One admin of the exhibitor: name and email.',
      params: AdminParamsSchema, response: { 200: AdminSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => team.getAdmin(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.adminId)));

  app.put(`${BASE}/admins/:adminId`, {
    schema: {
      tags, operationId: 'updateExhibitorAdmin', summary: 'Update Exhibitor Admin', security: oauth('exhibitor/exhibitor-admins:write'),
      description: 'Replaces the admin\'s name and email (the same rules as creating one).',
      params: AdminParamsSchema, body: AdminInputSchema, response: { 200: AdminSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => team.updateAdmin(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.adminId), request.body));

  registerList(app, {
    path: `${BASE}/booth-staff`, params: ExhibitorParamsSchema, errors: [404], tags, operationId: 'listBoothStaff', summary: 'List Booth Staff',
    scope: 'exhibitor/booth-staff:read',
    description: 'The booth staff of the exhibitor (attendees of its event), oldest first.',
    query: TeamListQuerySchema, page: BoothStaffPageSchema, list: (auth, query, p) => team.listBoothStaff(auth.accountId, lc(p.id), lc(p.exhibitorId), query),
  });

  app.post(`${BASE}/booth-staff`, {
    schema: {
      tags, operationId: 'associateBoothStaff', summary: 'Create Booth Staff', security: oauth('exhibitor/booth-staff:write'),
      description: 'Makes an attendee booth staff of the exhibitor. The attendee must be registered for the exhibitor\'s event in this account: '
        + 'any other id (another event\'s attendee, another account\'s, none) is 400 and stores nothing. `event.id` and `exhibitor.id` must be the '
        + 'path\'s (400). An attendee is booth staff of an exhibitor once: a second time is 400 (the reference has no 409 here).',
      params: ExhibitorParamsSchema, body: BoothStaffInputSchema, response: { 201: BoothStaffSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => reply.code(201).send(await team.addBoothStaff(requireAuth(request), lc(request.params.id), lc(request.params.exhibitorId), request.body)));

  app.get(`${BASE}/booth-staff/:boothstaffId`, {
    schema: {
      tags, operationId: 'getBoothStaff', summary: 'Get Booth Staff member', security: oauth('exhibitor/booth-staff:read'),
      description: 'The attendee id of one booth staff member.',
      params: BoothStaffParamsSchema, response: { 200: BoothStaffSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request) => team.getBoothStaff(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.boothstaffId)));

  app.delete(`${BASE}/booth-staff/:boothstaffId`, {
    schema: {
      tags, operationId: 'deleteBoothStaff', summary: 'Delete Booth Staff member', security: oauth('exhibitor/booth-staff:delete'),
      description: 'Removes the attendee from the exhibitor\'s booth staff (the attendee stays registered).',
      params: BoothStaffParamsSchema,
      response: { 204: Type.Null({ description: 'Successfully deleted booth staff member.' }), ...errorResponses(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => {
    await team.removeBoothStaff(requireAuth(request).accountId, lc(request.params.id), lc(request.params.exhibitorId), lc(request.params.boothstaffId));
    return reply.code(204).send(null);
  });
}
