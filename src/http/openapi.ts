import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import YAML from 'yaml';
import type { Config } from '../config/index.js';
import { PUBLIC } from './auth.js';
import { idempotentOperations, withIdempotencyKeyParameter } from './idempotency.js';
import { SCOPES } from '../scopes.js';

const DESCRIPTION = `eventline is an open, self-hostable event management API that speaks the Cvent REST API contract
for every operation it implements.

* Every operation lives under \`/{version}\`; the current version is \`ea\`.
* Authenticate with OAuth 2.0 client credentials at \`POST /ea/oauth2/token\`; send \`Authorization: Bearer <token>\`.
  Tokens are valid for 3600 s. A call's scopes must be granted to both the workspace and the application.
* Lists return \`{ paging, data }\`; follow \`paging.nextToken\` with \`?token=\`. \`limit\` is 1-200 (default 100).
* Filters: \`field op 'value'\` with \`eq ne lt le gt ge sw ew co contains in (...)\`, \`is [not] empty\`, \`is [not] null\`,
  combined with \`and\` / \`or\` and parentheses. Each list documents its filterable fields.
* Errors: \`{ code, message, target?, details? }\`; 401 and 403 carry \`WWW-Authenticate: Bearer ...\`.`;

// The document's tags, name -> description, listed in the document in this order.
const TAGS: Readonly<Record<string, string>> = {
  Authentication: 'OAuth 2.0 token endpoint, authorization code flow, metadata and token validation.',
  File: 'Upload files and get a signed, expiring URL of their bytes by file ID. The file ID is used by other APIs to associate the file with an entity; unassociated files expire within 30 days. The type is checked on the content (magic bytes). Stored in a directory under DATA_DIR or an S3-compatible bucket (README, Files).',
  Events: 'Events; `format` Virtual or Hybrid answers "is any part of this event virtual?".',
  Contacts: 'The account\'s address book: people found by email or name (`filter=email eq \'...\'`). Emails and sourceIds are unique among active contacts; deleted contacts keep their data, purged (obfuscated) ones only their id.',
  Attendees: 'A contact\'s registration for an event, with the contact embedded. Added in batches (207 multi-status per item).',
  Bulk: 'Bulk jobs: upload records, run them asynchronously in a durable job, read a result per record. Job type: contact obfuscation (POST /contacts/{id}/obfuscate per record). Each account may have a limited number of jobs READY or RUNNING at once (409 beyond it).',
  Hooks: 'Contact hooks (the attendee identification service): eventline calls the hook\'s callback when a contact is created or identified and merges the answer into the contact. Callbacks are durable, retried, signed (Standard Webhooks) and go to public https addresses only; see README "Attendee identification".',
  Operations: 'Health and readiness probes.',
  Sessions: 'Sessions of events (Included: every attendee of the event; Optional: attendees enroll), session enrollment with capacity and waitlist, and attendance (check-in, 207 per item). A session can be virtual only in a Virtual or Hybrid event.',
  'Developer portal': 'The web UI\'s developer portal, outside the versioned API: a first-party sign-in session (HttpOnly, SameSite=Strict cookie `eventline_portal`) with a CSRF token sent back in `X-CSRF-Token` on every POST and DELETE. Workspaces, invitations, applications (the client secret is shown once) and revocation.',
  Compliance: 'Compliance communications (off until the operator enables the feature for the account): which message types are kept, and the email, chat and session Q&A messages of the last 30 days. Email content is a signed URL valid for 1 hour that serves the complete RFC 822 message.',
  'Session chat': 'For attendees of virtual sessions: chat messages, replies, reactions, questions and answers. Authenticated by the attendee\'s personal token in `X-Attendee-Token` (see README, Compliance communications), not by OAuth.',
  'Audit log': 'eventline extension: the account\'s append-only audit log of administrative actions (who changed which users, roles, workspaces, applications, scopes, secrets, features, SCIM users and groups and contact hooks; when, from where, in which request). Needs account/audit-log:read (docs/operations.md, Audit log).',
  Sandbox: 'eventline extension (issue 35): the request log of each application (its last requests: method, route pattern, status, latency, request id, redacted error message; never a body) and, where the deployment turns them on (SANDBOX_CONTROLS=1), sandbox controls per application: forced 429s, added latency, a share of 503s, and a moved clock for the daily quota. Each call a control acts on carries an `Eventline-Sandbox` header. See docs/sandbox.md.',
  'Webcast sync': 'eventline extension: the sync state of sessions held on an outside webcast platform (docs/sync.md): meeting id, last run, outcome, error and the conflicting edits resolved.',
  Users: 'The account\'s user groups (Account User Groups): every account starts with Administrators, Planners and Developers; a user\'s role is the highest role of its groups (developer when none gives one). The same groups are SCIM Groups.',
  'User SCIM': 'SCIM 2.0 (RFC 7643, RFC 7644) at /ea/scim/v2 for identity providers (Okta, Entra ID): the account\'s users and user groups. Requests are application/scim+json or application/json; responses application/scim+json, or application/json when the Accept header names it (the reference\'s type); errors are RFC 7644 §3.12 errors `{ schemas, status, scimType?, detail }`, not the contract\'s shape. Authenticate with a client-credentials token carrying account/users:* scopes, or an account SCIM token (`eventline scim-tokens create`). See README, Provisioning users with SCIM.',
  'Attendee Activities': 'The activities journal: what attendees did (check-ins with their duration, chat, Q&A, emails sent, join-link clicks, external activities), kept 2 years. Activities the reference has no type for are `session.external` / `event.external` activities named `eventline.*` (docs/engagement.md).',
  'Attendee Insights': 'Engagement scores per event: actions and their points, attendees\' points and ranks kept up to date as activities arrive, statistics, and (eventline extensions) defining scores and explaining an attendee\'s points.',
  Leads: 'Leads: attendees of an event scanned by an exhibitor\'s booth staff (an eventline extension operation), with qualification answers, notes and e-literature requests; each scan is a `lead.scanned` attendee activity. Leads copy the attendee\'s contact at the scan; obfuscating the contact clears them (docs/leads.md).',
  Webcasts: 'Webcasts of events and sessions (join, host, speaker and recording links) and personalized attendee join links. Linking a webcast to a session makes the session virtual.',
};

/** Registers the generator; call before the routes so it sees them all. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const tokenUrl = `${config.publicUrl}/${config.apiVersion}/oauth2/token`;
  const authorizationUrl = `${config.publicUrl}/${config.apiVersion}/oauth2/authorize`;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'eventline API', version: config.apiVersion, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: config.publicUrl, description: `Region: ${config.region}` }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          'OAuth2.clientCredentials': { type: 'oauth2', description: 'OAuth2 client credentials flow', flows: { clientCredentials: { tokenUrl, scopes: SCOPES } } },
          portalSession: { type: 'apiKey', in: 'cookie', name: 'eventline_portal', description: 'The developer portal\'s sign-in session (POST /portal/session); unsafe methods also need the X-CSRF-Token header.' },
          'OAuth2.authorizationCode': {
            type: 'oauth2', description: 'OAuth2 authorization code flow with PKCE, for planner users with the administrator role only',
            flows: { authorizationCode: { authorizationUrl, tokenUrl, scopes: SCOPES } },
          },
        },
      },
    },
    // Every POST and PUT that needs a bearer token takes Idempotency-Key (src/http/idempotency.ts).
    transformObject: (d) => ('openapiObject' in d ? withIdempotencyKeyParameter(d.openapiObject, idempotentOperations(app)) : d.swaggerObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`) },
  });
  const document = documentCache(app);
  // Its own context, so the compression applies to the docs (about 1.4 MB of JSON and 2 MB of script) and
  // to nothing else. The document is sent from a cache with an ETag; the UI renders the tags collapsed and
  // skips the model list, which is what made the page take seconds to draw.
  await app.register(async (docs) => {
    await docs.register(compress, { encodings: ['br', 'gzip'], global: true });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { deepLinking: true, persistAuthorization: false, docExpansion: 'none', defaultModelsExpandDepth: -1, filter: true },
      staticCSP: true,
      // swagger-ui's policy ends with upgrade-insecure-requests, which on a plain-HTTP address other than localhost
      // (a LAN name) rewrites every asset to https and leaves a blank page. Only an https public URL keeps it.
      transformStaticCSP: (header: string) => (config.publicUrl.startsWith('https:') ? header : header.replace(/\s*upgrade-insecure-requests;?/g, '').trim()),
      uiHooks: {
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.routeOptions.url === '/docs/json') return sendDocument(request, reply, document().json, 'application/json; charset=utf-8');
          return undefined;
        },
      },
    });
  });
}

interface CachedDocument {
  readonly json: { readonly body: string; readonly etag: string };
  readonly yaml: { readonly body: string; readonly etag: string };
}

const withEtag = (body: string) => ({ body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/**
 * The document is fixed once the app is ready (routes cannot be added later), so it is serialised once
 * rather than on every request. A weak ETag: the compressed bytes differ by encoding, the document not.
 */
function documentCache(app: FastifyInstance): () => CachedDocument {
  let cached: CachedDocument | undefined;
  return () => {
    if (!cached) {
      const doc: unknown = app.swagger();
      cached = { json: withEtag(JSON.stringify(doc)), yaml: withEtag(YAML.stringify(doc)) };
    }
    return cached;
  };
}

// no-cache: a browser keeps its copy and asks again each time; the answer is a 304 without a body until a
// new version of the server changes the document.
function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: { body: string; etag: string }, type: string): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', doc.etag);
  const sent = request.headers['if-none-match'];
  const tags = (sent ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (sent !== undefined && (sent.trim() === '*' || tags.includes(doc.etag.replace(/^W\//, '')))) return reply.code(304).send();
  return reply.type(type).send(doc.body);
}

/** The document at /{version}/openapi.json and .yaml, compressed and cached; registered inside the versioned prefix. */
export async function openApiDocumentRoutes(instance: FastifyInstance): Promise<void> {
  const document = documentCache(instance);
  await instance.register(compress, { encodings: ['br', 'gzip'], global: true });
  instance.get('/openapi.json', { schema: { hide: true, security: PUBLIC } }, async (request, reply) =>
    sendDocument(request, reply, document().json, 'application/json; charset=utf-8'));
  instance.get('/openapi.yaml', { schema: { hide: true, security: PUBLIC } }, async (request, reply) =>
    sendDocument(request, reply, document().yaml, 'application/yaml'));
}
