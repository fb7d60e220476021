import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ApiError } from '../../errors.js';
import { oauth, requireAuth } from '../../http/auth.js';
import { addJsonBodyParser } from '../../http/body.js';
import { asApiError } from '../../http/errors.js';
import { SCIM_TYPES } from './identity.errors.js';
import { ERROR_URN } from './scim.definitions.js';
import type { ScimAnswer, ScimService } from './scim.service.js';
import {
  IdParamsSchema, IfMatchHeadersSchema, IfNoneMatchHeadersSchema, PatchOpSchema, ProjectionQuerySchema, ResourceTypeParamsSchema, SCIM_MEDIA_TYPE,
  SchemaIdParamsSchema, ScimErrorSchema, ScimGroupInputSchema, ScimGroupListSchema, ScimGroupSchema, ScimListQuerySchema, ScimResourceTypeListSchema,
  ScimResourceTypeSchema, ScimSchemaListSchema, ScimSchemaSchema, ScimUserInputSchema, ScimUserListSchema, ScimUserSchema, ServiceProviderConfigSchema,
} from './scim.schemas.js';

const tags = ['User SCIM'];
const CONTENT_TYPE = `${SCIM_MEDIA_TYPE}; charset=utf-8`;
const READ = oauth('account/users:read');
const WRITE = oauth('account/users:write');
const DELETE = oauth('account/users:delete');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request (scimType: invalidFilter, invalidSyntax, invalidValue, invalidPath, mutability, noTarget)', 401: 'Bad or expired token',
  403: 'A required scope is missing', 404: 'Resource not found', 409: 'Conflict (scimType: uniqueness)', 412: 'Precondition failed: If-Match does not match the resource\'s version',
  429: 'Too many requests',
};

/** Responses in application/scim+json: the success ones given, and the SCIM error shape for each error status. */
function responses(ok: Record<number, { schema?: TSchema; description: string }>, errors: readonly number[]) {
  const out: Record<number, unknown> = {};
  for (const [status, r] of Object.entries(ok)) {
    out[Number(status)] = r.schema ? { description: r.description, content: { [SCIM_MEDIA_TYPE]: { schema: r.schema } } } : { description: r.description, type: 'null' };
  }
  for (const status of errors) out[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { [SCIM_MEDIA_TYPE]: { schema: ScimErrorSchema } } };
  return out;
}

/** A request body taken as application/scim+json (RFC 7644 §3.1) or application/json. */
function body(schema: TSchema) {
  return { content: { [SCIM_MEDIA_TYPE]: { schema }, 'application/json': { schema } } };
}

function scimTypeOf(error: FastifyError | ApiError, api: ApiError): string | undefined {
  if (SCIM_TYPES.has(api.name)) return api.name;
  if (!(error instanceof ApiError) && error.validation) return error.validationContext === 'body' ? 'invalidSyntax' : 'invalidValue';
  if (api.status === 400 && api.options.target === 'body') return 'invalidSyntax';
  // A value the service refuses (a password too short, say) is the client's invalid value.
  if (api.status === 400 && (api.name === 'validation' || api.options.target !== undefined)) return 'invalidValue';
  return undefined;
}

function sendScimError(reply: FastifyReply, status: number, detail: string, scimType?: string, headers?: Record<string, string>): FastifyReply {
  if (headers) reply.headers(headers);
  return reply.code(status).type(CONTENT_TYPE).send({ schemas: [ERROR_URN], status, ...(scimType !== undefined ? { scimType } : {}), detail });
}

/** Every error on the SCIM paths in RFC 7644 §3.12 form (a deliberate exception to the contract's error shape, for /scim only). */
function scimErrorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const api = asApiError(error, request);
  const detail = api.status === 415 ? `Unsupported Media Type: send ${SCIM_MEDIA_TYPE} or application/json` : api.message;
  return sendScimError(reply, api.status, detail, scimTypeOf(error, api), api.options.headers);
}

function withAnswer<T>(reply: FastifyReply, answer: ScimAnswer<T>, status = 200): FastifyReply {
  return reply.code(status).type(CONTENT_TYPE).header('etag', answer.etag).header('location', answer.location).send(answer.resource);
}

type Projection = Static<typeof ProjectionQuerySchema>;
type ListQuery = Static<typeof ScimListQuerySchema>;
type IdParams = Static<typeof IdParamsSchema>;
type IfMatch = Static<typeof IfMatchHeadersSchema>;
type IfNoneMatch = Static<typeof IfNoneMatchHeadersSchema>;

/** SCIM 2.0 at /{version}/scim/v2 (RFC 7644): the reference's User SCIM operations, and what identity providers also call. */
export function scimRoutes(scim: ScimService) {
  return async function routes(root: FastifyInstance): Promise<void> {
    // Everything under /scim answers in SCIM's shape, unknown paths included; the operations live under /scim/v2.
    await root.register(async (scimRoot) => {
      addJsonBodyParser(scimRoot, SCIM_MEDIA_TYPE);
      scimRoot.setErrorHandler(scimErrorHandler);
      scimRoot.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        void sendScimError(reply, 404, `No SCIM operation ${request.method} ${path.slice(0, 200)}`);
      });
      await scimRoot.register(async (app) => operations(app), { prefix: '/v2' });
    }, { prefix: '/scim' });
  };

  async function operations(app: FastifyInstance): Promise<void> {

    const get = <Q, P>(url: string, schema: FastifySchema, handler: (request: FastifyRequest<{ Querystring: Q; Params: P; Headers: IfNoneMatch }>, reply: FastifyReply) => Promise<unknown>) =>
      app.get<{ Querystring: Q; Params: P; Headers: IfNoneMatch }>(url, { schema: { tags, ...schema } }, async (request, reply) => {
        reply.type(CONTENT_TYPE);
        return handler(request, reply);
      });

    /** A single resource: ETag, Location, and 304 for a matching If-None-Match. */
    const single = <T>(request: FastifyRequest<{ Headers: IfNoneMatch }>, reply: FastifyReply, answer: ScimAnswer<T>) => {
      const seen = request.headers['if-none-match'];
      if (seen !== undefined && seen.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(answer.etag.replace(/^W\//, ''))) {
        return reply.code(304).header('etag', answer.etag).send();
      }
      return withAnswer(reply, answer);
    };

    // ---- discovery --------------------------------------------------------------
    get('/ServiceProviderConfig', {
      operationId: 'getServiceProviderConfig', summary: 'Get Service Provider Config', security: READ,
      description: 'What eventline supports of SCIM: PATCH, filters (at most 200 results a page), ETags, password changes; no bulk, no sorting.',
      response: responses({ 200: { schema: ServiceProviderConfigSchema, description: 'Successfully retrieved Service Provider Config.' } }, [401, 403, 429]),
    }, async () => scim.discovery.serviceProviderConfig());

    get('/Schemas', {
      operationId: 'getSchemas', summary: 'List Schemas', security: READ,
      description: 'The schemas of the User and Group resources and their extensions, describing exactly the attributes eventline keeps.',
      response: responses({ 200: { schema: ScimSchemaListSchema, description: 'Successfully retrieved a list of schemas.' } }, [401, 403, 429]),
    }, async () => scim.discovery.listSchemas());

    get<unknown, Static<typeof SchemaIdParamsSchema>>('/Schemas/:id', {
      operationId: 'getSchema', summary: 'Get Schema', security: READ, params: SchemaIdParamsSchema,
      response: responses({ 200: { schema: ScimSchemaSchema, description: 'Successfully retrieved a schema.' } }, [400, 401, 403, 404, 429]),
    }, async (request) => scim.discovery.getSchema(request.params.id));

    get('/ResourceTypes', {
      operationId: 'getResourceTypes', summary: 'List Resource Types', security: READ,
      response: responses({ 200: { schema: ScimResourceTypeListSchema, description: 'Successfully retrieved a list of Resource Types.' } }, [401, 403, 429]),
    }, async () => scim.discovery.listResourceTypes());

    get<unknown, Static<typeof ResourceTypeParamsSchema>>('/ResourceTypes/:id', {
      operationId: 'getResourceType', summary: 'Get Resource Type', security: READ, params: ResourceTypeParamsSchema,
      response: responses({ 200: { schema: ScimResourceTypeSchema, description: 'Successfully retrieved a Resource.' } }, [400, 401, 403, 404, 429]),
    }, async (request) => scim.discovery.getResourceType(request.params.id));

    // ---- users --------------------------------------------------------------------
    get<ListQuery, unknown>('/Users', {
      operationId: 'listUsers', summary: 'List Users', security: READ, querystring: ScimListQuerySchema,
      description: 'The account\'s users, oldest first, a page at a time by startIndex and count. The filter runs in the database. Filterable: id, externalId, userName, '
        + 'name.givenName, name.familyName, name.middleName, name.formatted, displayName, title, locale, timezone, preferredLanguage, active, emails (value, type), '
        + 'groups (value, display), roles (value), meta.created, meta.lastModified.',
      response: responses({ 200: { schema: ScimUserListSchema, description: 'Successfully retrieved a paginated list of Users.' } }, [400, 401, 403, 429]),
    }, async (request) => scim.listUsers(requireAuth(request).accountId, request.query));

    app.post<{ Querystring: Projection; Body: unknown }>('/Users', {
      schema: {
        tags, operationId: 'createUser', summary: 'Create User', security: WRITE, querystring: ProjectionQuerySchema, body: body(ScimUserInputSchema),
        description: 'Creates an account user. userName is unique in the account, the email across the server (409 uniqueness). With neither groups nor roles '
          + 'the user joins the Developers group (least privilege). Without a password the user cannot sign in until one is set (PUT or PATCH password).',
        response: responses({ 201: { schema: ScimUserSchema, description: 'Successfully created a user.' } }, [400, 401, 403, 409, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.createUser(requireAuth(request), request.body, request.query), 201));

    get<Projection, IdParams>('/Users/:id', {
      operationId: 'getUser', summary: 'Get User', security: READ, params: IdParamsSchema, querystring: ProjectionQuerySchema, headers: IfNoneMatchHeadersSchema,
      response: responses({ 200: { schema: ScimUserSchema, description: 'Successfully retrieved a user.' }, 304: { description: 'Not modified (If-None-Match).' } }, [400, 401, 403, 404, 429]),
    }, async (request, reply) => single(request, reply, await scim.getUser(requireAuth(request).accountId, request.params.id, request.query)));

    app.put<{ Params: IdParams; Querystring: Projection; Headers: IfMatch; Body: unknown }>('/Users/:id', {
      schema: {
        tags, operationId: 'updateUser', summary: 'Update User', security: WRITE, params: IdParamsSchema, querystring: ProjectionQuerySchema, headers: IfMatchHeadersSchema,
        body: body(ScimUserInputSchema),
        description: 'Replaces the user. Attributes left out are cleared, except emails (the sign-in email stays), active, password, groups and roles (kept). '
          + 'active: false signs the user out everywhere and stops their tokens at once.',
        response: responses({ 200: { schema: ScimUserSchema, description: 'Successfully updated a user.' } }, [400, 401, 403, 404, 409, 412, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.replaceUser(requireAuth(request), request.params.id, request.body, request.headers['if-match'], request.query)));

    app.patch<{ Params: IdParams; Querystring: Projection; Headers: IfMatch; Body: unknown }>('/Users/:id', {
      schema: {
        tags, operationId: 'patchUser', summary: 'Patch User (eventline extension)', security: WRITE, params: IdParamsSchema, querystring: ProjectionQuerySchema,
        headers: IfMatchHeadersSchema, body: body(PatchOpSchema),
        description: 'eventline extension, not in the reference (identity providers call it): RFC 7644 §3.5.2 PATCH with add, remove and replace, with or without a '
          + 'path, value filters (emails[type eq "work"].value), op names in any case and "True"/"False" strings (as Entra ID sends them).',
        response: responses({ 200: { schema: ScimUserSchema, description: 'Successfully patched a user.' } }, [400, 401, 403, 404, 409, 412, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.patchUser(requireAuth(request), request.params.id, request.body, request.headers['if-match'], request.query)));

    app.delete<{ Params: IdParams; Headers: IfMatch }>('/Users/:id', {
      schema: {
        tags, operationId: 'deleteUser', summary: 'Delete User', security: DELETE, params: IdParamsSchema, headers: IfMatchHeadersSchema,
        description: 'Deletes the user: their sessions and authorization codes end, they leave their groups and workspaces, and the applications they created are revoked. '
          + 'Audit fields elsewhere (createdBy, lastModifiedBy) keep their id.',
        response: responses({ 204: { description: 'Successfully deleted a User.' } }, [400, 401, 403, 404, 412, 429]),
      },
    }, async (request, reply) => {
      await scim.deleteUser(requireAuth(request), request.params.id, request.headers['if-match']);
      return reply.code(204).send();
    });

    // ---- groups ---------------------------------------------------------------------
    get<ListQuery, unknown>('/Groups', {
      operationId: 'getUserGroups', summary: 'Get SCIM Groups', security: READ, querystring: ScimListQuerySchema,
      description: 'The account\'s user groups (the same as /account-user-groups; a group may give its members a role), oldest first. '
        + 'Filterable: id, externalId, displayName, members (value), meta.created, meta.lastModified. excludedAttributes=members leaves the members out.',
      response: responses({ 200: { schema: ScimGroupListSchema, description: 'Successfully retrieved a list of SCIM groups.' } }, [400, 401, 403, 429]),
    }, async (request) => scim.listGroups(requireAuth(request).accountId, request.query));

    app.post<{ Querystring: Projection; Body: unknown }>('/Groups', {
      schema: {
        tags, operationId: 'createScimGroup', summary: 'Create SCIM Group (eventline extension)', security: WRITE, querystring: ProjectionQuerySchema, body: body(ScimGroupInputSchema),
        description: 'eventline extension: creates an account user group, with its members. displayName is unique in the account (409 uniqueness).',
        response: responses({ 201: { schema: ScimGroupSchema, description: 'Successfully created a group.' } }, [400, 401, 403, 409, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.createGroup(requireAuth(request), request.body, request.query), 201));

    get<Projection, IdParams>('/Groups/:id', {
      operationId: 'getScimGroup', summary: 'Get SCIM Group (eventline extension)', security: READ, params: IdParamsSchema, querystring: ProjectionQuerySchema,
      headers: IfNoneMatchHeadersSchema,
      response: responses({ 200: { schema: ScimGroupSchema, description: 'Successfully retrieved a group.' }, 304: { description: 'Not modified (If-None-Match).' } }, [400, 401, 403, 404, 429]),
    }, async (request, reply) => single(request, reply, await scim.getGroup(requireAuth(request).accountId, request.params.id, request.query)));

    app.put<{ Params: IdParams; Querystring: Projection; Headers: IfMatch; Body: unknown }>('/Groups/:id', {
      schema: {
        tags, operationId: 'updateScimGroup', summary: 'Update SCIM Group (eventline extension)', security: WRITE, params: IdParamsSchema, querystring: ProjectionQuerySchema,
        headers: IfMatchHeadersSchema, body: body(ScimGroupInputSchema),
        description: 'eventline extension: replaces displayName and externalId; members when sent (absent: kept); role and description when sent (absent: kept).',
        response: responses({ 200: { schema: ScimGroupSchema, description: 'Successfully updated a group.' } }, [400, 401, 403, 404, 409, 412, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.replaceGroup(requireAuth(request), request.params.id, request.body, request.headers['if-match'], request.query)));

    app.patch<{ Params: IdParams; Querystring: Projection; Headers: IfMatch; Body: unknown }>('/Groups/:id', {
      schema: {
        tags, operationId: 'patchScimGroup', summary: 'Patch SCIM Group (eventline extension)', security: WRITE, params: IdParamsSchema, querystring: ProjectionQuerySchema,
        headers: IfMatchHeadersSchema, body: body(PatchOpSchema),
        description: 'eventline extension: RFC 7644 PATCH. Members are added (add members), removed (remove members with a value list, or members[value eq "id"]), '
          + 'or replaced; displayName, externalId, role and description changed. A member\'s role follows at once.',
        response: responses({ 200: { schema: ScimGroupSchema, description: 'Successfully patched a group.' } }, [400, 401, 403, 404, 409, 412, 429]),
      },
    }, async (request, reply) => withAnswer(reply, await scim.patchGroup(requireAuth(request), request.params.id, request.body, request.headers['if-match'], request.query)));

    app.delete<{ Params: IdParams; Headers: IfMatch }>('/Groups/:id', {
      schema: {
        tags, operationId: 'deleteScimGroup', summary: 'Delete SCIM Group (eventline extension)', security: DELETE, params: IdParamsSchema, headers: IfMatchHeadersSchema,
        description: 'eventline extension: deletes the group; its members lose the role it gave them at once.',
        response: responses({ 204: { description: 'Successfully deleted a group.' } }, [400, 401, 403, 404, 412, 429]),
      },
    }, async (request, reply) => {
      await scim.deleteGroup(requireAuth(request), request.params.id, request.headers['if-match']);
      return reply.code(204).send();
    });
  }
}
