import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Uploaded files (the reference's File tag): the row describes the bytes, which
// live in the storage backend under storage_key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .$call(owned)
    .$call(columns('text!', 'status', 'friendly_name', 'extension', 'content_type'))
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .$call(columns('text', 'sha256'))
    .$call(columns('text!', 'storage_key'))
    .$call(columns('text', 'purpose'))
    .$call(columns('integer', 'image_width', 'image_height'))
    .$call(columns('text', 'attached_to', 'contact_id'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('files_account_contact').on('files').columns(['account_id', 'contact_id']).execute();
  // The purge of unattached and abandoned files walks by creation time.
  await db.schema.createIndex('files_created').on('files').columns(['created']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
