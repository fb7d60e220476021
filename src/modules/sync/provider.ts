/**
 * The connector interface between eventline's sync engine and an outside
 * webcast platform (Zoom, Webex, ON24 style APIs). One implementation per file
 * in ./providers/; register it in ./providers/index.ts. See docs/sync.md.
 *
 * Every method must be safe to call again after a crash: createMeeting is
 * preceded by findMeeting(externalId), and registerAttendee must return the
 * existing registrant when the same attendee registers twice.
 */
import type { ApiWebcastProvider } from './eventline-api.js';

export type MeetingKind = 'meeting' | 'webinar';
export type MeetingStatus = 'scheduled' | 'started' | 'ended' | 'cancelled';

/** The fields that sync in both directions (session title/time, webcast host key and password). */
export interface MeetingFields {
  title: string;
  /** ISO-8601 UTC. */
  start: string;
  end: string;
  /** The join password (eventline: webcast `_links.join.code`). */
  password: string;
  /** The host key (Zoom: `settings.host_key`; eventline: webcast `_links.host.key`). */
  hostKey: string;
}

export interface MeetingSpec extends MeetingFields {
  kind: MeetingKind;
  /** eventline's session id, stored on the platform so a half-finished run finds its meeting again. */
  externalId: string;
}

export interface ProviderMeeting extends MeetingFields {
  id: string;
  kind: MeetingKind;
  status: MeetingStatus;
  externalId: string | undefined;
  joinUrl: string;
  hostUrl: string;
  /** ISO-8601 UTC of the last change on the platform (conflict resolution compares it with eventline's lastModified). */
  updatedAt: string;
}

export interface Registration {
  attendeeId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface Registrant {
  id: string;
  attendeeId: string | undefined;
  joinUrl: string;
}

/** One row per join: a person who joins twice has two rows. */
export interface ParticipantJoin {
  registrantId: string | undefined;
  joinedAt: string;
  leftAt: string;
  durationSeconds: number;
}

export interface Recording {
  url: string;
  password: string | undefined;
}

/** A platform call that failed; the message names the cause and the fix in a planner's words (it lands in the sync state). */
export class ProviderHttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

export type ChangeType = 'meeting.updated' | 'meeting.started' | 'meeting.ended' | 'meeting.deleted' | 'recording.completed' | 'participant.joined' | 'participant.left';

export interface ChangeNotification {
  type: ChangeType;
  meetingId: string;
  at: string;
}

export interface WebcastProvider {
  /** The name used on the command line (`--provider sim`). */
  readonly name: string;
  /** The webcast's `provider` value in eventline (one of the reference's WebcastProvider enum). */
  readonly webcastProvider: ApiWebcastProvider;
  createMeeting(spec: MeetingSpec): Promise<ProviderMeeting>;
  updateMeeting(id: string, fields: Partial<MeetingFields>): Promise<void>;
  cancelMeeting(id: string): Promise<void>;
  /** undefined when the platform does not know it (deleted). */
  getMeeting(id: string): Promise<ProviderMeeting | undefined>;
  /** The meeting created earlier for this eventline session, if any. */
  findMeeting(externalId: string): Promise<ProviderMeeting | undefined>;
  registerAttendee(meetingId: string, who: Registration): Promise<Registrant>;
  /** Several at once where the platform offers it (Zoom webinars' batch_registrants); same rules as registerAttendee, answers in the same order. */
  registerAttendees?(meetingId: string, who: Registration[]): Promise<Registrant[]>;
  listRegistrants(meetingId: string): Promise<Registrant[]>;
  listParticipants(meetingId: string): Promise<ParticipantJoin[]>;
  /** undefined until the recording is complete. */
  getRecording(meetingId: string): Promise<Recording | undefined>;
  /**
   * Checks a change notification (webhook) and reads it; undefined when the
   * signature or timestamp is wrong. rawBody is the received body, byte for byte.
   */
  verifyNotification(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): ChangeNotification | undefined;
  /**
   * The answer to the platform's endpoint check (Zoom: `endpoint.url_validation`), when this call is one and
   * its signature is right; undefined otherwise. Checked before verifyNotification.
   */
  /**
   * "Test connection": one harmless call that needs the credentials (Zoom: a token, then the host user). Resolves to
   * what the platform said in a sentence; throws ProviderHttpError (status 503: unreachable; 400/401: credentials refused).
   */
  checkConnection?(): Promise<string>;
  answerChallenge?(headers: Readonly<Record<string, string | string[] | undefined>>, rawBody: string): { status: number; contentType: string; body: string } | undefined;
}
