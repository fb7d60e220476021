import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import type { Config } from './config/index.js';
import { createDb, migrateToLatest, ping, type DbHandle } from './db/index.js';
import { systemClock, type Clock } from './db/time.js';
import { PUBLIC, registerAuth } from './http/auth.js';
import { errorResponses } from './http/responses.js';
import { registerErrorHandling } from './http/errors.js';
import { CommonErrors } from './errors.js';
import { registerNulGuard, registerValidation } from './http/validation.js';
import { registerRateLimit } from './http/ratelimit/index.js';
import { openApiDocumentRoutes, registerOpenApi } from './http/openapi.js';
import { registerWebUi } from './http/webui.js';
import { loggerOptions, registerRequestLogging } from './http/logging.js';
import { JobQueue, Worker, type JobHandler } from './jobs/index.js';
import { AccountsRepository, AccountsService } from './modules/accounts/index.js';
import { EventsRepository, EventsService, eventsRoutes } from './modules/events/index.js';
import { ContactsRepository, ContactsService, contactsRoutes } from './modules/contacts/index.js';
import { AttendeesRepository, AttendeesService, attendeesRoutes } from './modules/attendees/index.js';
import { AttendeeLinksRepository, AttendeeLinksService, attendeeLinksRoutes, WebcastsRepository, WebcastsService, webcastsRoutes } from './modules/webcasts/index.js';
import { EraserRegistry } from './modules/privacy/index.js';
import { chatRoutes, communicationsRoutes, createCommunications, emailsRoutes, joinEmailRoutes, type CommunicationsModule } from './modules/communications/index.js';
import { ObfuscationService, obfuscationRoutes, registerCoreErasers } from './modules/obfuscation/index.js';
import { BulkJobsRepository, BulkJobsService, bulkJobsRoutes } from './modules/bulk-jobs/index.js';
import { KeyStore, OAuthRepository, OAuthService, oauthRoutes, wellKnownRoutes } from './modules/oauth/index.js';
import { createSessions, sessionsModuleRoutes, type AttendanceService, type EnrollmentService, type SessionsService } from './modules/sessions/index.js';
import { createUsage, usageRoutes } from './modules/usage/index.js';
import { PortalRepository, PortalService, portalRoutes } from './modules/portal/index.js';
import { createSyncService, scheduleSync, syncJobHandlers, syncRoutes, type SyncService } from './modules/sync/index.js';
import { Type } from 'typebox';

export interface BuildOptions {
  /** An open database; otherwise one is opened from config and closed with the app. */
  db?: DbHandle;
  clock?: Clock;
  /** Pino options or false; defaults to the config's level. */
  logger?: boolean | Record<string, unknown>;
  /** Run the job worker inside this process (default: config.runWorker). */
  worker?: boolean;
  workerPollMs?: number;
}

export interface Services {
  readonly db: DbHandle;
  readonly accounts: AccountsService;
  readonly oauth: OAuthService;
  readonly keys: KeyStore;
  readonly events: EventsService;
  readonly contacts: ContactsService;
  readonly attendees: AttendeesService;
  readonly sessions: SessionsService;
  readonly sessionEnrollment: EnrollmentService;
  readonly sessionAttendance: AttendanceService;
  readonly webcasts: WebcastsService;
  readonly attendeeLinks: AttendeeLinksService;
  readonly jobs: JobQueue;
  readonly jobHandlers: Record<string, JobHandler>;
  /** Where personal data lives: every module that stores some registers its eraser (DESIGN style 9). */
  readonly erasers: EraserRegistry;
  readonly obfuscation: ObfuscationService;
  readonly bulkJobs: BulkJobsService;
  readonly sync: SyncService;
  readonly communications: CommunicationsModule;
}

/** Wires the services without HTTP: shared by the server, the CLI and the worker. */
export async function buildServices(config: Config, opts: Pick<BuildOptions, 'db' | 'clock'> = {}): Promise<Services> {
  const db = opts.db ?? createDb(config.database);
  const clock = opts.clock ?? systemClock;
  await migrateToLatest(db.db, config.database.dialect === 'postgres' ? config.database.schema : undefined);
  const accounts = new AccountsService(new AccountsRepository(db.db), config, clock);
  const keys = new KeyStore(new OAuthRepository(db.db), clock);
  await keys.init();
  const oauth = new OAuthService(new OAuthRepository(db.db), keys, accounts, config, clock);
  const jobs = new JobQueue(db.db, { clock, dialect: db.dialect });
  const events = new EventsService(new EventsRepository(db.db), jobs, config, clock);
  const contacts = new ContactsService(new ContactsRepository(db.db, db.dialect), config, clock);
  const attendees = new AttendeesService(new AttendeesRepository(db.db, db.dialect), contacts, events, config, clock);
  const { sessions, enrollment: sessionEnrollment, attendance: sessionAttendance } = createSessions({ db, config, clock });
  const webcasts = new WebcastsService(new WebcastsRepository(db.db), sessions, config, clock);
  const attendeeLinks = new AttendeeLinksService(new AttendeeLinksRepository(db.db), config, clock);
  const jobHandlers: Record<string, JobHandler> = { ...events.jobHandlers() };
  const erasers = new EraserRegistry();
  // Erasers for the places personal data lived before obfuscation; later modules register theirs beside this (DESIGN style 9).
  registerCoreErasers(erasers);
  const obfuscation = new ObfuscationService(db.db, accounts, jobs, erasers, clock, db.dialect);
  const bulkJobs = new BulkJobsService(new BulkJobsRepository(db.db), obfuscation, accounts, jobs, clock);
  Object.assign(jobHandlers, obfuscation.jobHandlers(), bulkJobs.jobHandlers());
  const communications = await createCommunications({ db, accounts, jobs, erasers, config, clock });
  Object.assign(jobHandlers, communications.communications.jobHandlers());
  attendeeLinks.onCreated((accountId, links) => communications.joinLinkEmails.linksCreated(accountId, links));
  const sync = createSyncService({ db: db.db, sessions, clock });
  Object.assign(jobHandlers, syncJobHandlers(config, jobs));
  return { db, accounts, oauth, keys, events, contacts, attendees, sessions, sessionEnrollment, sessionAttendance, webcasts, attendeeLinks, jobs, jobHandlers, erasers, obfuscation, bulkJobs, communications, sync };
}

/**
 * Starts the chains of recurring jobs (retention purge, webcast sync). Any
 * process may call it (server or `eventline worker`): each run's job id names
 * its time slot, so there is one chain however many processes start.
 */
export async function scheduleRecurringJobs(config: Config, services: Services): Promise<void> {
  await scheduleSync(config, services.jobs);
  // Retention (30 days) is enforced by an hourly job that reschedules itself.
  await services.communications.communications.schedulePurge();
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const services = await buildServices(config, opts);
  const { db, accounts, oauth, keys, events, jobs } = services;

  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, typeof opts.logger === 'object' ? opts.logger : {}),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // A caller's X-Request-Id is kept when it is a sane token, so ids can be traced across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app, { supportedVersions: config.supportedVersions });
  registerValidation(app);
  registerNulGuard(app);
  registerRequestLogging(app);
  await app.register(formbody);
  await app.register(cookie);
  await registerOpenApi(app, config);
  const prefix = `/${config.apiVersion}`;
  registerAuth(app, oauth, prefix);
  // Rate limits and usage counting: after auth, so a call is charged to its account or else its address.
  const usage = createUsage({ db: db.db, accounts, config, clock: opts.clock ?? systemClock, log: app.log });
  if (usage.limiter) registerRateLimit(app, usage.limiter, prefix);
  app.addHook('onReady', async () => usage.ready());

  app.get('/healthz', {
    schema: { tags: ['Operations'], operationId: 'healthz', summary: 'Liveness', security: PUBLIC, response: { 200: Type.Object({ status: Type.String() }) } },
  }, async () => ({ status: 'ok' }));
  app.get('/readyz', {
    schema: {
      tags: ['Operations'], operationId: 'readyz', summary: 'Readiness: the database answers', security: PUBLIC,
      response: { 200: Type.Object({ status: Type.String() }), ...errorResponses(503) },
    },
  }, async () => {
    try {
      await ping(db.db);
    } catch {
      throw CommonErrors.unavailable('The database is not reachable');
    }
    return { status: 'ready' };
  });
  await registerWebUi(app, config.webDir);

  await app.register(wellKnownRoutes({ oauth, keys, config }));
  // The developer portal's cookie session lives outside the versioned API (DESIGN rule 10).
  const portal = new PortalService(new PortalRepository(db.db), accounts, opts.clock ?? systemClock);
  await app.register(portalRoutes({ portal, secureCookies: config.publicUrl.startsWith('https:') }), { prefix: '/portal' });
  // The explicit list of modules (DESIGN: app.ts).
  await app.register(async (v) => {
    await v.register(openApiDocumentRoutes);
    await v.register(oauthRoutes({ oauth, accounts, config }));
    await v.register(eventsRoutes(events, config.apiVersion));
    await v.register(contactsRoutes(services.contacts));
    await v.register(obfuscationRoutes(services.obfuscation, config.apiVersion));
    await v.register(bulkJobsRoutes(services.bulkJobs, config.apiVersion));
    await v.register(attendeesRoutes(services.attendees));
    await v.register(sessionsModuleRoutes({ sessions: services.sessions, enrollment: services.sessionEnrollment, attendance: services.sessionAttendance }));
    await v.register(webcastsRoutes(services.webcasts));
    await v.register(attendeeLinksRoutes(services.attendeeLinks));
    await v.register(usageRoutes(usage.service));
    await v.register(syncRoutes(services.sync));
    await v.register(communicationsRoutes(services.communications.communications));
    await v.register(emailsRoutes(services.communications.emails, config.apiVersion));
    await v.register(chatRoutes(services.communications.chat));
    await v.register(joinEmailRoutes(services.communications.joinLinkEmails));
  }, { prefix });

  app.addHook('onReady', async () => scheduleRecurringJobs(config, services));
  const runWorker = opts.worker ?? config.runWorker;
  if (runWorker) {
    const worker = new Worker({ queue: jobs, handlers: services.jobHandlers, pollMs: opts.workerPollMs ?? 250, logger: app.log });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  if (!opts.db) app.addHook('onClose', async () => db.destroy());
  app.addHook('onClose', async () => services.communications.mail.close());
  // onClose hooks run last-registered first: this writes pending usage before the database closes.
  app.addHook('onClose', async () => usage.close());
  return { app, services };
}
