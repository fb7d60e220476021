import { Type, type Static } from 'typebox';

export const SYNC_OUTCOMES = ['Running', 'Succeeded', 'Failed'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];
export const SYNC_SIDES = ['eventline', 'provider'] as const;
export type SyncSide = (typeof SYNC_SIDES)[number];

const UuidRef = Type.Object({ id: Type.String({ format: 'uuid' }) }, { title: 'UUID' });
/** What webcast_sync_states.snapshot holds: any object (the engine reads the fields it knows). */
export const SnapshotSchema = Type.Object({}, { additionalProperties: true });
/** What webcast_sync_states.progress holds. */
export const ProgressSchema = Type.Object({
  registrants: Type.Optional(Type.Integer({ minimum: 0 })),
  attendeeLinks: Type.Optional(Type.Integer({ minimum: 0 })),
  checkIns: Type.Optional(Type.Integer({ minimum: 0 })),
  recording: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const SyncConflictSchema = Type.Object(
  {
    field: Type.String({ maxLength: 50, description: 'title, start, end, password or hostKey.' }),
    kept: Type.Enum(SYNC_SIDES, { type: 'string', title: 'SyncSide', description: 'The side whose later edit won.' }),
    discardedValue: Type.Optional(Type.String({ maxLength: 2000, description: 'The losing value; access codes are shown as ***.' })),
    keptValue: Type.Optional(Type.String({ maxLength: 2000 })),
    created: Type.Optional(Type.String({ format: 'date-time', readOnly: true })),
  },
  { title: 'WebcastSyncConflict' },
);
export type SyncConflict = Static<typeof SyncConflictSchema>;

const fields = {
  provider: Type.String({ minLength: 1, maxLength: 50, description: 'The connector (`sim`, ...).' }),
  connection: Type.Optional(Type.Object({ id: Type.String({ format: 'uuid' }) }, {
    title: 'UUID', description: 'The account\'s platform connection the session is held on (GET /platform-connections/{id}); absent: the server-wide SYNC_PROVIDER sync.',
  })),
  meetingId: Type.Optional(Type.String({ maxLength: 300, description: 'The meeting or webinar id on the provider.' })),
  webcast: Type.Optional(UuidRef),
  outcome: Type.Enum(SYNC_OUTCOMES, { type: 'string', title: 'WebcastSyncOutcome' }),
  error: Type.Optional(Type.String({ maxLength: 2000, description: 'Why the last run failed.' })),
  lastRun: Type.Optional(Type.String({ format: 'date-time', description: 'When the last run for this session started.' })),
  snapshot: Type.Optional(Type.Union([SnapshotSchema, Type.Null()], { description: 'The values both sides last agreed on (title, start, end, password, hostKey); the engine compares edits against it.' })),
  progress: Type.Optional(ProgressSchema),
};

export const SyncStateInputSchema = Type.Object(
  { ...fields, conflicts: Type.Optional(Type.Array(SyncConflictSchema, { maxItems: 50, description: 'Conflicts resolved in this run; appended to the log.' })) },
  { title: 'WebcastSyncStateInput', additionalProperties: false },
);
export type SyncStateInput = Static<typeof SyncStateInputSchema>;

export const SyncStateSchema = Type.Object(
  {
    session: UuidRef,
    ...fields,
    conflicts: Type.Array(SyncConflictSchema, { description: 'The 50 latest conflicts, newest first.' }),
    created: Type.String({ format: 'date-time' }),
    lastModified: Type.String({ format: 'date-time' }),
  },
  { title: 'WebcastSyncState' },
);
export type SyncState = Static<typeof SyncStateSchema>;

export const SessionIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Session id' }) });

export const StartSyncInputSchema = Type.Object(
  { connection: Type.Object({ id: Type.String({ format: 'uuid', description: 'The platform connection (GET /platform-connections) to create the meeting on.' }) }) },
  { title: 'WebcastSyncStart', additionalProperties: false },
);
export type StartSyncInput = Static<typeof StartSyncInputSchema>;
