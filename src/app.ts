import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import { pino } from 'pino';
import { Type } from 'typebox';
import type { Config } from './config/index.js';
import { createDb, migrateToLatest, ping, type DbHandle } from './db/index.js';
import { queryErrorReason } from './db/errors.js';
import { Metrics } from './metrics/index.js';
import { registerMetrics } from './http/metrics.js';
import { systemClock, type Clock } from './db/time.js';
import { CommonErrors } from './errors.js';
import { registerAuth } from './http/auth.js';
import { registerAuditScope } from './http/audit-scope.js';
import { operations } from './http/operations.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerAcceptCheck } from './http/accept.js';
import { registerPageTokenSealing } from './http/page-tokens.js';
import { registerJsonBodies } from './http/body.js';
import { registerNulGuard, registerValidation } from './http/validation.js';
import { registerRateLimit } from './http/ratelimit/index.js';
import { openApiDocumentRoutes, registerOpenApi } from './http/openapi.js';
import { registerWebUi } from './http/webui.js';
import { loggerOptions, registerRequestLogging } from './http/logging.js';
import { registerRouteInfo } from './http/route-info.js';
import { registerUnimplemented } from './http/unimplemented.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerRequestLog, registerSandbox } from './http/sandbox.js';
import { JobQueue, Worker, type JobHandler } from './jobs/index.js';
import type { Module, ModuleDeps } from './modules/module.js';
import { EraserRegistry } from './modules/privacy/index.js';
import { createAccountsModule } from './modules/accounts/index.js';
import { createAuditModule } from './modules/audit/index.js';
import { createOAuthModule } from './modules/oauth/index.js';
import { createEventsModule } from './modules/events/index.js';
import { createEventFeaturesModule } from './modules/event-features/index.js';
import { createContactsModule } from './modules/contacts/index.js';
import { createAttendeesModule } from './modules/attendees/index.js';
import { createSessionsModule } from './modules/sessions/index.js';
import { createWebcastsModule } from './modules/webcasts/index.js';
import { createObfuscationModule } from './modules/obfuscation/index.js';
import { createBulkJobsModule } from './modules/bulk-jobs/index.js';
import { createCommunicationsModule } from './modules/communications/index.js';
import { createSyncModule } from './modules/sync/index.js';
import { createUsageModule } from './modules/usage/index.js';
import { createPortalModule } from './modules/portal/index.js';
import { createIdentityModule } from './modules/identity/index.js';
import { createContactHooksModule } from './modules/contact-hooks/index.js';
import { createActivitiesModule } from './modules/activities/index.js';
import { createInsightsModule } from './modules/insights/index.js';
import { createFilesModule } from './modules/files/index.js';
import { createExhibitorsModule } from './modules/exhibitors/index.js';
import { TABLE_DECLARATIONS } from './db/tables.js';
import { createRegistrationTypesModule } from './modules/registration-types/index.js';
import { createVideosModule } from './modules/videos/index.js';
import { createSpeakersModule } from './modules/speakers/index.js';
import { createProgramModule } from './modules/program/index.js';
import { createCustomFieldsModule } from './modules/custom-fields/index.js';
import { createBudgetModule } from './modules/budget/index.js';
import { createHousingModule } from './modules/housing/index.js';
import { createSeatingModule } from './modules/seating/index.js';
import { createMeetingRequestsModule } from './modules/meeting-requests/index.js';
import { createTravelRfpsModule } from './modules/travel-rfps/index.js';
import { createAppointmentsModule } from './modules/appointments/index.js';
import { createTravelModule } from './modules/travel/index.js';
import { createAudienceSegmentsModule } from './modules/audience-segments/index.js';
import { createEventQuestionsModule } from './modules/event-questions/index.js';
import { createSurveysModule } from './modules/surveys/index.js';
import { createEventSetupModule } from './modules/event-setup/index.js';
import { createContactGroupsModule } from './modules/contact-groups/index.js';
import { createContactHistoryModule } from './modules/contact-history/index.js';
import { createAttendeeExtrasModule } from './modules/attendee-extras/index.js';
import { createEventRolesModule } from './modules/event-roles/index.js';
import { createSignaturesModule } from './modules/signatures/index.js';
import { createHubsModule } from './modules/hubs/index.js';
import { createProcessFormsModule } from './modules/process-forms/index.js';
import { createBadgesModule } from './modules/badges/index.js';
import { createEmarketingModule } from './modules/emarketing/index.js';
import { createAttendeeMessagesModule } from './modules/attendee-messages/index.js';
import { createCommerceModule } from './modules/commerce/index.js';
import { createIdempotencyModule } from './modules/idempotency/index.js';
import { createSandboxModule } from './modules/sandbox/index.js';
import { createWebhooksModule } from './modules/webhooks/index.js';
import { Notifier } from './notifications.js';

const StatusSchema = Type.Object({ status: Type.String() });

export interface BuildOptions {
  /** An open database; otherwise one is opened from config and closed with the app. */
  db?: DbHandle;
  clock?: Clock;
  /** Pino options or false; defaults to the config's level. */
  logger?: boolean | Record<string, unknown>;
  /** Run the job worker inside this process (default: config.runWorker). */
  worker?: boolean;
  workerPollMs?: number;
  /** How long a duplicate of a request still running waits for its answer before a 409 (default 10 s; tests shorten it). */
  idempotencyWaitMs?: number;
}

export interface ServiceOptions extends Pick<BuildOptions, 'db' | 'clock'> {
  /** The process's series; a fresh registry otherwise (one per app: apps in one process keep their own). */
  metrics?: Metrics;
  /** A process that serves HTTP: the usage module opens the rate limiter's store. */
  serving?: boolean;
  log?: FastifyBaseLogger;
}

/**
 * Wires every module, in dependency order, without HTTP: the server, the
 * worker and the CLI all call this, so they get the same services, job
 * handlers and erasers. A module's dependencies on other modules are the
 * named services it is handed here.
 */
export async function buildServices(config: Config, opts: ServiceOptions = {}) {
  const db = opts.db ?? createDb(config.database, {
    onIdleError: (err) => opts.log?.warn({ err: { message: err.message, ...('code' in err ? { code: err.code } : {}) } }, 'an idle database connection failed; the pool replaces it'),
  });
  const clock = opts.clock ?? systemClock;
  await migrateToLatest(db.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
  const jobs = new JobQueue(db.db, { clock, dialect: db.dialect });
  const metrics = opts.metrics ?? new Metrics();
  const unobserve = db.onQueryError((err) => metrics.queryError(queryErrorReason(err)));
  // Event notifications (issue 35): services notify in their transactions; the webhooks module plugs in as the sink.
  const notifier = new Notifier();
  const deps: ModuleDeps = { db, config, clock, jobs, metrics, notifier };
  // Every module that stores personal data hands its erasers over; obfuscation runs them all (DESIGN style 9).
  const erasers = new EraserRegistry();

  // The audit log first: the modules that change administrative data record into it (issue 36).
  const audit = createAuditModule(deps);
  const accounts = createAccountsModule(deps, { audit: audit.services.audit, ...(opts.log ? { log: opts.log } : {}) });
  const oauth = await createOAuthModule(deps, { accounts: accounts.services.accounts });
  const events = createEventsModule(deps);
  const eventFeatures = createEventFeaturesModule(deps, { events: events.services.events });
  const contacts = createContactsModule(deps);
  const attendees = createAttendeesModule(deps, { contacts: contacts.services.contacts, events: events.services.events });
  // The activities journal sits below the modules that feed it; engagement scores listen to it.
  const activities = createActivitiesModule(deps, { attendees: attendees.services.attendees });
  attendees.services.eventCheckIn.useJournal(activities.services.activities);
  const insights = createInsightsModule(deps, { activities: activities.services.activities, events: events.services.events });
  const sessions = createSessionsModule(deps, { events: events.services.events, attendees: attendees.services.attendees, activities: activities.services.activities });
  const webcasts = createWebcastsModule(deps, { sessions: sessions.services.sessions, events: events.services.events, attendees: attendees.services.attendees });
  const obfuscation = createObfuscationModule(deps, { accounts: accounts.services.accounts, contacts: contacts.services.contacts, erasers, declarations: TABLE_DECLARATIONS, ...(opts.log ? { log: opts.log } : {}) });
  const bulkJobs = createBulkJobsModule(deps, { obfuscation: obfuscation.services.obfuscation, accounts: accounts.services.accounts });
  const communications = await createCommunicationsModule(deps, {
    accounts: accounts.services.accounts, attendeeLinks: webcasts.services.attendeeLinks, attendees: attendees.services.attendees,
    events: events.services.events, sessions: sessions.services.sessions, eventFeatures: eventFeatures.services.eventFeatures,
    activities: activities.services.activities,
  });
  const usage = createUsageModule(deps, { accounts: accounts.services.accounts, limit: opts.serving === true, ...(opts.log ? { log: opts.log } : {}) });
  // The integrator's sandbox (issue 35 parts 4 and 5): request logs and sandbox controls per application.
  const sandbox = createSandboxModule(deps, { accounts: accounts.services.accounts });
  const portal = createPortalModule(deps, { accounts: accounts.services.accounts, audit: audit.services.audit, sandbox: sandbox.services });
  const identity = createIdentityModule(deps, { accounts: accounts.services.accounts, events: events.services.events, audit: audit.services.audit });
  const contactHooks = createContactHooksModule(deps, { contacts: contacts.services.contacts, audit: audit.services.audit });
  // Platform connections seal their secrets with the contact hooks' key ring and call out through their outbound guard.
  const sync = createSyncModule(deps, { sessions: sessions.services.sessions, contactHooks: contactHooks.services.contactHooks, oauth: oauth.services.oauth, audit: audit.services.audit });
  const files = createFilesModule(deps, { keys: oauth.services.keys });
  const registrationTypes = createRegistrationTypesModule(deps, { events: events.services.events, attendees: attendees.services.attendees });
  const exhibitors = createExhibitorsModule(deps, {
    events: events.services.events, attendees: attendees.services.attendees, files: files.services.files, registrationTypes: registrationTypes.services.registrationTypes,
    activities: activities.services.activities,
  });
  const videos = createVideosModule(deps, {
    events: events.services.events, sessions: sessions.services.sessions, attendees: attendees.services.attendees,
    activities: activities.services.activities, files: files.services.files, webcasts: webcasts.services.webcasts,
  });
  const program = createProgramModule(deps, { events: events.services.events, sessions: sessions.services.sessions, files: files.services.files });
  const speakers = createSpeakersModule(deps, {
    events: events.services.events, sessions: sessions.services.sessions, contacts: contacts.services.contacts, files: files.services.files,
    program: program.services.program,
  });
  const customFields = createCustomFieldsModule(deps, { contacts: contacts.services.contacts, events: events.services.events, sessions: sessions.services.sessions });
  const audienceSegments = createAudienceSegmentsModule(deps, { events: events.services.events, attendees: attendees.services.attendees });
  // A session is shown to one of the account's audience segments, not to any id.
  program.services.program.useSegments((accountId, segmentId, trx) => audienceSegments.services.audienceSegments.isLive(accountId, segmentId, trx));
  const eventQuestions = createEventQuestionsModule(deps, { events: events.services.events, sessions: sessions.services.sessions });
  const surveys = createSurveysModule(deps, {
    events: events.services.events, attendees: attendees.services.attendees, contacts: contacts.services.contacts,
    sessions: sessions.services.sessions, activities: activities.services.activities, mailer: communications.services.emails,
  });

  const eventSetup = createEventSetupModule(deps, { events: events.services.events, files: files.services.files });
  const contactGroups = createContactGroupsModule(deps, { contacts: contacts.services.contacts });
  const attendeeExtras = createAttendeeExtrasModule(deps, {
    attendance: sessions.services.attendance, attendees: attendees.services.attendees, questions: eventQuestions.services.eventQuestions,
  });
  // An attendee who unsubscribed from its event's emails gets none (Opted-Out in the send's answer).
  communications.services.emails.useUnsubscribed((accountId, attendeeId) => attendeeExtras.services.attendeeExtras.isUnsubscribed(accountId, attendeeId));
  const eventRoles = createEventRolesModule(deps, { events: events.services.events, users: accounts.services.accounts });
  const signatures = createSignaturesModule(deps, { attendees: attendees.services.attendees, sessions: sessions.services.sessions, files: files.services.files });
  const hubs = createHubsModule(deps, { contacts: contacts.services.contacts });
  const processForms = createProcessFormsModule(deps, { events: events.services.events });
  // A contact merge moves what each module keeps about the merged contact to the survivor (issue 30).
  const contactHistory = createContactHistoryModule(deps, {
    contacts: contacts.services.contacts, files: files.services.files, groups: contactGroups.services.contactGroups,
    registrations: attendees.services.attendees, answers: customFields.services.customFields,
    attendeeRows: [activities.services.activities, exhibitors.services.leads, surveys.services.surveyResponses, videos.services.videos, attendeeExtras.services.attendeeExtras,
      signatures.services.signatures],
    personRows: [speakers.services.speakers, communications.services.communications, hubs.services.hubs],
  });
  // Obfuscating a contact erases the contacts merged into it (they are kept, deleted, with their values).
  obfuscation.services.obfuscation.useMerged((accountId, ids, trx) => contactHistory.services.contactHistory.mergedContactsOf(accountId, ids, trx));
  const budget = createBudgetModule(deps, { events: events.services.events, files: files.services.files, customFields: customFields.services.customFields });
  const housing = createHousingModule(deps, { events: events.services.events, contacts: contacts.services.contacts, attendees: attendees.services.attendees });
  const seating = createSeatingModule(deps, { events: events.services.events, attendees: attendees.services.attendees });
  const meetingRequests = createMeetingRequestsModule(deps, { events: events.services.events, files: files.services.files });
  const travelRfps = createTravelRfpsModule(deps, { events: events.services.events });
  const appointments = createAppointmentsModule(deps, { events: events.services.events, contacts: contacts.services.contacts, attendees: attendees.services.attendees });
  const travel = createTravelModule(deps, { events: events.services.events, attendees: attendees.services.attendees });
  const badges = createBadgesModule(deps, { events: events.services.events, attendees: attendees.services.attendees, files: files.services.files });
  const emarketing = createEmarketingModule(deps, { contacts: contacts.services.contacts, mailer: communications.services.emails, eventEmails: communications.services.emails });
  const attendeeMessages = createAttendeeMessagesModule(deps, { events: events.services.events, attendees: attendees.services.attendees });
  const idempotency = createIdempotencyModule(deps);
  const webhooks = createWebhooksModule(deps, { accounts: accounts.services.accounts, contactHooks: contactHooks.services.contactHooks, contacts: contacts.services.contacts,
    portal: portal.services.portal, audit: audit.services.audit });
  const commerce = createCommerceModule(deps, {
    events: events.services.events, attendees: attendees.services.attendees, registrationTypes: registrationTypes.services.registrationTypes, sessions: sessions.services.sessions,
  });

  // The module list: routes are registered, job handlers and erasers collected, in this order.
  const modules: readonly Module[] = [
    audit, accounts, oauth, events, eventFeatures, contacts, obfuscation, bulkJobs, attendees, activities, insights, sessions, webcasts, usage, sync, communications, portal, identity, contactHooks,
    // speakers and badges before files: their erasers hand an erased contact's files (speaker's files, badge PDFs) to the contact,
    // whose files the files eraser then deletes.
    speakers, badges, files, registrationTypes, exhibitors, videos, surveys,
    program,
    eventSetup,
    customFields, audienceSegments, eventQuestions,
    contactGroups, contactHistory, attendeeExtras, eventRoles, signatures, hubs, processForms,
    budget,
    housing,
    seating,
    meetingRequests, travelRfps,
    appointments,
    travel,
    emarketing, attendeeMessages,
    commerce,
    idempotency,
    sandbox,
    webhooks,
  ];
  const jobHandlers: Record<string, JobHandler> = {};
  for (const m of modules) {
    Object.assign(jobHandlers, m.jobHandlers);
    for (const eraser of m.erasers ?? []) erasers.register(eraser);
  }
  // Read when Prometheus scrapes: one grouped query on the jobs table, the pool's counters.
  metrics.useSources({ pool: () => db.poolStats(), queue: () => jobs.depth(), jobTypes: () => Object.keys(jobHandlers), clock });
  return {
    db, jobs, jobHandlers, erasers, modules, metrics,
    /** Event notifications' emission point (issue 35): what services call in their transactions. */
    notifier,
    ...audit.services,
    ...accounts.services,
    ...oauth.services,
    ...events.services,
    ...eventFeatures.services,
    ...contacts.services,
    ...attendees.services,
    sessions: sessions.services.sessions,
    sessionEnrollment: sessions.services.enrollment,
    sessionAttendance: sessions.services.attendance,
    ...webcasts.services,
    ...obfuscation.services,
    ...bulkJobs.services,
    communications: communications.services,
    ...sync.services,
    usage: usage.services.usage,
    limiter: usage.services.limiter,
    ...portal.services,
    ...identity.services,
    ...contactHooks.services,
    /** Verifies bearer tokens: OAuth access tokens, and the accounts' SCIM tokens. */
    authenticator: identity.services.scimTokens.authenticator(oauth.services.oauth),
    ...activities.services,
    ...insights.services,
    ...files.services,
    ...registrationTypes.services,
    ...exhibitors.services,
    ...videos.services,
    ...surveys.services,
    ...speakers.services,
    ...program.services,
    ...eventSetup.services,
    ...badges.services,
    ...emarketing.services,
    ...attendeeMessages.services,
    ...customFields.services,
    ...audienceSegments.services,
    ...eventQuestions.services,
    ...contactGroups.services,
    ...contactHistory.services,
    ...attendeeExtras.services,
    ...eventRoles.services,
    ...signatures.services,
    ...hubs.services,
    ...processForms.services,
    ...budget.services,
    ...housing.services,
    ...seating.services,
    ...meetingRequests.services,
    ...travelRfps.services,
    ...appointments.services,
    ...travel.services,
    ...commerce.services,
    ...idempotency.services,
    ...sandbox.services,
    ...webhooks.services,
    /** Starts the chains of recurring jobs and warms stores (any process may call it: job ids name their time slot). */
    start: async () => {
      for (const m of modules) await m.start?.();
    },
    /** Closes what modules hold open (mail, the limiter's store), last module first; the database stays open. */
    close: async () => {
      for (const m of [...modules].reverse()) await m.close?.();
      unobserve();
    },
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const { stream, ...extra } = typeof opts.logger === 'object' ? opts.logger : {};
  const options = loggerOptions(config, extra);
  const log: FastifyBaseLogger = opts.logger === false ? pino({ enabled: false }) : stream ? pino(options, stream as pino.DestinationStream) : pino(options);
  const services = await buildServices(config, { ...opts, serving: true, log });
  const { db, authenticator, jobs, limiter, modules, metrics } = services;

  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // A caller's X-Request-Id is kept when it is a sane token, so ids can be traced across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // What Node's parser refuses (431 for oversized headers) in the contract's error shape too.
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerRouteInfo(app);
  registerErrorHandling(app, { supportedVersions: config.supportedVersions });
  registerValidation(app);
  registerJsonBodies(app);
  registerNulGuard(app);
  registerRequestLogging(app);
  // Off the public API path, and only when METRICS_TOKEN or METRICS_ADDRESS is set (docs/operations.md).
  registerMetrics(app, metrics, config.metrics ?? {});
  await app.register(formbody);
  await registerOpenApi(app, config);
  const prefix = `/${config.apiVersion}`;
  registerAcceptCheck(app, prefix);
  registerPageTokenSealing(app, prefix, services.keys.derivedKeyRing('paging tokens'));
  registerAuth(app, authenticator, prefix);
  // Who acts, from where, in which request: what the audit log records of a change (issue 36).
  registerAuditScope(app);
  // Rate limits and usage counting: after auth, so a call is charged to its account or else its address.
  // Limiter decisions are counted only when someone can read them (the request path stays as it was otherwise).
  // Sandbox controls and the request log (issue 35, docs/sandbox.md): after auth (they are per application), before
  // the rate limiter (a forced 429 stands in for its decision; a moved clock reaches its daily window).
  registerSandbox(app, prefix, {
    controls: services.sandboxControls,
    ...(limiter ? { peek: (accountId: string, offsetMs: number) => limiter.checkAccount(accountId, false, offsetMs) } : {}),
  });
  const metered = config.metrics?.token !== undefined || config.metrics?.address !== undefined;
  if (limiter) registerRateLimit(app, limiter, prefix, metered ? metrics : undefined);
  // Idempotency-Key on every POST and PUT that needs a bearer token: after auth (its keys are per application).
  registerIdempotency(app, services.idempotency, prefix, opts.idempotencyWaitMs !== undefined ? { waitMs: opts.idempotencyWaitMs } : {});
  // Each application's request log: what it sent and what it got back (after the hooks that may change an answer).
  registerRequestLog(app, prefix, services.requestLogs);

  await app.register(operations((op) => {
    op('healthz', { response: { 200: StatusSchema } }, async () => ({ status: 'ok' }));
    op('readyz', { response: { 200: StatusSchema } }, async () => {
      try {
        await ping(db.db);
      } catch {
        throw CommonErrors.unavailable('The database is not reachable');
      }
      return { status: 'ready' };
    });
  }));
  await registerWebUi(app, config.webDir);

  // The operations the modules implement, by operationId; the reference's others answer 501.
  const implemented = new Set<string>();
  app.addHook('onRoute', (route) => {
    const id = route.schema?.operationId;
    if (typeof id === 'string' && route.config?.notImplemented !== true) implemented.add(id);
  });
  for (const m of modules) if (m.rootRoutes) await app.register(m.rootRoutes);
  await app.register(async (v) => {
    await v.register(openApiDocumentRoutes);
    for (const m of modules) if (m.routes) await v.register(m.routes);
    registerUnimplemented(v, implemented);
  }, { prefix });

  // Graceful stop: Fastify stops accepting and waits for every connection to end before its onClose hooks
  // run. A keep-alive client (a load balancer, any pooled HTTP client) would hold its connection open for
  // the keep-alive timeout (72 s), past the process's stop deadline; so responses sent while closing say
  // `Connection: close`, and each connection ends with the request it carried.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onReady', async () => services.start());
  const runWorker = opts.worker ?? config.runWorker;
  if (runWorker) {
    const worker = new Worker({ queue: jobs, handlers: services.jobHandlers, pollMs: opts.workerPollMs ?? 250, logger: app.log, observer: metrics });
    app.addHook('onReady', async () => worker.start());
    // A stop has 10 s before the process exits (server.ts): jobs still running after 8 s give their leases back.
    app.addHook('onClose', async () => worker.stop({ graceMs: 8000 }));
  }
  if (!opts.db) app.addHook('onClose', async () => db.destroy());
  // onClose hooks run last-registered first: modules write what they hold (pending usage) before the database closes.
  app.addHook('onClose', async () => services.close());
  return { app, services };
}
