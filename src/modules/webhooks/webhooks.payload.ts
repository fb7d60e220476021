import type { EventType } from '../../notifications.js';

// What an application may read of each event's object: the scope a GET of that resource needs. Without it the
// application learns that something changed, and which id, but none of the resource's fields (issue 35: no
// personal data beyond what the application's scopes may read).
const READ_SCOPE: Readonly<Record<string, string>> = {
  attendee: 'event/attendees:read',
  session: 'event/sessions:read',
  webcast: 'event/webcasts:read',
  contact: 'event/contacts:read',
  event: 'event/events:read',
  bulk_job: 'bulk/bulk-jobs:read',
  survey_response: 'survey/survey-responses:read',
  exhibitor: 'exhibitor/leads:read',
};

export function readScopeOf(type: EventType | string): string | undefined {
  return READ_SCOPE[type.split('.')[0] ?? ''];
}

/** The object as an application with these scopes may see it. */
export function objectFor(type: string, object: Readonly<Record<string, unknown>>, scopes: ReadonlySet<string>): Readonly<Record<string, unknown>> {
  const scope = readScopeOf(type);
  if (scope !== undefined && scopes.has(scope)) return object;
  return { id: object['id'] };
}

/** The body every receiver gets (and `eventline listen` forwards): `{ id, type, timestamp, data: { object } }`. */
export function webhookBody(event: { id: string; type: string; created: string }, object: Readonly<Record<string, unknown>>): string {
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.created, data: { object } });
}

export function parseTypes(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
