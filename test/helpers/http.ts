import { freePort } from './process.js';
import { startTestApp, type TestApp } from './app.js';

export { freePort };

export interface ListeningTestApp extends TestApp {
  /** http://127.0.0.1:<port>, also the app's publicUrl (so the OAuth issuer). */
  readonly baseUrl: string;
}

/**
 * The real app listening on 127.0.0.1, for clients that speak real HTTP
 * (openid-client, simple-oauth2). publicUrl must be known before the app is
 * built because the issuer, the metadata and the token audience derive from it.
 */
export async function startListeningTestApp(opts: Parameters<typeof startTestApp>[0] & {
  /** A host name for the public URL instead of 127.0.0.1 (a browser maps it to loopback), e.g. a plain-HTTP LAN name. */
  publicHost?: string;
} = {}): Promise<ListeningTestApp> {
  let lastError: unknown;
  // Another process may take the port between the probe and listen(); try again with a new one.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { publicHost, ...appOpts } = opts;
    const publicUrl = publicHost ? `http://${publicHost}:${port}` : baseUrl;
    const test = await startTestApp({ ...appOpts, config: { ...appOpts.config, publicUrl, port, host: '127.0.0.1' } });
    try {
      await test.app.listen({ port, host: '127.0.0.1' });
      return { ...test, baseUrl };
    } catch (err) {
      lastError = err;
      await test.close();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('could not listen on a free port');
}
