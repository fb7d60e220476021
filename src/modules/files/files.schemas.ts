import { Type, type Static } from 'typebox';
import { ALLOWED_EXTENSIONS } from './files.content.js';

// The reference's File tag: fileUpload (the form) and fileWithAudit (the answer).

/** eventline extension: what the upload is for, checked on the bytes. */
export const PURPOSES = ['image', 'video'] as const;
export type Purpose = (typeof PURPOSES)[number];

const FileIdSchema = Type.String({ format: 'uuid', description: 'The unique identifier of a file.' });
export const FileParamsSchema = Type.Object({ id: FileIdSchema });

// Documents the form for the OpenAPI document only: the route reads the parts as a stream.
export const FileUploadSchema = Type.Object(
  {
    purpose: Type.Optional(Type.Enum(PURPOSES, {
      type: 'string',
      description: 'eventline extension. `image`: the file must be a JPEG, PNG or GIF image (the types the reference allows for exhibitor banners and logos), '
        + 'checked on its bytes and header. `video`: the file must be an MP4, QuickTime or WebM video (for POST /videos), checked on its bytes. '
        + 'Must come before the `file` part.',
    })),
    file: Type.String({
      format: 'binary',
      description: `The file, with its name (Content-Disposition filename). Allowed File Types: ${ALLOWED_EXTENSIONS.join(', ')}. `
        + 'The type is decided from the content (magic bytes); the name\'s extension and an image/* Content-Type must agree with it.',
    }),
  },
  { title: 'File', description: 'File Upload Object', required: ['file'] },
);

export const FileLinkSchema = Type.Object(
  { href: Type.String({ description: 'A full URL of the file\'s bytes: signed, and valid for a limited time (1 hour by default).' }) },
  { title: 'FileLink', description: 'Represents a link to the associated file resource.' },
);

export const FileWithAuditSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'Unique Id of a file' }),
    friendlyName: Type.String({ description: 'Full Name of the file' }),
    path: FileLinkSchema,
    fileSize: Type.Integer({ description: 'Size of the file in bytes.' }),
    created: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was created.' }),
    createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
    lastModified: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was updated.' }),
    lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
  },
  { title: 'FileWithAudit', description: 'File object that represents a file uploaded to the platform.' },
);
export type FileWithAudit = Static<typeof FileWithAuditSchema>;
export interface FileSignedUrl {
  readonly href: string;
  /** Unix seconds. */
  readonly expires: number;
}

export const ContentQuerySchema = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 32, description: 'Expiry of the URL (Unix seconds), as signed.' })),
  kid: Type.Optional(Type.String({ maxLength: 64, description: 'Which key signed the URL.' })),
  sig: Type.Optional(Type.String({ maxLength: 128, description: 'The signature.' })),
});
