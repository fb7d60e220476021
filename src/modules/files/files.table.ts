import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** `pending`: bytes still arriving (invisible to the API; a crash leaves it to the purge job). `stored`: complete. */
export type FileStatus = 'pending' | 'stored';

export interface FilesTable extends OwnedColumns, AuditColumns {
  status: FileStatus;
  friendly_name: string; // the file name the client sent, without any path
  extension: string; // one of the allowed extensions, checked against the bytes
  content_type: string; // what downloads are served as (from the extension the bytes confirmed)
  file_size: number;
  sha256: string | null; // hex digest of the bytes, set when stored
  storage_key: string; // <account id>/<file id> in the storage backend
  purpose: string | null; // 'image' (a banner/logo image check) or 'video' (a video for the library), as the upload asked
  image_width: number | null;
  image_height: number | null;
  // What the file is attached to ('exhibitor:<id>', ...); NULL: unattached, removed after 30 days (the reference).
  attached_to: string | null;
  // The contact whose file this is (a profile picture, a lead's document); obfuscating the contact deletes it.
  contact_id: string | null;
}

// The name a person gave a file may name a person ("cv-jane-doe.pdf"): free text.
export const FILES_TABLES = declareTables('files', {
  files: {
    personal: { friendly_name: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'status', 'extension', 'content_type', 'sha256', 'storage_key', 'purpose', 'attached_to', 'contact_id'],
  },
});
