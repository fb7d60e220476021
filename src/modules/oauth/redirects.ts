// Which redirect URIs a client may use (RFC 6749 §3.1.2, RFC 8252 §7.3).

// The loopback interface by its IP literals and its name. RFC 8252 §7.3 asks for the
// literals; "localhost" is what people type and what the server's default PUBLIC_URL says.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/** An http URL on the loopback interface: a redirect the user's own machine receives. */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
}

/**
 * Whether `candidate` matches the registered redirect URI: exactly, or, for a
 * loopback registration, on any port and through any loopback host name, with the
 * same path and query (RFC 8252 §7.3: native apps and local servers take whatever
 * port is free, and 127.0.0.1 and localhost are the same machine).
 */
export function redirectMatches(registered: string, candidate: string): boolean {
  if (registered === candidate) return true;
  const r = parse(registered);
  const c = parse(candidate);
  if (!r || !c || !isLoopback(r) || !isLoopback(c)) return false;
  // No user-info: a redirect with credentials in it is never a loopback match.
  if (c.username || c.password || c.hash) return false;
  return r.pathname === c.pathname && r.search === c.search;
}

/**
 * The first-party web UI is served by this server: its redirect is any page of the
 * server's public origin, and when that origin is on loopback (a local install), of
 * any loopback origin, so opening http://127.0.0.1:3000 instead of
 * http://localhost:3000 (or another port forwarded to it) still signs in.
 */
export function firstPartyRedirectAllowed(publicUrl: string, candidate: string): boolean {
  const p = parse(publicUrl);
  const c = parse(candidate);
  if (!p || !c || c.username || c.password || c.hash) return false;
  if (c.origin === p.origin) return true;
  return isLoopback(p) && isLoopback(c);
}
