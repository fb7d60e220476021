import { sha256 } from '@noble/hashes/sha2.js';
import { storeTokenAnswer, UNREACHABLE } from './api.js';

// Authorization code + PKCE against eventline itself, as the first-party
// public client (no secret). Planners and administrators may use it; developers use the portal.
const CLIENT_ID = 'eventline-web';
const PENDING_KEY = 'eventline.pkce';

const b64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const redirectUri = (): string => `${window.location.origin}/`;

/**
 * SHA-256 for the PKCE challenge. Browsers give `crypto.subtle` only to secure pages (https, localhost): on a
 * plain-HTTP LAN name it is undefined, so a well-kept JavaScript implementation (@noble/hashes) takes over.
 */
export async function sha256Bytes(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (subtle) return new Uint8Array(await subtle.digest('SHA-256', data));
  return sha256(data);
}

export async function startSignIn(returnTo: string): Promise<void> {
  const verifier = b64url(crypto.getRandomValues(new Uint8Array(32)));
  const state = b64url(crypto.getRandomValues(new Uint8Array(16)));
  const challenge = b64url(await sha256Bytes(new TextEncoder().encode(verifier)));
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, returnTo }));
  const params = new URLSearchParams({
    response_type: 'code', client_id: CLIENT_ID, redirect_uri: redirectUri(), state,
    code_challenge: challenge, code_challenge_method: 'S256',
  });
  window.location.assign(`/ea/oauth2/authorize?${params.toString()}`);
}

/** Finishes a sign-in when the page is the redirect target; returns where to go, or an error. */
export async function completeSignIn(): Promise<{ returnTo: string } | { error: string } | undefined> {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const error = params.get('error');
  if (!code && !error) return undefined;
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { verifier: string; state: string; returnTo: string } | null;
  sessionStorage.removeItem(PENDING_KEY);
  window.history.replaceState(null, '', '/');
  if (error) {
    return {
      error: error === 'access_denied'
        ? 'Planner pages are for planners and administrators. Developers sign in to the developer portal instead.'
        : params.get('error_description') ?? error,
    };
  }
  if (!pending || pending.state !== params.get('state')) return { error: 'The sign-in could not be verified. Please sign in again.' };
  let res: Response;
  try {
    res = await fetch('/ea/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: CLIENT_ID, code: code ?? '', redirect_uri: redirectUri(), code_verifier: pending.verifier }),
    });
  } catch {
    return { error: UNREACHABLE };
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; refresh_token?: string; error_description?: string };
  if (!res.ok || !body.access_token) return { error: body.error_description ?? 'Sign-in failed. Please sign in again.' };
  storeTokenAnswer({ access_token: body.access_token, ...(body.expires_in !== undefined ? { expires_in: body.expires_in } : {}), ...(body.refresh_token ? { refresh_token: body.refresh_token } : {}) });
  return { returnTo: pending.returnTo };
}
