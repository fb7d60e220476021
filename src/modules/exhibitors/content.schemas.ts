import { Type, type Static } from 'typebox';
import { AuditSchema, ExhibitorParamsSchema, ReadOnlyAudit, Ref } from './team.schemas.js';

// The reference's Exhibitor Content schemas: file / existing-file, weblink / existing-weblink,
// and their lists (at most 50 items, no paging).

/** At most this many files, and this many weblinks, per exhibitor: the reference's lists hold at most 50. */
export const MAX_CONTENT = 50;

const Order = Type.Integer({ minimum: 1, maximum: 100_000, description: 'Display order (ascending; ties by creation).' });
const Hidden = Type.Optional(Type.Boolean({ default: false, description: 'True hides it from attendees.' }));

export const FileParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, fileId: Type.String({ format: 'uuid', description: 'ID of a file (from POST /files).' }) });
export const WeblinkParamsSchema = Type.Object({ ...ExhibitorParamsSchema.properties, weblinkId: Type.String({ format: 'uuid', description: 'ID of an exhibitor weblink.' }) });

export const FileInputSchema = Type.Object({
  ...ReadOnlyAudit,
  event: Ref('The event: the one in the path.'),
  exhibitor: Ref('The exhibitor: the one in the path.'),
  displayName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name of the file.' }),
  hidden: Hidden,
  order: Order,
}, { title: 'ExhibitorFileInput', additionalProperties: false });
export type FileInput = Static<typeof FileInputSchema>;

export const ExhibitorFileSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Unique ID of the file (the files module\'s id).' }),
  event: Ref('The Associated Event.'),
  exhibitor: Ref('The Associated Exhibitor.'),
  displayName: Type.String(), hidden: Type.Boolean(), order: Type.Integer(),
  ...AuditSchema,
}, { title: 'ExhibitorFile' });
export type ExhibitorFile = Static<typeof ExhibitorFileSchema>;
export const ExhibitorFileListSchema = Type.Object({ data: Type.Array(ExhibitorFileSchema, { maxItems: MAX_CONTENT }) }, { title: 'FileListResponse' });

export const WeblinkInputSchema = Type.Object({
  ...ReadOnlyAudit,
  event: Ref('The event: the one in the path.'),
  exhibitor: Ref('The exhibitor: the one in the path.'),
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name of the weblink.' }),
  url: Type.String({ minLength: 1, maxLength: 2000, description: 'An absolute http or https URL (other schemes, such as javascript:, are 400).' }),
  hidden: Hidden,
  order: Order,
}, { title: 'ExhibitorWeblinkInput', additionalProperties: false });
export type WeblinkInput = Static<typeof WeblinkInputSchema>;

export const WeblinkSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Unique ID of the weblink.' }),
  event: Ref('The Associated Event.'),
  exhibitor: Ref('The Associated Exhibitor.'),
  name: Type.String(), url: Type.String({ format: 'uri' }), hidden: Type.Boolean(), order: Type.Integer(),
  ...AuditSchema,
}, { title: 'ExhibitorWeblink' });
export type Weblink = Static<typeof WeblinkSchema>;
export const WeblinkListSchema = Type.Object({ data: Type.Array(WeblinkSchema, { maxItems: MAX_CONTENT }) }, { title: 'WeblinkListResponse' });
