import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of badges (badge), badge printer pools (existing-badge-printer-pool) and badge print jobs
// (badge-print-job-created, existing-badge-print-job): field names, enums and lengths as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const ReadOnly = (description = 'Read-only: ignored.') => Type.Optional(Type.String({ description }));

const Audit = {
  created: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was created.' }),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: Type.String({ format: 'date-time', description: 'The ISO 8601 zoned date time when this record was updated.' }),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};
const ReadOnlyAudit = { created: ReadOnly(), createdBy: ReadOnly(), lastModified: ReadOnly(), lastModifiedBy: ReadOnly() };

const { limit, token, filter } = listQuerySchema().properties;
export const FilteredQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });

export const EventParamsSchema = Type.Object({ id: Uuid('ID of an event.') });
export const BadgeParamsSchema = Type.Object({ id: Uuid('ID of an event.'), badgeId: Type.String({ minLength: 1, maxLength: 100, description: 'The badge id.' }) });
export const PrintEventParamsSchema = Type.Object({ eventId: Uuid('ID of an event.') });
export const PoolParamsSchema = Type.Object({ eventId: Uuid('ID of an event.'), poolId: Uuid('ID of a badge printer pool of the event.') });
export const PrintJobParamsSchema = Type.Object({ eventId: Uuid('ID of an event.'), jobId: Uuid('ID of a badge print job of the event.') });

// ---- Badges ----

export const BADGE_STATUSES = ['Assigned', 'Active', 'Deactivated', 'Deleted'] as const;
export const BADGE_TYPES = ['Epc', 'Qr'] as const;
const BadgeStatus = Type.Enum(BADGE_STATUSES, { type: 'string', title: 'BadgeStatus', description: 'Badge status' });
const BadgeType = Type.Enum(BADGE_TYPES, { type: 'string', title: 'BadgeType', description: 'Badge type' });

const BadgeFields = {
  id: Type.String({ minLength: 1, maxLength: 36, pattern: '^[A-Za-z0-9._:-]+$', description: 'Id of a badge: what is printed on it (letters, digits and . _ : -), unique in the event.' }),
  status: BadgeStatus,
  type: BadgeType,
  attendee: Type.Object({ id: Uuid('An attendee of the event.') }, { title: 'Attendee' }),
  event: Type.Object({ id: Uuid('The event: the one in the path.') }, { title: 'Event' }),
};
export const BadgeInputSchema = Type.Object({ ...BadgeFields, ...ReadOnlyAudit }, { title: 'Badge', additionalProperties: false });
export type BadgeInput = Static<typeof BadgeInputSchema>;
export const BadgeSchema = Type.Object({ ...BadgeFields, ...Audit }, { title: 'Badge' });
export type Badge = Static<typeof BadgeSchema>;
export const BadgePageSchema = paginated(BadgeSchema, 'BadgeListResponse');

// ---- Printer pools ----

const PoolName = Type.String({ minLength: 1, maxLength: 50, description: 'The name of the badge printer pool.' });
export const PoolInputSchema = Type.Object({
  name: PoolName,
  disabled: Type.Optional(Type.Boolean({ default: false, description: 'A disabled pool takes no new print jobs.' })),
  id: Type.Optional(Uuid('Read-only: ignored.')),
}, { title: 'BadgePrinterPool', additionalProperties: false });
export type PoolInput = Static<typeof PoolInputSchema>;
export const PoolSchema = Type.Object({
  id: Uuid('ID of the badge printer pool.'), name: PoolName, disabled: Type.Boolean({ description: 'A flag to indicate if the pool is disabled.' }),
}, { title: 'ExistingBadgePrinterPool' });
export type Pool = Static<typeof PoolSchema>;
export const PoolPageSchema = paginated(PoolSchema, 'BadgePrinterPoolsPaginatedResponse');

// ---- Print jobs ----

export const PRINT_JOB_STATUSES = ['Scheduled', 'Rescheduled', 'Assigned', 'Failed', 'Done', 'Canceled'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];
export const PRINT_JOB_ERROR_CODES = ['BadgeNotFound', 'BadgeRenderIssue', 'Connection', 'PrinterError', 'AttendeeDataMissing', 'Unknown'] as const;
export type PrintJobErrorCode = (typeof PRINT_JOB_ERROR_CODES)[number];
const PrintJobStatus = Type.Enum(PRINT_JOB_STATUSES, { type: 'string', title: 'BadgePrintJobStatus' });
const BadgeIdOfJob = Type.String({ minLength: 1, maxLength: 36, description: 'The id of a badge of the event (GET /events/{id}/badges) to print.' });
/** At most this many badges in one job (one PDF page each). */
export const MAX_JOB_BADGES = 200;

export const PrintJobInputSchema = Type.Object({
  pool: Type.Object({ id: Uuid('An enabled badge printer pool of the event.') }, { title: 'BadgePrinterPoolRef' }),
  badgeId: BadgeIdOfJob,
  badgeIds: Type.Optional(Type.Array(BadgeIdOfJob, {
    minItems: 1, maxItems: MAX_JOB_BADGES - 1, uniqueItems: true,
    description: 'eventline extension: more badges to print in the same job, a page each after badgeId\'s.',
  })),
  id: Type.Optional(Uuid('Read-only: ignored.')),
  status: Type.Optional(Type.String({ description: 'Read-only: ignored.' })),
  created: ReadOnly(),
}, { title: 'BadgePrintJobCreated', additionalProperties: false });
export type PrintJobInput = Static<typeof PrintJobInputSchema>;

export const PrintJobCreatedSchema = Type.Object({
  id: Uuid('ID of the badge print job.'), status: PrintJobStatus, pool: Type.Object({ id: Uuid('The pool.') }), badgeId: Type.String({ maxLength: 36 }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'BadgePrintJobCreated' });
export type PrintJobCreated = Static<typeof PrintJobCreatedSchema>;

export const PrintJobSchema = Type.Object({
  id: Uuid('ID of the badge print job.'),
  status: PrintJobStatus,
  pool: Type.Object({ id: Uuid('The pool.') }),
  badgeId: Type.String({ maxLength: 36, description: 'The first badge printed.' }),
  badgeIds: Type.Array(Type.String(), { description: 'eventline extension: every badge of the job, in page order.' }),
  code: Type.Optional(Type.Enum(PRINT_JOB_ERROR_CODES, { type: 'string', title: 'BadgePrintJobErrorCode' })),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  document: Type.Optional(Type.Object({
    id: Uuid('The rendered PDF (a file: GET /files/{id}).'),
    href: Type.String({ format: 'uri', description: 'A signed, expiring URL of the PDF.' }),
    pages: Type.Integer({ description: 'One page per badge.' }),
  }, { description: 'eventline extension: the printable PDF, once the job is Done.' })),
  created: Type.String({ format: 'date-time' }),
  lastModified: Type.String({ format: 'date-time' }),
}, { title: 'ExistingBadgePrintJob' });
export type PrintJob = Static<typeof PrintJobSchema>;
export const PrintJobPageSchema = paginated(PrintJobSchema, 'BadgePrintJobsPaginatedResponse');
