import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { AuthContext } from '../../actor.js';
import { REQUEST_LOG_FILTER_FIELDS } from './sandbox.filters.js';
import { ControlsInputSchema, ControlsQuerySchema, ControlsSchema, RequestLogPageSchema, RequestLogQuerySchema } from './sandbox.schemas.js';
import type { RequestLogService, SandboxControlsService } from './sandbox.service.js';

/** The application a call reads or controls: its own, or another of its account named by client id (another account's: 404). */
export type ApplicationOf = (auth: AuthContext, clientId: string | undefined) => Promise<string>;

export function sandboxRoutes(deps: { logs: RequestLogService; controls: SandboxControlsService; applicationOf: ApplicationOf; base: string }) {
  const { logs, controls, applicationOf, base } = deps;
  // Reading the log is not itself logged (`eventline logs --follow` would fill the log with its own polls), and sandbox
  // controls do not act on it. The controls' own operations are not acted on either (a forced 429 could not be lifted
  // otherwise), nor counted against the quota (a used-up quota must not keep its controls from being changed).
  const unlogged = { config: { requestLog: false as const, sandboxControls: false as const } };
  const control = { config: { sandboxControls: false as const, rateLimit: 'exempt' as const } };
  return operations((op) => {
    op.list('listRequestLogs', {
      description: 'eventline extension (not in the reference): the request log of the calling application (or, with `clientId`, of another '
        + 'application of the account): method, route pattern, status, latency, request id, the error\'s message (quoted values redacted) '
        + 'and the sandbox control that acted, of its last requests (REQUEST_LOG_SIZE per application, kept REQUEST_LOG_TTL_HOURS). Bodies, '
        + 'query strings and raw paths are never logged. Entries are written in batches, about a second after the request. Oldest first '
        + '(`sort=at:DESC` for the newest first). `status` (`429` or `4xx`) and `since` narrow it; filterable: status (eq|ne|lt|le|gt|ge), '
        + 'method (eq|ne|in), route (eq|ne|sw|in), requestId (eq|ne), at (eq|ne|lt|le|gt|ge). Reading the log is not itself logged. See docs/sandbox.md.',
      query: RequestLogQuerySchema, page: RequestLogPageSchema, filters: REQUEST_LOG_FILTER_FIELDS, filterOperationId: null, errors: [404],
      route: unlogged,
      list: async (auth, query) => logs.list(auth.accountId, await applicationOf(auth, query.clientId), query, `${base}/request-logs`),
    });
    const note = ' Sandbox controls exist only where the deployment turns them on (SANDBOX_CONTROLS=1); elsewhere this answers 403. See docs/sandbox.md.';
    op('getSandboxControls', {
      querystring: ControlsQuerySchema, response: { 200: ControlsSchema }, errors: [404], route: control,
      description: 'eventline extension: the sandbox controls of the calling application (or, with `clientId`, of another application of the account).' + note,
    }, async (request) => controls.get(request.auth.accountId, await applicationOf(request.auth, request.query.clientId)));
    op('setSandboxControls', {
      querystring: ControlsQuerySchema, body: ControlsInputSchema, response: { 200: ControlsSchema }, errors: [404], route: control,
      description: 'eventline extension: replaces the application\'s sandbox controls (what the body leaves out is off): `force` a 429 '
        + '("Too Many Requests" or "Limit Exceeded") for the next `calls` calls or for `seconds`; add `latencyMs` to every call; answer 503 '
        + 'on a `failureRate` share of calls (`failureSeed` makes the sequence repeatable); move the application\'s `clock` (by `offsetSeconds`, '
        + 'or to `now`, e.g. `23:59:59Z`) for the daily quota\'s window. Every call a control acts on says so in its `Eventline-Sandbox` header '
        + 'and its request log entry.' + note,
    }, async (request) => controls.set(request.auth.accountId, await applicationOf(request.auth, request.query.clientId), request.body));
    op('deleteSandboxControls', {
      querystring: ControlsQuerySchema, response: { 204: Type.Null({ description: 'Every control is off' }) }, errors: [404], route: control,
      description: 'eventline extension: turns every sandbox control of the application off.' + note,
    }, async (request, reply) => {
      await controls.clear(request.auth.accountId, await applicationOf(request.auth, request.query.clientId));
      return reply.code(204).send();
    });
  });
}
