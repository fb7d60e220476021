import { Type, type Static, type TString } from 'typebox';

const Ref = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const SendEmailRequestSchema = Type.Object({
  event: Ref,
  email: Type.Object({
    id: Type.String({ format: 'uuid', description: "The planner's id for this email; with resendToPreviousRecipients false, an attendee gets it once." }),
    // eventline extension: the reference keeps emails in event templates it does not publish.
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'eventline extension: the subject (default: the event title).' })),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 100_000, description: 'eventline extension: the plain-text body.' })),
    html: Type.Optional(Type.String({ minLength: 1, maxLength: 200_000, description: 'eventline extension: an HTML body besides the text.' })),
  }),
  resendToPreviousRecipients: Type.Boolean(),
  attendees: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 200 }),
}, { title: 'Send Event Email Request', additionalProperties: false });
export type SendEmailRequest = Static<typeof SendEmailRequestSchema>;

const attendeeResponse = <Id extends TString>(id: Id) => Type.Object({
  id,
  status: Type.Enum(['Sent', 'In-Progress', 'Error', 'Opted-Out'], { type: 'string' }),
  errorMessage: Type.Optional(Type.String()),
});
const AttendeeResponseSchema = attendeeResponse(Type.String({ format: 'uuid' }));
export type AttendeeResponse = Static<typeof AttendeeResponseSchema>;
/**
 * What email_requests.responses holds. Each id is kept the way the request
 * named it, which the route's validator (Ajv) accepted: no format is checked
 * again, since TypeBox reads `uuid` more strictly (no `urn:uuid:` prefix).
 */
export const StoredAttendeeResponsesSchema = Type.Array(attendeeResponse(Type.String()));

export const SendEmailResponseSchema = Type.Object({
  requestId: Type.String({ format: 'uuid' }),
  status: Type.Enum(['ERROR', 'IN-PROGRESS', 'SUCCESSFUL'], { type: 'string' }),
  event: Ref,
  email: Ref,
  resendToPreviousRecipients: Type.Boolean(),
  attendeeResponses: Type.Array(AttendeeResponseSchema),
  // The reference requires this spelling while it lists `attendeeResponses`: both are sent, equal.
  attendeeResponse: Type.Array(AttendeeResponseSchema),
  created: Type.String({ format: 'date-time' }),
  createdBy: Type.String(),
  lastModified: Type.String({ format: 'date-time' }),
  lastModifiedBy: Type.String(),
}, { title: 'Send Event Email Response' });
export type SendEmailResponse = Static<typeof SendEmailResponseSchema>;

export const EmailRequestParamsSchema = Type.Object({ emailRequestId: Type.String({ format: 'uuid' }) });
