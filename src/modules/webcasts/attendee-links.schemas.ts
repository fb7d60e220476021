import { Type, type Static } from 'typebox';
import { ErrorDetailSchema } from '../../http/errors.js';
import { paginated } from '../../http/paging.js';
import { AuditSchemaFields, UuidRefSchema, WebcastLinkSchema } from './webcasts.schemas.js';

export const MAX_LINKS_PER_CALL = 100;

const JoinSchema = Type.Object(
  {
    href: Type.String({ minLength: 1, maxLength: 2000, description: 'The attendee\'s personal join url.' }),
    code: Type.Optional(Type.String({ maxLength: 100, description: 'The attendee\'s access code (password).' })),
  },
  { title: 'WebcastLink' },
);

const itemProps = {
  // Optional here: the webcast is the one in the path; when given it must be that one.
  webcast: Type.Optional(UuidRefSchema),
  event: Type.Optional(UuidRefSchema),
  session: Type.Optional(UuidRefSchema),
  attendee: UuidRefSchema,
  sourceId: Type.Optional(Type.String({ maxLength: 50, description: 'Id of the link on the webcast provider\'s platform.' })),
  join: JoinSchema,
};

/** One item of `POST /webcasts/{id}/attendee-links`. event and session are read-only (taken from the webcast). */
export const AttendeeLinkItemSchema = Type.Object(itemProps, { title: 'AttendeeLink', additionalProperties: true });
export type AttendeeLinkItem = Static<typeof AttendeeLinkItemSchema>;

/** One item of `PUT /webcasts/{id}/attendee-links`: an existing link, by id or by attendee; sourceId and join are updated. */
export const ExistingAttendeeLinkItemSchema = Type.Object(
  {
    // The reference marks the link's id read-only, so its SDK cannot send it: without one the
    // link is found by the webcast in the path and the item's attendee (one link per pair).
    id: Type.Optional(Type.String({ format: 'uuid', description: 'Attendee-link ID (optional: without it, the link of the item\'s attendee for this webcast)' })),
    ...itemProps,
  },
  { title: 'ExistingAttendeeLink', additionalProperties: true },
);
export type ExistingAttendeeLinkItem = Static<typeof ExistingAttendeeLinkItemSchema>;

const bulk = <T extends typeof AttendeeLinkItemSchema | typeof ExistingAttendeeLinkItemSchema>(item: T, verb: string) =>
  Type.Array(item, {
    minItems: 1, maxItems: MAX_LINKS_PER_CALL,
    description: `Up to ${MAX_LINKS_PER_CALL} attendee links ${verb} per call. A bad item is reported in its own result and does not stop the others.`,
  });
export const AttendeeLinkBulkSchema = bulk(AttendeeLinkItemSchema, 'can be created');
export const ExistingAttendeeLinkBulkSchema = bulk(ExistingAttendeeLinkItemSchema, 'can be updated');

export const AttendeeLinkSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    webcast: UuidRefSchema,
    event: UuidRefSchema,
    session: Type.Optional(UuidRefSchema),
    attendee: UuidRefSchema,
    sourceId: Type.Optional(Type.String()),
    join: WebcastLinkSchema,
    ...AuditSchemaFields,
  },
  { title: 'ExistingAttendeeLink' },
);
export type AttendeeLink = Static<typeof AttendeeLinkSchema>;

export const AttendeeLinkPageSchema = paginated(AttendeeLinkSchema, 'AttendeeLinkPaginatedResponse');

// The contract's error shape, without the shared $id so it can sit inside a union.
const ItemErrorSchema = Type.Object(
  {
    code: Type.Integer(),
    message: Type.String(),
    target: Type.Optional(Type.String()),
    details: Type.Optional(Type.Array(ErrorDetailSchema)),
  },
  { title: 'ErrorResponse' },
);
export type ItemError = Static<typeof ItemErrorSchema>;

export const AttendeeLinkBulkResponseSchema = Type.Array(
  Type.Object(
    {
      status: Type.Integer({ description: 'HTTP status of this item: 201 created, 200 updated, or the error\'s code.' }),
      message: Type.Optional(Type.String()),
      data: Type.Union([AttendeeLinkSchema, ItemErrorSchema]),
    },
    { title: 'AttendeeLinkBulkResponseItem' },
  ),
  { title: 'AttendeeLinkBulkResponse', description: 'One result per request item, in request order.' },
);
export type AttendeeLinkBulkResult = Static<typeof AttendeeLinkBulkResponseSchema>;

export const AttendeeLinkParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The identifier of the webcast.' }),
  attendeeLinkId: Type.String({ format: 'uuid', description: 'The identifier of the attendee link.' }),
});
