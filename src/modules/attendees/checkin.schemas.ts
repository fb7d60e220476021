import { Type, type Static } from 'typebox';

// The reference's checkin.json, bulk-checkin and attendee-add-bulk-response-event (POST /events/{id}/check-in).

export const MAX_EVENT_CHECKINS = 100;

export const EventCheckInItemSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The attendee id.' }),
    checkIn: Type.String({ format: 'date-time', description: 'When the attendee checked in to the event (ISO 8601 with a zone).' }),
    checkOut: Type.Optional(Type.String({ format: 'date-time', description: 'When the attendee checked out (not before checkIn).' })),
    duration: Type.Optional(Type.Integer({ minimum: 0, description: 'Time spent at the event, in milliseconds; by default checkOut - checkIn.' })),
    device: Type.Optional(Type.String({ maxLength: 200, description: 'The device that checked the attendee in.' })),
  },
  { title: 'EventCheckin', additionalProperties: false },
);
export type EventCheckInItem = Static<typeof EventCheckInItemSchema>;

export const EventCheckInBodySchema = Type.Array(EventCheckInItemSchema, {
  minItems: 1, maxItems: MAX_EVENT_CHECKINS, title: 'EventBulkCheckin',
  description: `1-${MAX_EVENT_CHECKINS} items. Each item is validated and stored on its own: a bad item is reported in the 207 body and does not affect the others.`,
});

// One flat object rather than a union, so the serializer never drops an error's fields by matching it against the success shape.
export const EventCheckInResultSchema = Type.Array(
  Type.Object(
    {
      status: Type.Integer({ description: '201 checked in, 200 updated in place, or the error status of this item.' }),
      message: Type.Optional(Type.String()),
      data: Type.Object({
        id: Type.Optional(Type.String({ format: 'uuid', description: 'Attendee id (success).' })),
        code: Type.Optional(Type.Integer()),
        message: Type.Optional(Type.String()),
        target: Type.Optional(Type.String()),
      }),
      request: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'The item as sent (on failure).' })),
    },
    { title: 'AttendeeAddBulkItemEvent' },
  ),
  { title: 'AttendeeAddBulkResponseEvent' },
);
export type EventCheckInResult = Static<typeof EventCheckInResultSchema>[number];

export const EventCheckInParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Event id.' }) });
export const EventAttendeeParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Event id.' }),
  attendeeId: Type.String({ format: 'uuid', description: 'Attendee id.' }),
});
