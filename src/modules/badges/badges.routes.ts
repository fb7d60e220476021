import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { badgesList, poolsList, printJobsList } from './badges.filters.js';
import {
  BadgeInputSchema, BadgePageSchema, BadgeParamsSchema, BadgeSchema, EventParamsSchema, FilteredQuerySchema, PoolInputSchema, PoolPageSchema, PoolParamsSchema,
  PoolSchema, PrintEventParamsSchema, PrintJobCreatedSchema, PrintJobInputSchema, PrintJobPageSchema, PrintJobParamsSchema, PrintJobSchema,
} from './badges.schemas.js';
import type { BadgesService } from './badges.service.js';

const filters = (fields: FilterFields) => `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only reads printer pools.';

export function badgesRoutes(badges: BadgesService) {
  return operations((op) => {
    // ---- Badges ----
    op.list('getBadge', {
      description: `The event's badges, in creation order. ${filters(badgesList('').filters)} 404 when the event is not the account's.`,
      params: EventParamsSchema, query: FilteredQuerySchema, page: BadgePageSchema, errors: [404], filters: badgesList('').filters,
      list: (auth, query, params) => badges.listBadges(auth.accountId, params.id, query),
    });
    op('postBadge', {
      description: 'Gives an attendee of the event a badge. `id` is the badge id printed on it (unique in the event: 400 when taken); `event.id` must be the event of the path and '
        + '`attendee.id` one of its attendees (400 otherwise).',
      params: EventParamsSchema, body: BadgeInputSchema, response: { 200: BadgeSchema },
    }, async ({ auth, params, body }) => badges.createBadge(auth, params.id, body));
    op('updateBadge', {
      description: 'Replaces the badge\'s status, type and attendee. Its id cannot change (400 when the body\'s `id` is not the path\'s badgeId).',
      params: BadgeParamsSchema, body: BadgeInputSchema, response: { 200: BadgeSchema },
    }, async ({ auth, params, body }) => badges.updateBadge(auth, params.id, params.badgeId, body));

    // ---- Printer pools ----
    op.list('getBadgePrinterPools', {
      description: `The event's badge printer pools, in creation order. ${filters(poolsList('').filters)}`,
      params: PrintEventParamsSchema, query: FilteredQuerySchema, page: PoolPageSchema, filterOperationId: null, errors: [404], filters: poolsList('').filters,
      list: (auth, query, params) => badges.listPools(auth.accountId, params.eventId, query),
    });
    op('getBadgePrinterPool', { description: 'One badge printer pool of the event.', params: PoolParamsSchema, response: { 200: PoolSchema } },
      async ({ auth, params }) => badges.getPool(auth.accountId, params.eventId, params.poolId));
    op('createBadgePrinterPool', {
      description: `Creates a badge printer pool of the event; print jobs name a pool. ${EXTENSION}`,
      params: PrintEventParamsSchema, body: PoolInputSchema, response: { 201: PoolSchema },
    }, async ({ auth, params, body }) => badges.createPool(auth, params.eventId, body));
    op('updateBadgePrinterPool', {
      description: `Renames or disables the pool (a disabled pool takes no new print jobs; an omitted \`disabled\` is false). ${EXTENSION}`,
      params: PoolParamsSchema, body: PoolInputSchema, response: { 200: PoolSchema },
    }, async ({ auth, params, body }) => badges.updatePool(auth, params.eventId, params.poolId, body));

    // ---- Print jobs ----
    op.list('getEventBadgePrintJobs', {
      description: `The event's badge print jobs, in creation order, with their status. ${filters(printJobsList('').filters)} `
        + 'eventline renders PDFs and assigns no printer: `printer.id eq` matches no job.',
      params: PrintEventParamsSchema, query: FilteredQuerySchema, page: PrintJobPageSchema, filterOperationId: null, errors: [404], filters: printJobsList('').filters,
      list: (auth, query, params) => badges.listJobs(auth.accountId, params.eventId, query),
    });
    op('createBadgePrintJob', {
      description: 'Schedules a print job of the badge `badgeId` (and, an eventline extension, of the badges in `badgeIds`, a page each) in an enabled pool of the event. '
        + 'A worker renders a PDF (a page per badge: the attendee\'s name, company and a QR code of the attendee\'s id) and stores it as a file: the job moves from Scheduled '
        + 'to Assigned to Done (`document` then holds the file and a signed URL), or to Failed with a `code` (BadgeNotFound, AttendeeDataMissing, BadgeRenderIssue, Unknown). '
        + 'An unknown badge or pool, or a disabled pool, is 400.',
      params: PrintEventParamsSchema, body: PrintJobInputSchema, response: { 201: PrintJobCreatedSchema },
    }, async ({ auth, params, body }) => badges.createJob(auth, params.eventId, body));
    op('getBadgePrintJob', {
      description: 'One print job of the event and its status; once Done, `document` (an eventline extension) is the PDF with a signed, expiring URL.',
      params: PrintJobParamsSchema, response: { 200: PrintJobSchema },
    }, async ({ auth, params }) => badges.getJob(auth.accountId, params.eventId, params.jobId));
  });
}
