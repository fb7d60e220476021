import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /events/{id}/features lists (DESIGN rule 6).
const { field } = filterColumns('event_features');
export const EVENT_FEATURE_FILTER_FIELDS: FilterFields = {
  enabled: field('enabled', 'boolean', { ops: ['eq'] }),
};

/** The features of one event: its page tokens name the event, so they cannot page another's. */
export const eventFeaturesList = (eventId: string) => defineList<Row<'event_features'>>({
  name: `event-features:${eventId}`,
  filters: EVENT_FEATURE_FILTER_FIELDS,
  order: [{ column: 'event_features.type', value: (r) => r.type }, { column: 'event_features.id', value: (r) => r.id }],
});

/** A weblink is derived, not stored: its rank is its feature's place in the reference's list of types. */
export interface WeblinkItem { readonly rank: number }

/** The weblinks of one event take no filter. */
export const WEBLINK_FILTER_FIELDS: FilterFields = {};

/** The weblinks of one event (the reference allows at most 100 a page). */
export const eventWeblinksList = <T extends WeblinkItem>(eventId: string) => defineList<T>({
  name: `event-weblinks:${eventId}`,
  filters: WEBLINK_FILTER_FIELDS,
  order: [{ column: 'rank', value: (r) => r.rank }],
  maxLimit: 100,
});
