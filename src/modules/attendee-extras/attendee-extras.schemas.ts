import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's duration-paginated-response and the attendee subscription request and response.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const Ref = (what: string) => Type.Object({ id: Uuid(`The ${what}.`) });

export const SORTABLE = ['event', 'session', 'attendee', 'firstSeen', 'lastModified'] as const;
const { limit, token, after, before, filter, sort } = listQuerySchema({ sortable: [...SORTABLE] }).properties;
export const DurationsQuerySchema = Type.Object({ limit, token, after, before, filter, sort }, { additionalProperties: false });

export const DurationSchema = Type.Object(
  {
    id: Type.String({ description: 'The duration (its session attendance record).' }),
    event: Ref('event'),
    session: Ref('session'),
    attendee: Ref('attendee'),
    firstSeen: DateTime('When the attendee checked in to the session.'),
    lastSeen: DateTime('When the attendee checked out (the check-in while still in the session).'),
    duration: Type.Integer({ minimum: 0, description: 'Milliseconds in the session: the recorded duration, else check-out minus check-in, else 0.' }),
    deleted: Type.Boolean(),
    type: Type.Literal('API', { description: 'How it was recorded: through the API (check-in operations and the webcast sync).' }),
    durationType: Type.Literal('session'),
    created: DateTime('When this record was created.'),
    createdBy: Type.String(),
    lastModified: DateTime('When this record was last changed.'),
    lastModifiedBy: Type.String(),
  },
  { title: 'Duration' },
);
export type Duration = Static<typeof DurationSchema>;
export const DurationPageSchema = paginated(DurationSchema, 'DurationPaginatedResponse');

export const AttendeeParamsSchema = Type.Object({ id: Uuid('Attendee id.') });
export const SubscriptionInputSchema = Type.Object(
  { unsubscribed: Type.Boolean({ description: 'True: the attendee no longer receives the event\'s emails.' }) },
  { title: 'AttendeeSubscriptionRequest', additionalProperties: false },
);
export const SubscriptionSchema = Type.Object(
  { attendee: Ref('attendee'), unsubscribed: Type.Boolean() },
  { title: 'AttendeeSubscriptionResponse' },
);
export type Subscription = Static<typeof SubscriptionSchema>;

export const InternalInfoSchema = Type.Object(
  {
    question: Type.Object({ id: Type.Optional(Uuid('The question.')), code: Type.Optional(Type.String({ description: 'The question\'s code.' })) }),
    value: Type.Array(Type.String(), { description: 'The answer (for a choice question, choice texts).' }),
  },
  { title: 'AttendeeInternalInfo' },
);
export type InternalInfo = Static<typeof InternalInfoSchema>;
export const InternalInfoInputSchema = Type.Object(
  {
    question: Type.Object({
      id: Type.Optional(Uuid('One of the attendee\'s event questions.')),
      code: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Or its code.' })),
    }, { additionalProperties: false }),
    value: Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 100, uniqueItems: true, description: 'The answer; an empty list clears it.' }),
  },
  { title: 'AttendeeInternalInfo', additionalProperties: false },
);
export type InternalInfoInput = Static<typeof InternalInfoInputSchema>;
