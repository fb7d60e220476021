import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { verifyWebhookSignature } from '../../../sim/index.js';
import { ProviderHttpError } from '../provider.js';
import type {
  ChangeNotification, ChangeType, MeetingFields, MeetingSpec, ParticipantJoin, ProviderMeeting, Recording, Registrant, Registration, WebcastProvider,
} from '../provider.js';
import type { BodyCheck } from './http.js';

/** The provider that talks to `eventline provider-sim` (a Zoom-style API). A real Zoom connector differs only in auth and base URL. */
export interface SimProviderOptions {
  baseUrl: string;
  /** The secret the simulator signs webhooks with (registered through its control API). */
  webhookSecret?: string;
  fetch?: typeof globalThis.fetch;
}

// What we read of the platform's answers. Every body is checked against these
// before use: it comes from outside, and a surprise must fail the run loudly.
const Id = Type.Union([Type.String(), Type.Number()]);
const ZoomMeetingSchema = Type.Object({
  id: Id, type: Type.Number(), topic: Type.String(), start_time: Type.String(), end_time: Type.String(), password: Type.String(), host_key: Type.String(),
  join_url: Type.String(), start_url: Type.String(), status: Type.String(), updated_at: Type.String(),
  tracking_fields: Type.Optional(Type.Array(Type.Object({ field: Type.String(), value: Type.String() }))),
});
type ZoomMeeting = Static<typeof ZoomMeetingSchema>;
const ZoomRegistrantSchema = Type.Object({
  id: Type.String(), join_url: Type.String(), custom_questions: Type.Optional(Type.Array(Type.Object({ title: Type.String(), value: Type.String() }))),
});
type ZoomRegistrant = Static<typeof ZoomRegistrantSchema>;

/** Checks an answer body; `Compile(schema)` makes one. */

const Meeting = Compile(ZoomMeetingSchema);
const MeetingList = Compile(Type.Object({ meetings: Type.Array(ZoomMeetingSchema) }));
const NewRegistrant = Compile(Type.Object({ registrant_id: Type.String(), join_url: Type.String() }));
const RegistrantList = Compile(Type.Object({ registrants: Type.Array(ZoomRegistrantSchema) }));
const ParticipantList = Compile(Type.Object({
  participants: Type.Array(Type.Object({ registrant_id: Type.Optional(Type.String()), join_time: Type.String(), leave_time: Type.String(), duration: Type.Number() })),
}));
const RecordingBody = Compile(Type.Object({ share_url: Type.String(), password: Type.Optional(Type.String()) }));
// Answers whose body we do not read (updates, deletes).
const Anything = Compile(Type.Unknown());
const Notification = Compile(Type.Object({
  event: Type.String(), event_ts: Type.Optional(Type.Number()), payload: Type.Object({ object: Type.Object({ id: Id }) }),
}));

export const EXTERNAL_ID_FIELD = 'eventline_session_id';
const ATTENDEE_QUESTION = 'eventline_attendee_id';

export { ProviderHttpError };

const STATUS: Record<string, ProviderMeeting['status']> = { waiting: 'scheduled', started: 'started', finished: 'ended', deleted: 'cancelled' };
const CHANGE: Record<string, ChangeType> = {
  'meeting.updated': 'meeting.updated', 'meeting.started': 'meeting.started', 'meeting.ended': 'meeting.ended', 'meeting.deleted': 'meeting.deleted',
  'recording.completed': 'recording.completed', 'meeting.participant_joined': 'participant.joined', 'meeting.participant_left': 'participant.left',
};

const minutesBetween = (start: string, end: string): number => Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / 60_000));

function toMeeting(m: ZoomMeeting): ProviderMeeting {
  return {
    id: String(m.id), kind: m.type === 5 ? 'webinar' : 'meeting', status: STATUS[m.status] ?? 'scheduled',
    title: m.topic, start: new Date(m.start_time).toISOString(), end: new Date(m.end_time).toISOString(), password: m.password, hostKey: m.host_key,
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

  private async call<T>(method: string, path: string, answer: BodyCheck<T>, body?: unknown, allow404 = false): Promise<T | undefined> {
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
    const value: unknown = await res.json();
    if (!answer.Check(value)) throw new ProviderHttpError(502, `${method} ${path} answered a body of an unexpected shape`);
    return value;
  }

  /** "Test connection": the simulator's meeting list. */
  async checkConnection(): Promise<string> {
    try {
      await this.call('GET', '/v2/users/me/meetings', MeetingList);
    } catch (err) {
      if (err instanceof ProviderHttpError) throw err;
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
      throw new ProviderHttpError(503, `The simulator could not be reached (${cause}): start \`eventline provider-sim\` and check its URL.`);
    }
    return 'The simulator answered.';
  }

  async createMeeting(spec: MeetingSpec): Promise<ProviderMeeting> {
    const m = await this.call('POST', '/v2/users/me/meetings', Meeting, {
      topic: spec.title, type: spec.kind === 'webinar' ? 5 : 2, start_time: spec.start, duration: minutesBetween(spec.start, spec.end),
      password: spec.password, settings: { host_key: spec.hostKey, approval_type: 0 }, tracking_fields: [{ field: EXTERNAL_ID_FIELD, value: spec.externalId }],
    });
    if (!m) throw new ProviderHttpError(502, 'createMeeting answered no meeting');
    return toMeeting(m);
  }

  async updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void> {
    const current = fields.start !== undefined || fields.end !== undefined ? await this.getMeeting(id) : undefined;
    const start = fields.start ?? current?.start;
    const end = fields.end ?? current?.end;
    await this.call('PATCH', `/v2/meetings/${encodeURIComponent(id)}`, Anything, {
      ...(fields.title !== undefined ? { topic: fields.title } : {}),
      ...(fields.start !== undefined ? { start_time: fields.start } : {}),
      ...(start !== undefined && end !== undefined && (fields.start !== undefined || fields.end !== undefined) ? { duration: minutesBetween(start, end) } : {}),
      ...(fields.password !== undefined ? { password: fields.password } : {}),
      ...(fields.hostKey !== undefined ? { settings: { host_key: fields.hostKey } } : {}),
    });
  }

  async cancelMeeting(id: string): Promise<void> {
    await this.call('DELETE', `/v2/meetings/${encodeURIComponent(id)}`, Anything, undefined, true);
  }

  async getMeeting(id: string): Promise<ProviderMeeting | undefined> {
    const m = await this.call('GET', `/v2/meetings/${encodeURIComponent(id)}`, Meeting, undefined, true);
    return m ? toMeeting(m) : undefined;
  }

  async findMeeting(externalId: string): Promise<ProviderMeeting | undefined> {
    const list = await this.call('GET', '/v2/users/me/meetings', MeetingList);
    const m = list?.meetings.find((x) => x.tracking_fields?.some((f) => f.field === EXTERNAL_ID_FIELD && f.value === externalId));
    return m ? toMeeting(m) : undefined;
  }

  async registerAttendee(meetingId: string, who: Registration): Promise<Registrant> {
    const r = await this.call('POST', `/v2/meetings/${encodeURIComponent(meetingId)}/registrants`, NewRegistrant, {
      email: who.email, first_name: who.firstName, last_name: who.lastName, custom_questions: [{ title: ATTENDEE_QUESTION, value: who.attendeeId }],
    });
    if (!r) throw new ProviderHttpError(502, 'registerAttendee answered no registrant');
    return { id: r.registrant_id, joinUrl: r.join_url, attendeeId: who.attendeeId };
  }

  async listRegistrants(meetingId: string): Promise<Registrant[]> {
    const r = await this.call('GET', `/v2/meetings/${encodeURIComponent(meetingId)}/registrants`, RegistrantList);
    return (r?.registrants ?? []).map(toRegistrant);
  }

  async listParticipants(meetingId: string): Promise<ParticipantJoin[]> {
    const r = await this.call('GET', `/v2/report/meetings/${encodeURIComponent(meetingId)}/participants`, ParticipantList);
    return (r?.participants ?? []).map((p) => ({ registrantId: p.registrant_id, joinedAt: p.join_time, leftAt: p.leave_time, durationSeconds: p.duration }));
  }

  async getRecording(meetingId: string): Promise<Recording | undefined> {
    const r = await this.call('GET', `/v2/meetings/${encodeURIComponent(meetingId)}/recordings`, RecordingBody, undefined, true);
    return r ? { url: r.share_url, password: r.password } : undefined;
  }

  verifyNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): ChangeNotification | undefined {
    const secret = this.opts.webhookSecret;
    const ts = headers['x-zm-request-timestamp'];
    const sig = headers['x-zm-signature'];
    if (!secret || typeof ts !== 'string' || typeof sig !== 'string' || !verifyWebhookSignature(secret, ts, rawBody, sig)) return undefined;
    try {
      const body: unknown = JSON.parse(rawBody);
      if (!Notification.Check(body)) return undefined;
      const type = CHANGE[body.event];
      if (!type) return undefined;
      return { type, meetingId: String(body.payload.object.id), at: new Date(body.event_ts ?? Date.now()).toISOString() };
    } catch {
      return undefined;
    }
  }
}
