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
function scimMediaType(accept: string | undefined): string {
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
function withAnswer(reply: FastifyReply, answer: ScimAnswer<object>): FastifyReply {
  return reply.header('etag', answer.etag).header('location', answer.location).send(answer.resource);
}

/** A single resource: ETag, Location, and 304 for a matching If-None-Match. */
function single(request: IfNoneMatch, reply: FastifyReply, answer: ScimAnswer<object>): FastifyReply {
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

type ScimOperation = ReturnType<typeof scimOperations>;

const NOT_MODIFIED = { 304: { description: 'Not modified (If-None-Match).', type: 'null' } };
const PROJECTION = { querystring: ProjectionQuerySchema };
const IF_MATCH = { params: IdParamsSchema, headers: IfMatchHeadersSchema };

/** A resource type: its schemas, the operationIds of list, create, get, replace, patch and delete, and eventline's words for all but get. */
interface ScimResource {
  readonly kind: 'User' | 'Group';
  readonly schema: TSchema;
  readonly input: TSchema;
  readonly list: TSchema;
  readonly ids: readonly [string, string, string, string, string, string];
  readonly words: readonly [string, string, string, string, string];
}

/** The six operations on the resources of one type, each a call of the service's method for that type (listUsers, createGroup...). */
function resourceOperations(op: ScimOperation, scim: ScimService, r: ScimResource): void {
  const { kind, schema, input } = r;
  const [listId, createId, getId, replaceId, patchId, deleteId] = r.ids;
  const [lists, creates, replaces, patches, deletes] = r.words;
  const noun = kind.toLowerCase();
  op(listId, { description: lists, querystring: ScimListQuerySchema, response: { 200: ok(r.list, `Successfully retrieved a paginated list of ${kind}s.`) } },
    async (request) => scim[`list${kind}s`](request.auth.accountId, request.query));
  op(createId, { description: creates, ...PROJECTION, schema: body(input), response: { 201: ok(schema, `Successfully created a ${noun}.`) }, errors: [409] },
    async (request, reply) => withAnswer(reply, await scim[`create${kind}`](request.auth, request.body, request.query)));
  op(getId, { params: IdParamsSchema, ...PROJECTION, headers: IfNoneMatchHeadersSchema, response: { 200: ok(schema, `Successfully retrieved a ${noun}.`), ...NOT_MODIFIED } },
    async (request, reply) => single(request, reply, await scim[`get${kind}`](request.auth.accountId, request.params.id, request.query)));
  op(replaceId, { description: replaces, ...IF_MATCH, ...PROJECTION, schema: body(input), response: { 200: ok(schema, `Successfully updated a ${noun}.`) }, errors: [409, 412] },
    async (request, reply) => withAnswer(reply, await scim[`replace${kind}`](request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));
  op(patchId, { description: patches, ...IF_MATCH, ...PROJECTION, schema: body(PatchOpSchema), response: { 200: ok(schema, `Successfully patched a ${noun}.`) }, errors: [409, 412] },
    async (request, reply) => withAnswer(reply, await scim[`patch${kind}`](request.auth, request.params.id, request.body, request.headers['if-match'], request.query)));
  op(deleteId, { description: deletes, ...IF_MATCH, response: { 204: { description: `Successfully deleted a ${noun}.`, type: 'null' } }, errors: [412] },
    async (request, reply) => scim[`delete${kind}`](request.auth, request.params.id, request.headers['if-match']).then(() => reply.send()));
}

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

    resourceOperations(op, scim, {
      kind: 'User', schema: ScimUserSchema, input: ScimUserInputSchema, list: ScimUserListSchema,
      ids: ['listUsers', 'createUser', 'getUser', 'updateUser', 'patchUser', 'deleteUser'],
      words: [
        'The account\'s users, oldest first, a page at a time by startIndex and count. The filter runs in the database. Filterable: id, externalId, userName, '
          + 'name.givenName, name.familyName, name.middleName, name.formatted, displayName, title, locale, timezone, preferredLanguage, active, emails (value, type), '
          + 'groups (value, display), roles (value), meta.created, meta.lastModified.',
        'Creates an account user. userName is unique in the account, the email across the server (409 uniqueness). With neither groups nor roles '
          + 'the user joins the Developers group (least privilege). Without a password the user cannot sign in until one is set (PUT or PATCH password).',
        'Replaces the user. Attributes left out are cleared, except emails (the sign-in email stays), active, password, groups and roles (kept). '
          + 'active: false signs the user out everywhere and stops their tokens at once.',
        'eventline extension, not in the reference (identity providers call it): RFC 7644 §3.5.2 PATCH with add, remove and replace, with or without a '
          + 'path, value filters (emails[type eq "work"].value), op names in any case and "True"/"False" strings (as Entra ID sends them).',
        'Deletes the user: their sessions and authorization codes end, they leave their groups and workspaces, and the applications they created are revoked. '
          + 'Audit fields elsewhere (createdBy, lastModifiedBy) keep their id.',
      ],
    });

    // The account's user groups, the same as /account-user-groups.
    resourceOperations(op, scim, {
      kind: 'Group', schema: ScimGroupSchema, input: ScimGroupInputSchema, list: ScimGroupListSchema,
      ids: ['getUserGroups', 'createScimGroup', 'getScimGroup', 'updateScimGroup', 'patchScimGroup', 'deleteScimGroup'],
      words: [
        'The account\'s user groups (the same as /account-user-groups; a group may give its members a role), oldest first. Filterable: id, externalId, '
          + 'displayName, members (value), meta.created, meta.lastModified. excludedAttributes=members leaves the members out.',
        'eventline extension: creates an account user group, with its members. displayName is unique in the account (409 uniqueness).',
        'eventline extension: replaces displayName and externalId; members when sent (absent: kept); role and description when sent (absent: kept).',
        'eventline extension: RFC 7644 PATCH. Members are added (add members), removed (remove members with a value list, or members[value eq "id"]), '
          + 'or replaced; displayName, externalId, role and description changed. A member\'s role follows at once.',
        'eventline extension: deletes the group; its members lose the role it gave them at once.',
      ],
    });
  });
}
