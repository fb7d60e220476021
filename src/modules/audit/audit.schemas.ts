import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';
import { AUDIT_ACTOR_TYPES } from '../../audit-scope.js';

const party = (what: string) => ({
  type: Type.String({ description: `The kind of ${what}.` }),
  id: Type.String(),
  display: Type.Optional(Type.String({ description: `What a reader recognises the ${what} by (an email, a name, a client id); redacted when it named an obfuscated contact.` })),
});

export const AuditEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time', description: 'When the change was made.' }),
  action: Type.String({ description: 'A dotted verb, e.g. `application.scopes.changed`, `account.feature.enabled`, `user.created`.' }),
  actor: Type.Object({
    ...party('actor'),
    type: Type.Enum(AUDIT_ACTOR_TYPES, { type: 'string', description: 'user, application, scim-token, operator (the eventline CLI) or system.' }),
  }, { title: 'AuditActor' }),
  target: Type.Object(party('target'), { title: 'AuditTarget' }),
  changes: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The administrative fields the action changed, each as `{ "before": ..., "after": ... }`. A secret is never shown: only "issued" or "rotated".',
  }),
  address: Type.Optional(Type.String({ description: 'The client address of the request; absent for the CLI.' })),
  requestId: Type.Optional(Type.String({ description: 'The X-Request-Id of the request that made the change.' })),
}, { title: 'AuditEntry' });
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditListQuerySchema = listQuerySchema({ sortable: ['at'] });
export const AuditPageSchema = paginated(AuditEntrySchema, 'AuditLogPage');
