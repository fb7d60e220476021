import { Type } from 'typebox';
import type { Operations } from '../../http/operations.js';
import type { ExhibitorContentService } from './content.service.js';
import { ExhibitorFileListSchema, ExhibitorFileSchema, FileInputSchema, FileParamsSchema, WeblinkInputSchema, WeblinkListSchema, WeblinkParamsSchema, WeblinkSchema } from './content.schemas.js';
import { exhibitorPath, ExhibitorParamsSchema } from './team.schemas.js';

/** The Exhibitor Content tag: an exhibitor's files and weblinks. */
export function declareContentOperations(op: Operations, content: ExhibitorContentService): void {
  op('listExhibitorFiles', {
    description: 'The files associated with the exhibitor (at most 50), by `order`, then oldest first. A file\'s location is at GET /files/{id}.',
    params: ExhibitorParamsSchema, response: { 200: ExhibitorFileListSchema },
  }, async ({ auth, params }) => content.listFiles(auth.accountId, ...exhibitorPath(params)));

  op('getExhibitorFile', {
    description: 'One file associated with the exhibitor (404 if the file is not associated with it).',
    params: FileParamsSchema, response: { 200: ExhibitorFileSchema },
  }, async ({ auth, params }) => content.getFile(auth.accountId, ...exhibitorPath(params), params.fileId.toLowerCase()));

  op('updateExhibitorFile', {
    description: 'Associates a file uploaded with POST /files with the exhibitor, or updates its display name, order and visibility. '
      + 'The file is attached in the files module, so it no longer expires. A file of another account is 404; a file already associated with '
      + 'something else (another exhibitor, a banner or logo) is 422, as is a 51st file. `event.id` and `exhibitor.id` must be the path\'s (400).',
    params: FileParamsSchema, body: FileInputSchema, response: { 200: ExhibitorFileSchema },
  }, async ({ auth, params, body }) => content.putFile(auth, ...exhibitorPath(params), params.fileId.toLowerCase(), body));

  op('disassociateExhibitorFile', {
    description: 'Disassociates the file from the exhibitor. The file itself stays, unattached: it expires 30 days after its upload, like any unassociated file.',
    params: FileParamsSchema, response: { 204: Type.Null({ description: 'Successfully disassociated exhibitor file.' }) },
  }, async ({ auth, params }) => content.removeFile(auth, ...exhibitorPath(params), params.fileId.toLowerCase()).then(() => null));

  op('listExhibitorWeblinks', {
    description: 'The weblinks of the exhibitor (at most 50), by `order`, then oldest first.',
    params: ExhibitorParamsSchema, response: { 200: WeblinkListSchema },
  }, async ({ auth, params }) => content.listWeblinks(auth.accountId, ...exhibitorPath(params)));

  op('getExhibitorWeblink', { description: 'One weblink of the exhibitor.', params: WeblinkParamsSchema, response: { 200: WeblinkSchema } },
    async ({ auth, params }) => content.getWeblink(auth.accountId, ...exhibitorPath(params), params.weblinkId.toLowerCase()));

  op('createExhibitorWeblink', {
    description: 'Creates a weblink. `url` must be an absolute http or https URL without credentials (400 otherwise: `javascript:`, `data:`, relative URLs). '
      + 'A 51st weblink is 422. `event.id` and `exhibitor.id` must be the path\'s (400).',
    params: ExhibitorParamsSchema, body: WeblinkInputSchema, response: { 201: WeblinkSchema },
  }, async ({ auth, params, body }) => content.createWeblink(auth, ...exhibitorPath(params), body));

  op('updateExhibitorWeblink', {
    description: 'Replaces the weblink (the same rules as creating one).',
    params: WeblinkParamsSchema, body: WeblinkInputSchema, response: { 200: WeblinkSchema },
  }, async ({ auth, params, body }) => content.updateWeblink(auth, ...exhibitorPath(params), params.weblinkId.toLowerCase(), body));

  op('deleteExhibitorWeblink', {
    description: 'Deletes the weblink.',
    params: WeblinkParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted exhibitor weblink.' }) },
  }, async ({ auth, params }) => content.removeWeblink(auth.accountId, ...exhibitorPath(params), params.weblinkId.toLowerCase()).then(() => null));
}
