import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// The SPA talks only to this origin; it has no inline script, so the policy can be strict.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Serves the built web UI (web/dist) at `/`. Only the files present at start
 * are routed (no wildcard), so unknown paths still get the API's 404s.
 */
export async function registerWebUi(app: FastifyInstance, webDir: string): Promise<void> {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web UI not built (npm run build:web); / redirects to /docs');
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 302));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    schemaHide: true,
    // The headers below decide caching: hashed assets forever, the page never without a check.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('x-content-type-options', 'nosniff');
      if (path.endsWith('.html')) {
        res.setHeader('content-security-policy', CSP);
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('referrer-policy', 'no-referrer');
      } else {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
}
