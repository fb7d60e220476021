import { Type, type Static, type TProperties } from 'typebox';
import { Uuid } from './exhibitors.schemas.js';
import { AssociatedRefs, AuditSchema, ExhibitorParamsSchema, PathRefs, ReadOnlyAudit } from './team.schemas.js';

// The reference's Exhibitor Content schemas: file / existing-file, weblink / existing-weblink,
// and their lists (at most 50 items, no paging).

/** At most this many files, and this many weblinks, per exhibitor: the reference's lists hold at most 50. */
export const MAX_CONTENT = 50;

const Order = Type.Integer({ minimum: 1, maximum: 100_000, description: 'Display order (ascending; ties by creation).' });
const Hidden = Type.Optional(Type.Boolean({ default: false, description: 'True hides it from attendees.' }));

export const FileParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, fileId: Type.String({ format: 'uuid', description: 'ID of a file (from POST /files).' }) });
export const WeblinkParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, weblinkId: Type.String({ format: 'uuid', description: 'ID of an exhibitor weblink.' }) });

/** A file's or weblink's body: the path's event and exhibitor, its own fields, and where attendees see it. */
const contentInput = <F extends TProperties>(title: string, fields: F) => Type.Object({
  ...ReadOnlyAudit, ...PathRefs, ...fields, hidden: Hidden, order: Order,
}, { title, additionalProperties: false });

/** A file or weblink as answered: its id, event and exhibitor, its own fields, where it is shown, and the audit fields. */
const contentSchema = <F extends TProperties>(title: string, idDescription: string, fields: F) => Type.Object({
  id: Uuid(idDescription), ...AssociatedRefs, ...fields, hidden: Type.Boolean(), order: Type.Integer(), ...AuditSchema,
}, { title });

export const FileInputSchema = contentInput('ExhibitorFileInput', {
  displayName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name of the file.' }),
});
export type FileInput = Static<typeof FileInputSchema>;

export const ExhibitorFileSchema = contentSchema('ExhibitorFile', 'Unique ID of the file (the files module\'s id).', { displayName: Type.String() });
export type ExhibitorFile = Static<typeof ExhibitorFileSchema>;
export const ExhibitorFileListSchema = Type.Object({ data: Type.Array(ExhibitorFileSchema, { maxItems: MAX_CONTENT }) }, { title: 'FileListResponse' });

export const WeblinkInputSchema = contentInput('ExhibitorWeblinkInput', {
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name of the weblink.' }),
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'An absolute http or https URL (other schemes, such as javascript:, are 400).' }),
});
export type WeblinkInput = Static<typeof WeblinkInputSchema>;

export const WeblinkSchema = contentSchema('ExhibitorWeblink', 'Unique ID of the weblink.', { name: Type.String(), url: Type.String({ format: 'uri' }) });
export type Weblink = Static<typeof WeblinkSchema>;
export const WeblinkListSchema = Type.Object({ data: Type.Array(WeblinkSchema, { maxItems: MAX_CONTENT }) }, { title: 'WeblinkListResponse' });
