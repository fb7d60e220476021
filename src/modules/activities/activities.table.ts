import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// The reference's activity-type.json, in its order.
export const ACTIVITY_TYPES = [
  'appointment.accepted', 'appointment.cancelled', 'appointment.checkedIn', 'appointment.created', 'appointment.declined', 'appointment.denied',
  'appointment.rescheduled', 'email.bounced', 'email.clicked', 'email.opened', 'email.sent', 'email.undelivered', 'event.attendeeHubVisited',
  'event.attendeeSubstituted', 'event.bannerLinkClicked', 'event.checkedIn', 'event.checkedOut', 'event.customCardOpened', 'event.feedbackSubmitted',
  'event.noShow', 'event.pageVisitTracked', 'event.registered', 'event.registrationAbandoned', 'event.registrationCancelled', 'event.videoPlayed',
  'event.waitlisted', 'exhibitor.documentOpened', 'exhibitor.socialLinkOpened', 'exhibitor.viewed', 'exhibitor.virtualBoothJoined',
  'exhibitor.weblinkOpened', 'lead.inboundCreated', 'lead.qualified', 'lead.scanned', 'session.checkedIn', 'session.checkedOut', 'session.enrolled',
  'session.feedbackSubmitted', 'session.noShow', 'session.pollResponseSubmitted', 'session.questionAsked', 'session.questionUpvoted',
  'session.unenrolled', 'session.waitlisted', 'speaker.feedbackSubmitted', 'speaker.fileDownloaded', 'appointment.external', 'event.external',
  'exhibitor.external', 'session.external', 'event.adViewed', 'event.adClicked',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

// The reference's external-activity-type.json.
export const EXTERNAL_TYPES = ['event.external', 'session.external', 'appointment.external', 'exhibitor.external'] as const satisfies readonly ActivityType[];
export type ExternalType = (typeof EXTERNAL_TYPES)[number];

/** One row per thing an attendee did; rows are only ever inserted, erased in place or purged (retention). */
export interface AttendeeActivitiesTable {
  id: string;
  account_id: string;
  event_id: string;
  attendee_id: string;
  contact_id: string | null; // the attendee's contact when it was recorded (erasure finds the rows by it)
  type: ActivityType;
  name: string;
  time: string; // when it happened
  created: string; // when it was recorded (the list's after/before window and the retention clock)
  // The reference's filter fields that point at other records (ids only).
  session_id: string | null;
  exhibitor_id: string | null;
  appointment_id: string | null;
  speaker_id: string | null;
  data_id: string | null;
  external_date: string | null;
  details: string; // JSON: the reference's `data` of the type. Ids and references; free text only in external additionalFields
}

export interface ExternalActivityMetadataTable extends OwnedColumns, AuditColumns {
  type: ExternalType;
  name: string;
  description: string | null;
  fields: string; // JSON: [{ name, description? }]
}

// Activities name people only by ids; an external activity's additionalFields are a client's free text.
export const ACTIVITIES_TABLES = declareTables('activities', {
  attendee_activities: {
    personal: { details: 'free-text' },
    none: [...OWNED_COLUMNS, 'event_id', 'attendee_id', 'contact_id', 'type', 'name', 'time', 'created', 'session_id', 'exhibitor_id',
      'appointment_id', 'speaker_id', 'data_id', 'external_date'],
  },
  external_activity_metadata: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'type', 'name', 'description', 'fields'] },
});
