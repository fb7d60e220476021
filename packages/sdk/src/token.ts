/** RFC 6749 §5.1 access token response. */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export const DEFAULT_RENEW_BEFORE_SECONDS = 60;

/**
 * Holds the client-credentials token: one token request however many calls run
 * at once, renewed shortly before it expires or when the server refuses it.
 */
export class TokenCache {
  private current: { token: string; renewAt: number } | undefined;
  private inflight: Promise<string> | undefined;

  constructor(
    private readonly request: () => Promise<TokenResponse>,
    private readonly now: () => Date,
    private readonly renewBeforeMs: number = DEFAULT_RENEW_BEFORE_SECONDS * 1000,
  ) {}

  async get(): Promise<string> {
    const c = this.current;
    if (c && this.now().getTime() < c.renewAt) return c.token;
    this.inflight ??= this.refresh().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /** Forgets `token` after a 401, unless a concurrent call has already replaced it. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  clear(): void {
    this.current = undefined;
  }

  private async refresh(): Promise<string> {
    // Timed from before the request, so network time only makes renewal earlier.
    const issuedAt = this.now().getTime();
    const res = await this.request();
    const lifetimeMs = Math.max(0, res.expires_in) * 1000;
    // A short-lived token is renewed half-way rather than on every call.
    const margin = Math.min(this.renewBeforeMs, lifetimeMs / 2);
    this.current = { token: res.access_token, renewAt: issuedAt + lifetimeMs - margin };
    return res.access_token;
  }
}
