import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { catalogueOperation } from '../../contract/catalogue.js';
import { ApiError } from '../../errors.js';
import { addJsonBodyParser } from '../../http/body.js';
import { asApiError } from '../../http/errors.js';
import { operations, routeSchema, type OperationHandler, type OperationOptions, type Operations } from '../../http/operations.js';
import { SCIM_TYPES } from './identity.errors.js';
import { ERROR_URN } from './scim.definitions.js';
import type { ScimAnswer, ScimService } from './scim.service.js';
import {
  IdParamsSchema, IfMatchHeadersSchema, IfNoneMatchHeadersSchema, PatchOpSchema, ProjectionQuerySchema, ResourceTypeParamsSchema, SCIM_MEDIA_TYPE,
  SchemaIdParamsSchema, ScimErrorSchema, ScimGroupInputSchema, ScimGroupListSchema, ScimGroupSchema, ScimListQuerySchema, ScimResourceTypeListSchema,
  ScimResourceTypeSchema, ScimSchemaListSchema, ScimSchemaSchema, ScimUserInputSchema, ScimUserListSchema, ScimUserSchema, ServiceProviderConfigSchema,
} from './scim.schemas.js';

const JSON_MEDIA_TYPE = 'application/json';

/**
 * The media type of a SCIM answer, errors included: application/json when the Accept header names it above
 * application/scim+json (the reference declares application/json for /scim/v2, and its vendor's SDK refuses
 * anything else); application/scim+json otherwise, as RFC 7644 §8.1 says: no Accept, a wildcard, or
 * application/scim+json named at least as high.
 */
export function scimMediaType(accept: string | undefined): string {
  let json = 0;
  let scim = 0;
  for (const part of (accept ?? '').split(',')) {
    const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? 1);
    if (!(q > 0)) continue;
    if (range === JSON_MEDIA_TYPE) json = Math.max(json, q);
    else if (range === SCIM_MEDIA_TYPE) scim = Math.max(scim, q);
  }
  return json > scim ? JSON_MEDIA_TYPE : SCIM_MEDIA_TYPE;
}

const contentType = (request: FastifyRequest): string => `${scimMediaType(request.headers.accept)}; charset=utf-8`;

/** A schema in both media types a SCIM answer may have (Fastify serializes by the reply's type: both must be there). */
const content = (schema: TSchema) => ({ content: { [SCIM_MEDIA_TYPE]: { schema }, [JSON_MEDIA_TYPE]: { schema } } });
/** A success response with a body. */
const ok = (schema: TSchema, description: string) => ({ description, ...content(schema) });
/** A request body taken as application/scim+json (RFC 7644 §3.1) or application/json. */
const body = (schema: TSchema) => ({ body: content(schema) });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request (scimType: invalidFilter, invalidSyntax, invalidValue, invalidPath, mutability, noTarget)', 401: 'Bad or expired token',
  403: 'A required scope is missing', 404: 'Resource not found', 409: 'Conflict (scimType: uniqueness)', 412: 'Precondition failed: If-Match does not match the resource\'s version',
  429: 'Too many requests',
};

/** The RFC 7644 error shape for every error status the operation answers (those `op` would give the contract's shape). */
function scimErrors(operationId: string, errors: readonly number[] | undefined): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of Object.keys(routeSchema(catalogueOperation(operationId), { errors }).response ?? {}).map(Number)) {
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error', ...content(ScimErrorSchema) };
  }
  return out;
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
  return reply.code(status).type(contentType(reply.request)).send({ schemas: [ERROR_URN], status, ...(scimType !== undefined ? { scimType } : {}), detail });
}

/** Every error on the SCIM paths in RFC 7644 §3.12 form (a deliberate exception to the contract's error shape, for /scim only). */
function scimErrorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const api = asApiError(error, request);
  const detail = api.status === 415 ? `Unsupported Media Type: send ${SCIM_MEDIA_TYPE} or application/json` : api.message;
  return sendScimError(reply, api.status, detail, scimTypeOf(error, api), api.options.headers);
}

type IfNoneMatch = { readonly headers: { readonly 'if-none-match'?: string | undefined } };

/** The answer of a write: the resource, its ETag and Location. */
function withAnswer<T>(reply: FastifyReply, answer: ScimAnswer<T>): FastifyReply {
  return reply.header('etag', answer.etag).header('location', answer.location).send(answer.resource);
}

/** A single resource: ETag, Location, and 304 for a matching If-None-Match. */
function single<T>(request: IfNoneMatch, reply: FastifyReply, answer: ScimAnswer<T>): FastifyReply {
  const seen = request.headers['if-none-match'];
  if (seen !== undefined && seen.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(answer.etag.replace(/^W\//, ''))) {
    return reply.code(304).header('etag', answer.etag).send();
  }
  return withAnswer(reply, answer);
}

/**
 * SCIM's operations are declared like the others, with two differences: every error is an RFC 7644 error
 * (documented so, and rendered so by the SCIM error handler), and an answer with a body has the negotiated
 * media type, set before the handler runs.
 */
function scimOperations(op: Operations) {
  return <P extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, H extends TSchema | undefined = undefined,
    R extends Readonly<Record<number, unknown>> | undefined = undefined>(
    operationId: string, options: OperationOptions<P, Q, undefined, H, R>, handler: OperationHandler<P, Q, undefined, H, R>): void => {
    const answersBody = Object.keys(options.response ?? {}).some((s) => s.startsWith('2') && s !== '204');
    const response = { ...scimErrors(operationId, options.errors), ...options.response } as unknown as R;
    op<P, Q, undefined, H, R>(operationId, { ...options, response }, async (request, reply) => {
      if (answersBody) reply.type(contentType(request));
      return handler(request, reply);
    });
  };
}

const NOT_MODIFIED = { 304: { description: 'Not modified (If-None-Match).', type: 'null' } };
const NO_CONTENT = (description: string) => ({ 204: { description, type: 'null' } });

/** SCIM 2.0 at /{version}/scim/v2 (RFC 7644): the reference's User SCIM operations, and what identity providers also call. */
export function scimRoutes(scim: ScimService) {
  return operations(async (operation) => {
    const { app } = operation;
    addJsonBodyParser(app, SCIM_MEDIA_TYPE);
    app.setErrorHandler(scimErrorHandler);
    // Everything under /scim answers in SCIM's shape, unknown paths included.
    await app.register(async (scimRoot) => {
      scimRoot.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        void sendScimError(reply, 404, `No SCIM operation ${request.method} ${path.slice(0, 200)}`);
      });
    }, { prefix: '/scim' });
    const op = scimOperations(operation);
    const write = { querystring: ProjectionQuerySchema };
    const replace = { params: IdParamsSchema, querystring: ProjectionQuerySchema, headers: IfMatchHeadersSchema };
    const read = { params: IdParamsSchema, querystring: ProjectionQuerySchema, headers: IfNoneMatchHeadersSchema };

    // ---- discovery --------------------------------------------------------------
    op('getServiceProviderConfig', {
      description: 'What eventline supports of SCIM: PATCH, filters (at most 200 results a page), ETags, password changes; no bulk, no sorting.',
      response: { 200: ok(ServiceProviderConfigSchema, 'Successfully retrieved Service Provider Config.') },
    }, async () => scim.discovery.serviceProviderConfig());

    op('getSchemas', {
      description: 'The schemas of the User and Group resources and their extensions, describing exactly the attributes eventline keeps.',
      response: { 200: ok(ScimSchemaListSchema, 'Successfully retrieved a list of schemas.') },
    }, async () => scim.discovery.listSchemas());

    op('getSchema', { params: SchemaIdParamsSchema, response: { 200: ok(ScimSchemaSchema, 'Successfully retrieved a schema.') } },
      async (request) => scim.discovery.getSchema(request.params.id));

    op('getResourceTypes', { response: { 200: ok(ScimResourceTypeListSchema, 'Successfully retrieved a list of Resource Types.') } },
      async () => scim.discovery.listResourceTypes());

    op('getResourceType', { params: ResourceTypeParamsSchema, response: { 200: ok(ScimResourceTypeSchema, 'Successfully retrieved a Resource.') } },
      async (request) => scim.discovery.getResourceType(request.params.id));

    // ---- users --------------------------------------------------------------------
    op('listUsers', {
      description: 'The account\'s users, oldest first, a page at a time by startIndex and count. The filter runs in the database. Filterable: id, externalId, userName, '
        + 'name.givenName, name.familyName, name.middleName, name.formatted, displayName, title, locale, timezone, preferredLanguage, active, emails (value, type), '
        + 'groups (value, display), roles (value), meta.created, meta.lastModified.',
      querystring: ScimListQuerySchema, response: { 200: ok(ScimUserListSchema, 'Successfully retrieved a paginated list of Users.') },
    }, async (request) => scim.listUsers(request.auth.accountId, request.query));

    op('createUser', {
      description: 'Creates an account user. userName is unique in the account, the email across the server (409 uniqueness). With neither groups nor roles '
        + 'the user joins the Developers group (least privilege). Without a password the user cannot sign in until one is set (PUT or PATCH password).',
      ...write, schema: body(ScimUserInputSchema), response: { 201: ok(ScimUserSchema, 'Successfully created a user.') },
    }, async (request, reply) => withAnswer(reply, await scim.createUser(request.auth, request.body, request.query)));

    op('getUser', { ...read, response: { 200: ok(ScimUserSchema, 'Successfully retrieved a user.'), ...NOT_MODIFIED } },
      async (request, reply) => single(request, reply, await scim.getUser(request.auth.accountId, request.params.id, request.query)));

    op('updateUser', {
      description: 'Replaces the user. Attributes left out are cleared, except emails (the sign-in email stays), active, password, groups and roles (kept). '
        + 'active: false signs the user out everywhere and stops their tokens at once.',
      ...replace, schema: body(ScimUserInputSchema), response: { 200: ok(ScimUserSchema, 'Successfully updated a user.') }, errors: [409, 412],
    }, async (request, reply) => withAnswer(reply, await scim.replaceUser(request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));

    op('patchUser', {
      description: 'eventline extension, not in the reference (identity providers call it): RFC 7644 §3.5.2 PATCH with add, remove and replace, with or without a '
        + 'path, value filters (emails[type eq "work"].value), op names in any case and "True"/"False" strings (as Entra ID sends them).',
      ...replace, schema: body(PatchOpSchema), response: { 200: ok(ScimUserSchema, 'Successfully patched a user.') },
    }, async (request, reply) => withAnswer(reply, await scim.patchUser(request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));

    op('deleteUser', {
      description: 'Deletes the user: their sessions and authorization codes end, they leave their groups and workspaces, and the applications they created are revoked. '
        + 'Audit fields elsewhere (createdBy, lastModifiedBy) keep their id.',
      params: IdParamsSchema, headers: IfMatchHeadersSchema, response: NO_CONTENT('Successfully deleted a User.'), errors: [412],
    }, async (request, reply) => {
      await scim.deleteUser(request.auth, request.params.id, request.headers['if-match']);
      return reply.send();
    });

    // ---- groups ---------------------------------------------------------------------
    op('getUserGroups', {
      description: 'The account\'s user groups (the same as /account-user-groups; a group may give its members a role), oldest first. '
        + 'Filterable: id, externalId, displayName, members (value), meta.created, meta.lastModified. excludedAttributes=members leaves the members out.',
      querystring: ScimListQuerySchema, response: { 200: ok(ScimGroupListSchema, 'Successfully retrieved a list of SCIM groups.') },
    }, async (request) => scim.listGroups(request.auth.accountId, request.query));

    op('createScimGroup', {
      description: 'eventline extension: creates an account user group, with its members. displayName is unique in the account (409 uniqueness).',
      ...write, schema: body(ScimGroupInputSchema), response: { 201: ok(ScimGroupSchema, 'Successfully created a group.') },
    }, async (request, reply) => withAnswer(reply, await scim.createGroup(request.auth, request.body, request.query)));

    op('getScimGroup', { ...read, response: { 200: ok(ScimGroupSchema, 'Successfully retrieved a group.'), ...NOT_MODIFIED } },
      async (request, reply) => single(request, reply, await scim.getGroup(request.auth.accountId, request.params.id, request.query)));

    op('updateScimGroup', {
      description: 'eventline extension: replaces displayName and externalId; members when sent (absent: kept); role and description when sent (absent: kept).',
      ...replace, schema: body(ScimGroupInputSchema), response: { 200: ok(ScimGroupSchema, 'Successfully updated a group.') },
    }, async (request, reply) => withAnswer(reply, await scim.replaceGroup(request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));

    op('patchScimGroup', {
      description: 'eventline extension: RFC 7644 PATCH. Members are added (add members), removed (remove members with a value list, or members[value eq "id"]), '
        + 'or replaced; displayName, externalId, role and description changed. A member\'s role follows at once.',
      ...replace, schema: body(PatchOpSchema), response: { 200: ok(ScimGroupSchema, 'Successfully patched a group.') },
    }, async (request, reply) => withAnswer(reply, await scim.patchGroup(request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));

    op('deleteScimGroup', {
      description: 'eventline extension: deletes the group; its members lose the role it gave them at once.',
      params: IdParamsSchema, headers: IfMatchHeadersSchema, response: NO_CONTENT('Successfully deleted a group.'),
    }, async (request, reply) => {
      await scim.deleteGroup(request.auth, request.params.id, request.headers['if-match']);
      return reply.send();
    });
  });
}
