import { verifyWebhookSignature } from '../../../sim/index.js';
import type {
  ChangeNotification, ChangeType, MeetingFields, MeetingSpec, ParticipantJoin, ProviderMeeting, Recording, Registrant, Registration, WebcastProvider,
} from '../provider.js';

/** The provider that talks to `eventline provider-sim` (a Zoom-style API). A real Zoom connector differs only in auth and base URL. */
export interface SimProviderOptions {
  baseUrl: string;
  /** The secret the simulator signs webhooks with (registered through its control API). */
  webhookSecret?: string;
  fetch?: typeof globalThis.fetch;
}

interface ZoomMeeting {
  id: string; type: number; topic: string; start_time: string; end_time: string; password: string; host_key: string;
  join_url: string; start_url: string; status: string; updated_at: string; tracking_fields?: Array<{ field: string; value: string }>;
}
interface ZoomRegistrant { id: string; join_url: string; custom_questions?: Array<{ title: string; value: string }> }

export const EXTERNAL_ID_FIELD = 'eventline_session_id';
const ATTENDEE_QUESTION = 'eventline_attendee_id';

export class ProviderHttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

const STATUS: Record<string, ProviderMeeting['status']> = { waiting: 'scheduled', started: 'started', finished: 'ended', deleted: 'cancelled' };
const CHANGE: Record<string, ChangeType> = {
  'meeting.updated': 'meeting.updated', 'meeting.started': 'meeting.started', 'meeting.ended': 'meeting.ended', 'meeting.deleted': 'meeting.deleted',
  'recording.completed': 'recording.completed', 'meeting.participant_joined': 'participant.joined', 'meeting.participant_left': 'participant.left',
};

const minutesBetween = (start: string, end: string): number => Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));

function toMeeting(m: ZoomMeeting): ProviderMeeting {
  return {
    id: String(m.id), kind: m.type === 5 ? 'webinar' : 'meeting', status: STATUS[m.status] ?? 'scheduled',
    title: m.topic, start: new Date(m.start_time).toISOString(), end: new Date(m.end_time).toISOString(), password: m.password, hostCode: m.host_key,
    externalId: m.tracking_fields?.find((f) => f.field === EXTERNAL_ID_FIELD)?.value, joinUrl: m.join_url, hostUrl: m.start_url,
    updatedAt: new Date(m.updated_at).toISOString(),
  };
}

const toRegistrant = (r: ZoomRegistrant): Registrant => ({
  id: r.id, joinUrl: r.join_url, attendeeId: r.custom_questions?.find((q) => q.title === ATTENDEE_QUESTION)?.value,
});

export class SimProvider implements WebcastProvider {
  readonly name = 'sim';
  readonly webcastProvider = 'Zoom';
  private readonly base: string;
  private readonly fetchFn: typeof globalThis.fetch;

  constructor(private readonly opts: SimProviderOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private async call<T>(method: string, path: string, body?: unknown, allow404 = false): Promise<T | undefined> {
    const res = await this.fetchFn(`${this.base}${path}`, {
      method, headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status === 404 && allow404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new ProviderHttpError(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    }
    if (res.status === 204) return undefined;
    return (await res.json()) as T;
  }

  async createMeeting(spec: MeetingSpec): Promise<ProviderMeeting> {
    const m = await this.call<ZoomMeeting>('POST', '/v2/users/me/meetings', {
      topic: spec.title, type: spec.kind === 'webinar' ? 5 : 2, start_time: spec.start, duration: minutesBetween(spec.start, spec.end),
      password: spec.password, settings: { host_key: spec.hostCode, approval_type: 0 }, tracking_fields: [{ field: EXTERNAL_ID_FIELD, value: spec.externalId }],
    });
    if (!m) throw new ProviderHttpError(502, 'createMeeting answered no meeting');
    return toMeeting(m);
  }

  async updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void> {
    const current = fields.start !== undefined || fields.end !== undefined ? await this.getMeeting(id) : undefined;
    const start = fields.start ?? current?.start;
    const end = fields.end ?? current?.end;
    await this.call('PATCH', `/v2/meetings/${encodeURIComponent(id)}`, {
      ...(fields.title !== undefined ? { topic: fields.title } : {}),
      ...(fields.start !== undefined ? { start_time: fields.start } : {}),
      ...(start !== undefined && end !== undefined && (fields.start !== undefined || fields.end !== undefined) ? { duration: minutesBetween(start, end) } : {}),
      ...(fields.password !== undefined ? { password: fields.password } : {}),
      ...(fields.hostCode !== undefined ? { settings: { host_key: fields.hostCode } } : {}),
    });
  }

  async cancelMeeting(id: string): Promise<void> {
    await this.call('DELETE', `/v2/meetings/${encodeURIComponent(id)}`, undefined, true);
  }

  async getMeeting(id: string): Promise<ProviderMeeting | undefined> {
    const m = await this.call<ZoomMeeting>('GET', `/v2/meetings/${encodeURIComponent(id)}`, undefined, true);
    return m ? toMeeting(m) : undefined;
  }

  async findMeeting(externalId: string): Promise<ProviderMeeting | undefined> {
    const list = await this.call<{ meetings: ZoomMeeting[] }>('GET', '/v2/users/me/meetings');
    const m = list?.meetings.find((x) => x.tracking_fields?.some((f) => f.field === EXTERNAL_ID_FIELD && f.value === externalId));
    return m ? toMeeting(m) : undefined;
  }

  async registerAttendee(meetingId: string, who: Registration): Promise<Registrant> {
    const r = await this.call<{ registrant_id: string; join_url: string }>('POST', `/v2/meetings/${encodeURIComponent(meetingId)}/registrants`, {
      email: who.email, first_name: who.firstName, last_name: who.lastName, custom_questions: [{ title: ATTENDEE_QUESTION, value: who.attendeeId }],
    });
    if (!r) throw new ProviderHttpError(502, 'registerAttendee answered no registrant');
    return { id: r.registrant_id, joinUrl: r.join_url, attendeeId: who.attendeeId };
  }

  async listRegistrants(meetingId: string): Promise<Registrant[]> {
    const r = await this.call<{ registrants: ZoomRegistrant[] }>('GET', `/v2/meetings/${encodeURIComponent(meetingId)}/registrants`);
    return (r?.registrants ?? []).map(toRegistrant);
  }

  async listParticipants(meetingId: string): Promise<ParticipantJoin[]> {
    const r = await this.call<{ participants: Array<{ registrant_id?: string; join_time: string; leave_time: string; duration: number }> }>(
      'GET', `/v2/report/meetings/${encodeURIComponent(meetingId)}/participants`,
    );
    return (r?.participants ?? []).map((p) => ({ registrantId: p.registrant_id, joinedAt: p.join_time, leftAt: p.leave_time, durationSeconds: p.duration }));
  }

  async getRecording(meetingId: string): Promise<Recording | undefined> {
    const r = await this.call<{ share_url: string; password?: string }>('GET', `/v2/meetings/${encodeURIComponent(meetingId)}/recordings`, undefined, true);
    return r ? { url: r.share_url, password: r.password } : undefined;
  }

  verifyNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): ChangeNotification | undefined {
    const secret = this.opts.webhookSecret;
    const ts = headers['x-zm-request-timestamp'];
    const sig = headers['x-zm-signature'];
    if (!secret || typeof ts !== 'string' || typeof sig !== 'string' || !verifyWebhookSignature(secret, ts, rawBody, sig)) return undefined;
    try {
      const body = JSON.parse(rawBody) as { event?: string; event_ts?: number; payload?: { object?: { id?: unknown } } };
      const type = CHANGE[body.event ?? ''];
      const id = body.payload?.object?.id;
      if (!type || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
      return { type, meetingId: String(id), at: new Date(body.event_ts ?? Date.now()).toISOString() };
    } catch {
      return undefined;
    }
  }
}
