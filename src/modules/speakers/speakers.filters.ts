import { defineList, filterColumns, RANGE, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

/** A speaker as the list reads it: its row and its category's name (left join). */
export type SpeakerListRow = Row<'speakers'> & { category_name: string | null };

// Exactly the fields and operators the reference's `filter` lists for GET /speakers (DESIGN rule 6).
const text = { ops: ['eq', 'ne', 'sw', 'contains'] } as const;
const matchable = { ops: ['eq', 'ne', 'sw', 'contains', 'match'], caseInsensitive: true } as const;
const speaker = filterColumns('speakers');
const category = filterColumns('speaker_categories');
export const SPEAKERS_LIST = defineList<SpeakerListRow>({
  name: 'speakers',
  filters: {
    'category.id': speaker.field('category_id', 'uuid'),
    'category.name': category.field('name', 'string', text),
    code: speaker.field('code', 'string', text),
    company: speaker.field('company', 'string', text),
    'contact.id': speaker.field('contact_id', 'uuid'),
    email: speaker.field('email', 'string', matchable),
    'event.id': speaker.field('event_id', 'uuid'),
    featured: speaker.field('featured', 'boolean'),
    firstName: speaker.field('first_name', 'string', matchable),
    id: speaker.field('id', 'uuid', { ops: ['eq', 'ne', 'in'] }),
    lastModified: speaker.field('last_modified', 'datetime', { ops: RANGE }),
    lastName: speaker.field('last_name', 'string', matchable),
    title: speaker.field('title', 'string', text),
    visibility: speaker.field('visibility', 'boolean'),
  },
  sortable: {
    lastModified: { column: 'speakers.last_modified', value: (r) => r.last_modified },
    lastName: { column: 'speakers.last_name', value: (r) => r.last_name },
    firstName: { column: 'speakers.first_name', value: (r) => r.first_name },
    company: { column: 'speakers.company', value: (r) => r.company },
    title: { column: 'speakers.title', value: (r) => r.title },
    order: { column: 'speakers.sort_order', value: (r) => r.sort_order },
  },
  order: [{ column: 'speakers.id', value: (r) => r.id }],
});

/** GET /speaker-categories: `active (eq|ne)`. */
export const SPEAKER_CATEGORIES_LIST = defineList<Row<'speaker_categories'>>({
  name: 'speaker-categories',
  filters: { active: filterColumns('speaker_categories').field('active', 'boolean') },
  order: [{ column: 'speaker_categories.id', value: (r) => r.id }],
});

/** GET /speakers/{id}/docs: `file.id (eq|ne)`. */
export const SPEAKER_DOC_FILTER_FIELDS: FilterFields = { 'file.id': filterColumns('speaker_documents').field('file_id', 'uuid') };
export const speakerDocsList = (speakerId: string) => defineList<Row<'speaker_documents'>>({
  name: `speaker-docs:${speakerId}`,
  filters: SPEAKER_DOC_FILTER_FIELDS,
  order: [{ column: 'speaker_documents.id', value: (r) => r.id }],
});

/** A session's speakers, or a speaker's sessions: the links in id order, no filter. */
export const SESSION_LINK_FILTER_FIELDS: FilterFields = {};
export const sessionLinksList = (name: string) => defineList<Row<'session_speakers'> & { category_name: string | null }>({
  name,
  filters: SESSION_LINK_FILTER_FIELDS,
  order: [{ column: 'session_speakers.id', value: (r) => r.id }],
});

/** GET /program-items/speakers: `programItem.id (eq|in)`, `session.id (eq|in)`, from indexes (account_id, <column>, id). */
const itemSpeaker = filterColumns('program_item_speakers');
export const PROGRAM_ITEM_SPEAKERS_LIST = defineList<Row<'program_item_speakers'>>({
  name: 'program-item-speakers',
  filters: {
    'programItem.id': { ...itemSpeaker.field('program_item_id', 'uuid', { ops: ['eq', 'in'] }), indexed: true },
    'session.id': { ...itemSpeaker.field('session_id', 'uuid', { ops: ['eq', 'in'] }), indexed: true },
  },
  order: [{ column: 'program_item_speakers.id', value: (r) => r.id }],
});
