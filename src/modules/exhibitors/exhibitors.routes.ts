import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import {
  BannerLogoFileSchema, EventParamsSchema, ExhibitorFileParamsSchema, ExhibitorInputSchema, ExhibitorPageSchema, ExhibitorParamsSchema, ExhibitorSchema,
  ExhibitorsQuerySchema,
} from './exhibitors.schemas.js';
import type { ExhibitorsService, ImageKind } from './exhibitors.service.js';
import { EXHIBITOR_FILTER_FIELDS } from './exhibitors.filters.js';

const IMAGES: ReadonlyArray<{ kind: ImageKind; put: string; del: string }> = [
  { kind: 'banner', put: 'updateExhibitorBanner', del: 'deleteExhibitorBanner' },
  { kind: 'logo', put: 'updateExhibitorLogo', del: 'deleteExhibitorLogo' },
];

export function exhibitorsRoutes(exhibitors: ExhibitorsService) {
  return operations((op) => {
    op.list('getExhibitors', {
      description: 'The exhibitors of the event. Filterable: hidden (eq), deleted (eq), id (in). Deleted exhibitors are listed only when the filter '
        + 'names `deleted` (e.g. `deleted eq \'true\'`). `after` / `before` bound when an exhibitor was last modified.',
      params: EventParamsSchema, query: ExhibitorsQuerySchema, page: ExhibitorPageSchema, filters: EXHIBITOR_FILTER_FIELDS, list: (auth, query, params) => exhibitors.list(auth.accountId, params.id, query),
    });

    op('createExhibitor', {
      description: 'Creates an exhibitor of the event. `event.id` must be the path\'s, and `sponsorshipLevel.id` one of the event\'s sponsorship levels '
        + '(400 otherwise). Read-only fields (id, deleted, banner and logo, audit) are accepted and ignored: images are set with the banner-files and logo-files operations.',
      params: EventParamsSchema, body: ExhibitorInputSchema, response: { 201: ExhibitorSchema },
    }, async ({ auth, params, body }) => exhibitors.create(auth, params.id, body));

    op('getExhibitor', {
      description: 'One exhibitor of the event (a deleted one is 404). Banner and logo URLs are signed and expire (FILES_URL_TTL_SECONDS).',
      params: ExhibitorParamsSchema, response: { 200: ExhibitorSchema },
    }, async ({ auth, params }) => exhibitors.get(auth.accountId, params.id, params.exhibitorId));

    op('updateExhibitor', {
      description: 'Replaces the exhibitor\'s writable fields: an optional field left out is cleared. The banner and logo stay.',
      params: ExhibitorParamsSchema, body: ExhibitorInputSchema, response: { 200: ExhibitorSchema },
    }, async ({ auth, params, body }) => exhibitors.update(auth, params.id, params.exhibitorId, body));

    op('deleteExhibitor', {
      description: 'Marks the exhibitor deleted (listed with `deleted eq \'true\'`, otherwise 404). It leaves its categories, its registration pack '
        + 'is deleted and its banner and logo are detached (they expire as unassociated files). Its booth staff, content and leads stay.',
      params: ExhibitorParamsSchema, response: { 204: Type.Null({ description: 'Successfully deleted exhibitor.' }) },
    }, async ({ auth, params }) => exhibitors.delete(auth, params.id, params.exhibitorId).then(() => null));

    for (const { kind, put, del } of IMAGES) {
      op(put, {
        description: `Makes an uploaded file (POST /files) the exhibitor's ${kind}, replacing the current one (which then expires as an unassociated file). `
          + 'The file must be a JPEG, PNG or GIF (400 otherwise, nothing changed) and not in use elsewhere (400).',
        params: ExhibitorFileParamsSchema, response: { 200: BannerLogoFileSchema },
      }, async ({ auth, params }) => exhibitors.setImage(auth, params.id, params.exhibitorId, kind, params.fileId));

      op(del, {
        description: `Removes the exhibitor's ${kind}; \`fileId\` must be the current one (404 otherwise). The file expires as an unassociated file.`,
        params: ExhibitorFileParamsSchema, response: { 204: Type.Null({ description: `Successfully deleted exhibitor ${kind} image data.` }) },
      }, async ({ auth, params }) => exhibitors.removeImage(auth, params.id, params.exhibitorId, kind, params.fileId).then(() => null));
    }
  });
}
