import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface SpeakerCategoriesTable extends OwnedColumns, AuditColumns {
  name: string;
  active: number; // 0 | 1
}

export interface SpeakersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  category_id: string | null;
  contact_id: string | null; // the contact of the same email in the account, when there is one
  first_name: string;
  last_name: string;
  code: string | null;
  email: string | null;
  prefix: string | null;
  designation: string | null;
  company: string; // '' when blank: a sort key (keyset paging compares it)
  title: string; // '' when blank, likewise
  twitter_url: string | null;
  facebook_url: string | null;
  linkedin_url: string | null;
  visibility: number; // 0 | 1
  biography: string | null;
  internal_note: string | null;
  featured: number; // 0 | 1
  sort_order: number; // the reference's read-only `order`: the speaker's rank of creation in its event
  profile_image_file_id: string | null; // a file of the files module, attached as 'speaker-profile-image:<id>'
}

export interface SpeakerDocumentsTable extends OwnedColumns, AuditColumns {
  speaker_id: string;
  file_id: string; // attached as 'speaker-document:<speaker id>'
}

export interface SessionSpeakersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  speaker_id: string;
  category_id: string | null;
  sort_order: number | null;
}

export interface ProgramItemSpeakersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  session_id: string;
  program_item_id: string;
  speaker_id: string;
}

// A speaker is a person (issue 29): names, email, job and links are hers and are replaced or cleared when the
// contact of the same person is obfuscated; the biography and the planners' note are free text that may name anyone.
// Categories and the session links hold ids and the planner's catalogue only.
export const SPEAKERS_TABLES = declareTables('speakers', {
  speaker_categories: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name'] },
  speakers: {
    personal: {
      first_name: 'replaced', last_name: 'replaced', email: 'cleared', code: 'cleared', prefix: 'cleared', designation: 'cleared', company: 'cleared',
      title: 'cleared', twitter_url: 'cleared', facebook_url: 'cleared', linkedin_url: 'cleared', biography: 'free-text', internal_note: 'free-text',
    },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'category_id', 'contact_id', 'profile_image_file_id'],
  },
  speaker_documents: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'speaker_id', 'file_id'] },
  session_speakers: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'speaker_id', 'category_id'] },
  program_item_speakers: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'session_id', 'program_item_id', 'speaker_id'] },
});
