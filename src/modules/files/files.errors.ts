import { defineErrors } from '../../errors.js';

export const FileErrors = defineErrors({
  notFound: { status: 404, message: 'File not found' },
  missingFile: { status: 400, message: "The form has no file: send one part named 'file' (multipart/form-data) with a file name" },
  badForm: { status: 400, message: "The form takes one part named 'file' and, before it, an optional 'purpose' field" },
  badBody: { status: 400, message: 'The multipart body is malformed or was cut short' },
  notMultipart: { status: 415, message: "Send the file as multipart/form-data, in a part named 'file'" },
  badFile: { status: 400, message: 'The file type is not allowed' },
  tooLarge: { status: 413, message: 'The file is too large' },
  badSignature: { status: 403, message: 'The file URL is invalid or has expired: get a new one from GET /files/{id}' },
  notAnImage: { status: 400, message: 'The file is not a JPEG, PNG or GIF image' },
});
