import { ProviderHttpError } from '../provider.js';

// What the Zoom, Teams and GoToWebinar connectors share about calling out: their options for the network and its
// retries, reading Retry-After, and a failure to connect in a planner's words. Each connector keeps its own loop
// (which statuses it retries and how it renews its token differ) and its own wording of the platform's errors.

/** Every connector's settings for the network: what calls out, waits and tells the time (tests set them), and the retries. */
export interface ConnectorHttpOptions {
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Epoch milliseconds (tests). */
  now?: () => number;
  /** How many times a throttled call is retried before it fails (default 4). */
  maxRetries?: number;
  /** The longest wait for one retry; a longer Retry-After fails the call at once (default 60 s). */
  maxRetryWaitMs?: number;
}

/** Body shapes checked before use (compiled TypeBox schemas), so a surprise fails the pass loudly. */
export interface BodyCheck<T> {
  Check(value: unknown): value is T;
}

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110, 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(res: Response, now: number): number | undefined {
  const after = res.headers.get('retry-after');
  if (!after) return undefined;
  const secs = Number(after);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(after);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The platform could not be reached or failed: nothing was lost, the next pass tries again. */
export function unavailable(platform: string, status: number, cause?: string): ProviderHttpError {
  return new ProviderHttpError(status, `${platform} is unavailable (${cause ?? `it answered ${status}`}): nothing was lost, the sync tries again on its next pass.`);
}

/** One request; a failure to connect (refused, reset, a name that does not resolve, a time-out) becomes a 503 that says why. */
export async function send(fetchFn: typeof globalThis.fetch, platform: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
    throw unavailable(platform, 503, `it could not be reached: ${cause}`);
  }
}

/** A success's body, checked: none (204 or empty) is undefined; a body that is not JSON or not of the expected shape is a 502. */
export async function checkedBody<T>(res: Response, answer: BodyCheck<T>, platform: string, call: string): Promise<T | undefined> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderHttpError(502, `${platform} answered ${call} with a body that is not JSON`);
  }
  if (!answer.Check(value)) throw new ProviderHttpError(502, `${platform} answered ${call} with a body of an unexpected shape`);
  return value;
}
