import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Uploaded files (the reference's File tag): the row describes the bytes, which
// live in the storage backend under storage_key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'files', {
    ...owned, ...each('text!', 'status', 'friendly_name', 'extension', 'content_type'), file_size: 'bigint!', sha256: 'text', storage_key: 'text!',
    purpose: 'text', image_width: 'integer', image_height: 'integer', attached_to: 'text', contact_id: 'text', ...audited,
  }, {
    files_account_contact: 'account_id, contact_id',
    // The purge of unattached and abandoned files walks by creation time.
    files_created: 'created',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'files');
}
