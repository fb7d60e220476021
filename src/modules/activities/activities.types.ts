import type { ActivityType } from './activities.table.js';

/** A JSON value, as an activity's `data` holds them. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
/** The reference's `data` of an activity: its details per type. */
export type ActivityData = { readonly [key: string]: JsonValue };

/** What another module reports when an attendee did something. */
export interface ActivityReport {
  readonly accountId: string;
  readonly eventId: string;
  readonly attendeeId: string;
  readonly type: ActivityType;
  /** The activity's name; by default the type in words ('session.checkedIn' -> 'Session Checked In'). */
  readonly name?: string;
  /** When it happened (ISO 8601). */
  readonly time: string;
  /** The records it points at, by id: the reference's filter fields. */
  readonly refs?: {
    readonly sessionId?: string;
    readonly exhibitorId?: string;
    readonly appointmentId?: string;
    readonly speakerId?: string;
    readonly dataId?: string;
    readonly externalDate?: string;
  };
  /**
   * The reference's `data` for the type. Prefer ids to copies: a chat message
   * is named by its id, not quoted, so erasing a person erases it at its source.
   */
  readonly data: ActivityData;
}

/** An activity as it was stored: what listeners (engagement scores) see. */
export interface RecordedActivity {
  readonly id: string;
  readonly accountId: string;
  readonly eventId: string;
  readonly attendeeId: string;
  readonly contactId: string | null;
  readonly type: ActivityType;
  readonly name: string;
  readonly time: string;
  readonly created: string;
}

/**
 * What eventline records that the reference has no type for: `session.external`
 * (or `event.external`) activities with these reserved names. Their metadata is
 * built in; clients cannot register names under `eventline.`.
 */
export const BUILT_IN_ACTIVITIES = {
  chatMessagePosted: 'eventline.chat.messagePosted',
  chatReactionAdded: 'eventline.chat.reactionAdded',
  questionAnswered: 'eventline.qa.questionAnswered',
  joinLinkClicked: 'eventline.joinLink.clicked',
} as const;
export const RESERVED_PREFIX = 'eventline.';

/** The type in words: 'session.checkedIn' -> 'Session Checked In'. */
export function defaultActivityName(type: ActivityType): string {
  return type.split('.').map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2')).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** The data of an external activity (built in or posted): the related record, when it happened, string fields. */
export function externalData(relatedId: string, at: string, additionalFields: Readonly<Record<string, string>>): ActivityData {
  return { id: relatedId, externalActivityDate: at, additionalFields: { ...additionalFields } };
}
