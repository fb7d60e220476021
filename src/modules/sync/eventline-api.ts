import type { EventlineClient, ItemOf, operations, ResultFor } from '../../client/index.js';

// The sync engine's view of eventline: every call goes through the SDK, so it
// obeys the rate limits with the seed's retry rule (429 backoff, quota wait).
// The resource types are the SDK's, generated from the server's OpenAPI document.

export type ApiSession = ResultFor<'/sessions/{id}', 'get'>;
export type ApiWebcast = ResultFor<'/webcasts/{id}', 'get'>;
export type ApiWebcastInput = operations['createWebcast']['requestBody']['content']['application/json'];
/** The reference's WebcastProvider enum: a webcast's `provider`. */
export type ApiWebcastProvider = NonNullable<ApiWebcast['provider']>;
export type ApiAttendeeLink = ItemOf<'/webcasts/attendee-links'>;
export type ApiAttendeeLinkInput = operations['createAttendeeLinks']['requestBody']['content']['application/json'][number];
export type ApiAttendance = ItemOf<'/sessions/attendance'>;
export type ApiSyncState = ResultFor<'/sessions/{id}/sync', 'get'>;
export type ApiSyncStateInput = operations['updateSessionSync']['requestBody']['content']['application/json'];

export interface ApiPerson { id: string; email: string; firstName: string; lastName: string }
/**
 * One result of a 207 multi-status answer, as far as the engine reads it. The
 * attendee-link and check-in answers differ (a link's data is the link or an
 * error); both fit this.
 */
export interface ItemResult { status: number; data?: { id?: string; message?: string } }
/** One check-in item. Hand-written: the schema takes the items as unknown[] because each one is validated on its own. */
export interface CheckIn { id: string; checkIn: string; checkOut: string; duration: number }

const INACTIVE_ATTENDEE = new Set(['Declined', 'Cancelled', 'Denied Approval', 'Waitlisted']);
const LIMIT = 200;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export class EventlineApi {
  constructor(private readonly client: EventlineClient) {}

  virtualSessions(): Promise<ItemOf<'/sessions'>[]> {
    return collect(this.client.paginate('/sessions', { filter: "virtual eq 'true'", limit: LIMIT }));
  }

  session(id: string): Promise<ApiSession> {
    return this.client.get('/sessions/{id}', { params: { id } });
  }

  updateSession(s: ApiSession): Promise<ApiSession> {
    return this.client.put('/sessions/{id}', { params: { id: s.id }, body: s });
  }

  async webcastOf(sessionId: string): Promise<ApiWebcast | undefined> {
    return (await collect(this.client.paginate('/webcasts', { filter: `session.id eq '${sessionId}'`, limit: LIMIT })))[0];
  }

  createWebcast(body: ApiWebcastInput): Promise<ApiWebcast> {
    return this.client.post('/webcasts', { body });
  }

  updateWebcast(w: ApiWebcast): Promise<ApiWebcast> {
    return this.client.put('/webcasts/{id}', { params: { id: w.id }, body: w });
  }

  /** Who should be on the meeting: everyone registered for the event (Included), or the session's registrants (Optional). */
  async participants(session: ApiSession): Promise<ApiPerson[]> {
    const attendees = await collect(this.client.paginate('/attendees', { filter: `event.id eq '${session.event.id}'`, limit: LIMIT }));
    const everyone = attendees.filter((a) => !INACTIVE_ATTENDEE.has(a.status ?? ''));
    let ids: Set<string> | undefined;
    if (session.includedSession !== true) {
      const enrolled = await collect(this.client.paginate('/sessions/enrollment', { filter: `session.id eq '${session.id}'`, limit: LIMIT }));
      ids = new Set(enrolled.filter((e) => e.status === 'Registered' && e.deleted !== true).map((e) => e.attendee.id));
    }
    return everyone
      .filter((a) => (ids ? ids.has(a.id) : true) && typeof a.contact?.email === 'string' && a.contact.email !== '')
      .map((a) => ({ id: a.id, email: a.contact?.email ?? '', firstName: a.contact?.firstName ?? '', lastName: a.contact?.lastName ?? '' }));
  }

  links(webcastId: string): Promise<ApiAttendeeLink[]> {
    return collect(this.client.paginate('/webcasts/attendee-links', { filter: `webcast.id eq '${webcastId}'`, limit: LIMIT }));
  }

  addLinks(webcastId: string, items: ApiAttendeeLinkInput[]): Promise<ItemResult[]> {
    return this.client.post('/webcasts/{id}/attendee-links', { params: { id: webcastId }, body: items });
  }

  attendance(sessionId: string): Promise<ApiAttendance[]> {
    return collect(this.client.paginate('/sessions/attendance', { filter: `session.id eq '${sessionId}'`, limit: LIMIT }));
  }

  checkIn(sessionId: string, items: CheckIn[]): Promise<ItemResult[]> {
    return this.client.post('/sessions/{id}/check-in', { params: { id: sessionId }, body: items });
  }

  syncState(sessionId: string): Promise<ApiSyncState> {
    return this.client.get('/sessions/{id}/sync', { params: { id: sessionId } });
  }

  saveSyncState(sessionId: string, body: ApiSyncStateInput): Promise<ApiSyncState> {
    return this.client.put('/sessions/{id}/sync', { params: { id: sessionId }, body });
  }
}
