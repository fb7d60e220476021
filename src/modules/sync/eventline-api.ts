import type { EventlineClient } from '../../client/index.js';
import type { SyncState, SyncStateInput } from './sync.schemas.js';

// The sync engine's view of eventline: every call goes through the SDK, so it
// obeys the rate limits with the seed's retry rule (429 backoff, quota wait).

export interface ApiSession {
  id: string;
  title: string;
  start: string;
  end: string;
  event: { id: string };
  includedSession?: boolean;
  virtual?: boolean;
  status?: string;
  lastModified: string;
  [k: string]: unknown;
}

export interface ApiLink { href?: string; code?: string; key?: string }
export interface ApiWebcast {
  id: string;
  session?: { id: string };
  title?: string;
  status: string;
  meetingId?: string;
  sourceId?: string;
  _links: { join?: ApiLink; host?: ApiLink; speaker?: ApiLink; recording?: ApiLink };
  lastModified: string;
  [k: string]: unknown;
}

export interface ApiPerson { id: string; email: string; firstName: string; lastName: string }
export interface ApiAttendeeLink { id: string; attendee: { id: string }; join: { href: string; code?: string }; sourceId?: string }
export interface ApiAttendance { attendee: { id: string }; checkIn?: string; checkOut?: string; duration?: number; deleted: boolean }
export interface ItemResult { status: number; data?: { id?: string; message?: string } }
export interface CheckIn { id: string; checkIn: string; checkOut: string; duration: number }

const INACTIVE_ATTENDEE = new Set(['Declined', 'Cancelled', 'Denied Approval', 'Waitlisted']);

export class EventlineApi {
  constructor(private readonly client: EventlineClient) {}

  private async all<T>(path: string, filter: string): Promise<T[]> {
    const out: T[] = [];
    for await (const row of this.client.paginate(path, { filter, limit: 200 })) out.push(row as T);
    return out;
  }

  virtualSessions(): Promise<ApiSession[]> {
    return this.all<ApiSession>('/sessions', "virtual eq 'true'");
  }

  async session(id: string): Promise<ApiSession> {
    const path: string = `/sessions/${id}`;
    return (await this.client.get(path)) as ApiSession;
  }

  async updateSession(s: ApiSession): Promise<ApiSession> {
    const path: string = `/sessions/${s.id}`;
    return (await this.client.put(path, { body: s })) as ApiSession;
  }

  async webcastOf(sessionId: string): Promise<ApiWebcast | undefined> {
    return (await this.all<ApiWebcast>('/webcasts', `session.id eq '${sessionId}'`))[0];
  }

  async createWebcast(body: Record<string, unknown>): Promise<ApiWebcast> {
    const path: string = '/webcasts';
    return (await this.client.post(path, { body })) as ApiWebcast;
  }

  async updateWebcast(w: ApiWebcast): Promise<ApiWebcast> {
    const path: string = `/webcasts/${w.id}`;
    return (await this.client.put(path, { body: w })) as ApiWebcast;
  }

  /** Who should be on the meeting: everyone registered for the event (Included), or the session's registrants (Optional). */
  async participants(session: ApiSession): Promise<ApiPerson[]> {
    type Row = { id: string; status?: string; contact?: { email?: string; firstName?: string; lastName?: string } };
    const everyone = (await this.all<Row>('/attendees', `event.id eq '${session.event.id}'`)).filter((a) => !INACTIVE_ATTENDEE.has(a.status ?? ''));
    let ids: Set<string> | undefined;
    if (session.includedSession !== true) {
      const enrolled = await this.all<{ attendee: { id: string }; status: string; deleted?: boolean }>('/sessions/enrollment', `session.id eq '${session.id}'`);
      ids = new Set(enrolled.filter((e) => e.status === 'Registered' && e.deleted !== true).map((e) => e.attendee.id));
    }
    return everyone
      .filter((a) => (ids ? ids.has(a.id) : true) && typeof a.contact?.email === 'string' && a.contact.email !== '')
      .map((a) => ({ id: a.id, email: a.contact?.email ?? '', firstName: a.contact?.firstName ?? '', lastName: a.contact?.lastName ?? '' }));
  }

  links(webcastId: string): Promise<ApiAttendeeLink[]> {
    return this.all<ApiAttendeeLink>('/webcasts/attendee-links', `webcast.id eq '${webcastId}'`);
  }

  async addLinks(webcastId: string, items: Array<{ attendee: { id: string }; join: { href: string }; sourceId: string }>): Promise<ItemResult[]> {
    const path: string = `/webcasts/${webcastId}/attendee-links`;
    return (await this.client.post(path, { body: items })) as ItemResult[];
  }

  attendance(sessionId: string): Promise<ApiAttendance[]> {
    return this.all<ApiAttendance>('/sessions/attendance', `session.id eq '${sessionId}'`);
  }

  async checkIn(sessionId: string, items: CheckIn[]): Promise<ItemResult[]> {
    const path: string = `/sessions/${sessionId}/check-in`;
    return (await this.client.post(path, { body: items })) as ItemResult[];
  }

  async syncState(sessionId: string): Promise<SyncState> {
    const path: string = `/sessions/${sessionId}/sync`;
    return (await this.client.get(path)) as SyncState;
  }

  async saveSyncState(sessionId: string, body: SyncStateInput): Promise<SyncState> {
    const path: string = `/sessions/${sessionId}/sync`;
    return (await this.client.put(path, { body })) as SyncState;
  }
}
