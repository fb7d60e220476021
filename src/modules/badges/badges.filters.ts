import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6).

const badge = filterColumns('badges');
/** GET /events/{id}/badges (and its POST .../filter twin): `id (eq)`, `attendee.id (eq)`. */
export const badgesList = (eventId: string) => defineList<Row<'badges'>>({
  name: `badges:${eventId}`,
  filters: {
    id: badge.field('badge_id', 'string', { ops: ['eq'] }),
    'attendee.id': badge.field('attendee_id', 'uuid', { ops: ['eq'] }),
  },
  order: [{ column: 'badges.id', value: (r) => r.id }],
});

const pool = filterColumns('badge_printer_pools');
/** GET /events/{eventId}/badge-printer-pools: `disabled (eq|ne)`. */
export const poolsList = (eventId: string) => defineList<Row<'badge_printer_pools'>>({
  name: `badge-printer-pools:${eventId}`,
  filters: { disabled: pool.field('disabled', 'boolean') },
  order: [{ column: 'badge_printer_pools.id', value: (r) => r.id }],
});

const job = filterColumns('badge_print_jobs');
/** GET /events/{eventId}/badge-print-jobs: `id`, `pool.id`, `printer.id`, `status` (eq|ne). No printer is ever assigned: see the service. */
export const printJobsList = (eventId: string) => defineList<Row<'badge_print_jobs'>>({
  name: `badge-print-jobs:${eventId}`,
  filters: {
    id: job.field('id', 'uuid'),
    'pool.id': job.field('pool_id', 'uuid'),
    // eventline renders PDFs and assigns no printer: printer_id stays null, so `eq` matches no job.
    'printer.id': job.field('printer_id', 'uuid'),
    status: job.field('status', 'string'),
  },
  order: [{ column: 'badge_print_jobs.id', value: (r) => r.id }],
});
