import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

const answer = (description?: string) => Type.Union([Type.Literal('too-many-requests'), Type.Literal('limit-exceeded')], description !== undefined ? { description } : {});

export const RequestLogEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  at: Type.String({ format: 'date-time', description: 'When the request arrived (the server\'s clock, never a moved sandbox clock).' }),
  method: Type.String(),
  route: Type.String({ description: 'The route\'s pattern, e.g. `/ea/events/{id}`: never the raw path or its query string.' }),
  status: Type.Integer(),
  latencyMs: Type.Number({ description: 'Milliseconds from the request\'s arrival to its answer, added sandbox latency included.' }),
  requestId: Type.String({ description: 'The X-Request-Id of the request.' }),
  message: Type.Optional(Type.String({ description: 'The error\'s message for a 4xx or 5xx, with quoted values and email addresses redacted (`\'[redacted]\'`).' })),
  sandbox: Type.Optional(Type.String({ description: 'What a sandbox control did to the call, as its Eventline-Sandbox header said (docs/sandbox.md).' })),
}, { title: 'RequestLogEntry' });
export type RequestLogEntry = Static<typeof RequestLogEntrySchema>;

export const RequestLogQuerySchema = Type.Object({
  ...listQuerySchema({ sortable: ['at'] }).properties,
  status: Type.Optional(Type.String({ pattern: '^([1-5]xx|[1-5][0-9]{2})$', description: 'Only this status (`429`) or class (`4xx`).' })),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Only requests at or after this time (as `after`, but inclusive).' })),
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Another application of the account (its client id); the calling application by default.' })),
}, { additionalProperties: false });
export type RequestLogQuery = Static<typeof RequestLogQuerySchema>;
export const RequestLogPageSchema = paginated(RequestLogEntrySchema, 'RequestLogPage');

export const ControlsQuerySchema = Type.Object({
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Another application of the account (its client id); the calling application by default.' })),
}, { additionalProperties: false });

const ForceInput = Type.Object({
  answer: answer('`too-many-requests` (the rate\'s 429) or `limit-exceeded` (the daily quota\'s 429).'),
  calls: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'For the next this many calls. Give `calls` or `seconds`.' })),
  seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400, description: 'For this many seconds from now. Give `calls` or `seconds`.' })),
}, { additionalProperties: false, title: 'SandboxForceInput' });

const ClockInput = Type.Object({
  offsetSeconds: Type.Optional(Type.Integer({ minimum: -366 * 86_400, maximum: 366 * 86_400, description: 'Move the application\'s clock by this many seconds.' })),
  now: Type.Optional(Type.String({
    minLength: 1, maxLength: 40,
    description: 'Set the application\'s clock to this moment (a date-time, or a UTC time of day such as `23:59:59Z`, meaning today); it runs on from there.',
  })),
}, { additionalProperties: false, title: 'SandboxClockInput' });

export const ControlsInputSchema = Type.Object({
  force: Type.Optional(ForceInput),
  latencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 30_000, description: 'Added to every call before it runs.' })),
  failureRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'The share of calls answered 503 (0-1).' })),
  failureSeed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1, description: 'Makes the sequence of failed calls repeatable (per process, from when the controls are set).' })),
  clock: Type.Optional(ClockInput),
}, { additionalProperties: false, title: 'SandboxControlsInput' });
export type ControlsInput = Static<typeof ControlsInputSchema>;

export const ControlsSchema = Type.Object({
  clientId: Type.String(),
  enabled: Type.Boolean({ description: 'Whether this deployment allows sandbox controls (SANDBOX_CONTROLS).' }),
  force: Type.Optional(Type.Object({
    answer: answer(),
    calls: Type.Optional(Type.Integer()),
    remaining: Type.Optional(Type.Integer({ description: 'Forced calls left of `calls`.' })),
    until: Type.Optional(Type.String({ format: 'date-time' })),
  }, { title: 'SandboxForce' })),
  latencyMs: Type.Integer(),
  failureRate: Type.Number(),
  failureSeed: Type.Optional(Type.Integer()),
  clock: Type.Optional(Type.Object({
    offsetSeconds: Type.Number(),
    now: Type.String({ format: 'date-time', description: 'The application\'s clock at the time of this answer.' }),
  }, { title: 'SandboxClock' })),
  lastModified: Type.Optional(Type.String({ format: 'date-time' })),
}, { title: 'SandboxControls' });
export type Controls = Static<typeof ControlsSchema>;
