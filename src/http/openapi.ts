import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import YAML from 'yaml';
import type { Config } from '../config/index.js';
import { PUBLIC } from './auth.js';
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
  Events: 'Events; `format` Virtual or Hybrid is the seed\'s "is any part of this event virtual".',
  Contacts: 'The account\'s address book: people found by email or name (`filter=email eq \'...\'`). Emails and sourceIds are unique among active contacts; deleted contacts keep their data, purged (obfuscated) ones only their id.',
  Attendees: 'A contact\'s registration for an event, with the contact embedded. Added in batches (207 multi-status per item).',
  Bulk: 'Bulk jobs: upload records, run them asynchronously in a durable job, read a result per record. Job type: contact obfuscation (POST /contacts/{id}/obfuscate per record). Each account may have a limited number of jobs READY or RUNNING at once (409 beyond it).',
  Hooks: 'Contact hooks (the attendee identification service): eventline calls the hook\'s callback when a contact is created or identified and merges the answer into the contact. Callbacks are durable, retried, signed (Standard Webhooks) and go to public https addresses only; see README "Attendee identification".',
  Operations: 'Health and readiness probes.',
  Sessions: 'Sessions of events (Included: every attendee of the event; Optional: attendees enroll), session enrollment with capacity and waitlist, and attendance (check-in, 207 per item). A session can be virtual only in a Virtual or Hybrid event.',
  'Developer portal': 'The web UI\'s developer portal, outside the versioned API (DESIGN rule 10): a first-party sign-in session (HttpOnly, SameSite=Strict cookie `eventline_portal`) with a CSRF token sent back in `X-CSRF-Token` on every POST and DELETE. Workspaces, invitations, applications (the client secret is shown once) and revocation.',
  Compliance: 'Compliance communications (off until the operator enables the feature for the account): which message types are kept, and the email, chat and session Q&A messages of the last 30 days. Email content is a signed URL valid for 1 hour that serves the complete RFC 822 message.',
  'Session chat': 'For attendees of virtual sessions: chat messages, replies, reactions, questions and answers. Authenticated by the attendee\'s personal token in `X-Attendee-Token` (see README, Compliance communications), not by OAuth.',
  'Webcast sync': 'eventline extension: the sync state of sessions held on an outside webcast platform (docs/sync.md): meeting id, last run, outcome, error and the conflicting edits resolved.',
  Users: 'The account\'s user groups (Account User Groups): every account starts with Administrators, Planners and Developers; a user\'s role is the highest role of its groups (developer when none gives one). The same groups are SCIM Groups.',
  'User SCIM': 'SCIM 2.0 (RFC 7643, RFC 7644) at /ea/scim/v2 for identity providers (Okta, Entra ID): the account\'s users and user groups. Requests and responses are application/scim+json (application/json accepted); errors are RFC 7644 §3.12 errors `{ schemas, status, scimType?, detail }`, not the contract\'s shape. Authenticate with a client-credentials token carrying account/users:* scopes, or an account SCIM token (`eventline scim-tokens create`). See README, Provisioning users with SCIM.',
  'Attendee Activities': 'The activities journal: what attendees did (check-ins with their duration, chat, Q&A, emails sent, join-link clicks, external activities), kept 2 years. Activities the reference has no type for are `session.external` / `event.external` activities named `eventline.*` (docs/engagement.md).',
  'Attendee Insights': 'Engagement scores per event: actions and their points, attendees\' points and ranks kept up to date as activities arrive, statistics, and (eventline extensions) defining scores and explaining an attendee\'s points.',
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
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, persistAuthorization: false }, staticCSP: true });
}

/** The document at /{version}/openapi.json and .yaml; registered inside the versioned prefix. */
export async function openApiDocumentRoutes(instance: FastifyInstance): Promise<void> {
  const root = instance;
  instance.get('/openapi.json', { schema: { hide: true, security: PUBLIC } }, async () => root.swagger());
  instance.get('/openapi.yaml', { schema: { hide: true, security: PUBLIC } }, async (_request, reply) =>
    reply.type('application/yaml').send(YAML.stringify(root.swagger())));
}
