import { Type, type Static } from 'typebox';

export const EventEmailSettingsSchema = Type.Object({
  joinLinkEmails: Type.Boolean({ description: 'When true, creating an attendee link for this event emails the attendee their personal join link.' }),
}, { title: 'Event communication settings', additionalProperties: false });
export type EventEmailSettings = Static<typeof EventEmailSettingsSchema>;

export const EventParamsSchema = Type.Object({ id: Type.String({ format: 'uuid' }) });
