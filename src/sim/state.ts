import { randomBytes, randomUUID } from 'node:crypto';

// The simulator's in-memory platform: meetings, registrants, one participant
// row per join, recordings. Shapes follow Zoom's v2 API.

export interface SimMeeting {
  id: string;
  uuid: string;
  type: number;
  topic: string;
  start_time: string;
  duration: number;
  end_time: string;
  password: string;
  host_key: string;
  join_url: string;
  start_url: string;
  status: 'waiting' | 'started' | 'finished' | 'deleted';
  tracking_fields: Array<{ field: string; value: string }>;
  created_at: string;
  updated_at: string;
}

export interface SimRegistrant {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  join_url: string;
  custom_questions: Array<{ title: string; value: string }>;
  create_time: string;
}

export interface SimParticipant {
  id: string;
  registrant_id: string;
  user_email: string;
  name: string;
  join_time: string;
  leave_time: string | undefined;
  duration: number;
}

export interface SimRecording {
  share_url: string;
  password: string;
  recording_files: Array<{ id: string; file_type: string; download_url: string }>;
}

const iso = (d: Date = new Date()): string => d.toISOString();
const token = (n: number): string => randomBytes(n).toString('hex');

export class SimState {
  readonly meetings = new Map<string, SimMeeting>();
  readonly registrants = new Map<string, SimRegistrant[]>();
  readonly participants = new Map<string, SimParticipant[]>();
  readonly recordings = new Map<string, SimRecording>();
  private nextId = 81_000_000_000;

  constructor(private readonly baseUrl: () => string) {}

  createMeeting(input: Partial<SimMeeting>): SimMeeting {
    this.nextId += 1;
    const id = String(this.nextId);
    const start = input.start_time ?? iso();
    const duration = input.duration ?? 60;
    const m: SimMeeting = {
      id, uuid: randomUUID(), type: input.type ?? 2, topic: input.topic ?? 'Meeting', start_time: start, duration,
      end_time: iso(new Date(Date.parse(start) + duration * 60_000)),
      password: input.password ?? token(3), host_key: input.host_key ?? String(100000 + Math.floor(Math.random() * 899999)),
      join_url: `${this.baseUrl()}/j/${id}`, start_url: `${this.baseUrl()}/s/${id}?zak=${token(8)}`, status: 'waiting',
      tracking_fields: input.tracking_fields ?? [], created_at: iso(), updated_at: iso(),
    };
    this.meetings.set(id, m);
    this.registrants.set(id, []);
    this.participants.set(id, []);
    return m;
  }

  meeting(id: string): SimMeeting | undefined {
    const m = this.meetings.get(id);
    return m && m.status !== 'deleted' ? m : undefined;
  }

  editMeeting(m: SimMeeting, patch: Partial<Pick<SimMeeting, 'topic' | 'start_time' | 'duration' | 'password' | 'host_key'>>): void {
    if (patch.topic !== undefined) m.topic = patch.topic;
    if (patch.start_time !== undefined) m.start_time = patch.start_time;
    if (patch.duration !== undefined) m.duration = patch.duration;
    if (patch.password !== undefined) m.password = patch.password;
    if (patch.host_key !== undefined) m.host_key = patch.host_key;
    m.end_time = iso(new Date(Date.parse(m.start_time) + m.duration * 60_000));
    m.updated_at = iso();
  }

  /** Registering the same email again returns the registrant already there (one join_url per person). */
  register(m: SimMeeting, input: Pick<SimRegistrant, 'email' | 'first_name' | 'last_name' | 'custom_questions'>): { registrant: SimRegistrant; created: boolean } {
    const list = this.registrants.get(m.id) ?? [];
    const existing = list.find((r) => r.email.toLowerCase() === input.email.toLowerCase());
    if (existing) return { registrant: existing, created: false };
    const id = token(11);
    const r: SimRegistrant = { ...input, id, join_url: `${this.baseUrl()}/w/${m.id}?tk=${token(16)}`, create_time: iso() };
    list.push(r);
    this.registrants.set(m.id, list);
    return { registrant: r, created: true };
  }

  join(m: SimMeeting, registrantId: string, at: string): SimParticipant | undefined {
    const r = (this.registrants.get(m.id) ?? []).find((x) => x.id === registrantId);
    if (!r) return undefined;
    const rows = this.participants.get(m.id) ?? [];
    // Joining while still in the meeting is a no-op, like on the real platform.
    const open = rows.find((p) => p.registrant_id === registrantId && p.leave_time === undefined);
    if (open) return open;
    if (m.status === 'waiting') m.status = 'started';
    const p: SimParticipant = { id: token(8), registrant_id: r.id, user_email: r.email, name: `${r.first_name} ${r.last_name}`, join_time: at, leave_time: undefined, duration: 0 };
    rows.push(p);
    this.participants.set(m.id, rows);
    return p;
  }

  leave(m: SimMeeting, registrantId: string, at: string): SimParticipant | undefined {
    const p = (this.participants.get(m.id) ?? []).find((x) => x.registrant_id === registrantId && x.leave_time === undefined);
    if (!p) return undefined;
    p.leave_time = at;
    p.duration = Math.max(0, Math.round((Date.parse(at) - Date.parse(p.join_time)) / 1000));
    return p;
  }

  end(m: SimMeeting, at: string): void {
    for (const p of this.participants.get(m.id) ?? []) if (p.leave_time === undefined) this.leave(m, p.registrant_id, at);
    m.status = 'finished';
    m.updated_at = iso();
  }

  completeRecording(m: SimMeeting): SimRecording {
    const rec: SimRecording = {
      share_url: `${this.baseUrl()}/rec/share/${token(12)}`, password: token(4),
      recording_files: [{ id: token(8), file_type: 'MP4', download_url: `${this.baseUrl()}/rec/download/${token(12)}` }],
    };
    this.recordings.set(m.id, rec);
    return rec;
  }
}
