import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.js';
import type { DbHandle } from '../db/index.js';
import type { Clock } from '../db/time.js';
import type { JobHandler, JobQueue } from '../jobs/index.js';
import type { Metrics } from '../metrics/index.js';
import type { Notifier } from '../notifications.js';
import type { Eraser } from './privacy/index.js';

/** A Fastify plugin as modules hand them to app.ts. */
export type RoutesPlugin = (app: FastifyInstance) => Promise<void>;

/** What every module factory receives: the shared infrastructure. Services of other modules come as named arguments. */
export interface ModuleDeps {
  readonly db: DbHandle;
  readonly config: Config;
  readonly clock: Clock;
  readonly jobs: JobQueue;
  /** The process's Prometheus series (src/metrics): modules count what they do, with labels from fixed sets. */
  readonly metrics: Metrics;
  /** Event notifications (issue 35): services call `notifier.notify(trx, ...)` where a change happens; the webhooks module is the sink. */
  readonly notifier?: Notifier;
}

/**
 * The one shape of a wired module: `create<Domain>Module(deps) -> Module`.
 * `app.ts` builds the list and loops over it; the worker and the CLI build the
 * same list, so every process gets the same services, job handlers and erasers.
 */
export interface Module<S extends object = object> {
  /** The module's folder name, for logs and the architecture checks. */
  readonly name: string;
  /** What other modules and the CLI may call. */
  readonly services: S;
  /** Operations under the versioned path (`/{version}/...`). */
  readonly routes?: RoutesPlugin;
  /** Operations outside the versioned path (metadata, the portal); the plugin adds its own prefix. */
  readonly rootRoutes?: RoutesPlugin;
  readonly jobHandlers?: Readonly<Record<string, JobHandler>>;
  /** One eraser per place the module keeps personal data (pretix's shredder model). */
  readonly erasers?: readonly Eraser[];
  /** Runs once the server is ready (recurring jobs, warming a store). Must not throw. */
  readonly start?: () => Promise<void>;
  /** Runs on close, in reverse module order, before the database closes. */
  readonly close?: () => Promise<void>;
}

export function defineModule<S extends object>(module: Module<S>): Module<S> {
  return module;
}
