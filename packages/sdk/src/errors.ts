/** One entry of an error's `details` (the contract's error shape). */
export interface ApiErrorDetail {
  code: number;
  message: string;
  target?: string;
}

export interface ApiErrorInit {
  status: number;
  code: number;
  message: string;
  target?: string | undefined;
  details?: ApiErrorDetail[] | undefined;
  requestId?: string | undefined;
  method: string;
  /** The path called, without its query string (a filter may name a person). */
  path: string;
}

/** A 4xx or 5xx answer: the contract's `{ code, message, target?, details? }` plus where it came from. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  readonly status: number;
  readonly code: number;
  readonly target: string | undefined;
  readonly details: ApiErrorDetail[];
  /** The server's x-request-id, to find the call in its logs. */
  readonly requestId: string | undefined;
  readonly method: string;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.target = init.target;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.method = init.method;
    this.path = init.path;
  }

  /** The contract error body the server sent. */
  toJSON(): { code: number; message: string; target?: string; details?: ApiErrorDetail[] } {
    return {
      code: this.code, message: this.message,
      ...(this.target !== undefined ? { target: this.target } : {}),
      ...(this.details.length > 0 ? { details: this.details } : {}),
    };
  }
}

/** 429 "Too Many Requests" still answered after the back-off reached its limit (waits of 2, 4 and 8 s). */
export class TooManyRequestsError extends ApiRequestError {
  override name = 'TooManyRequestsError';
  /** Requests made for this call, the last one included. */
  readonly attempts: number;
  /** The waits between them, in milliseconds. */
  readonly waits: readonly number[];

  constructor(init: ApiErrorInit & { attempts: number; waits: readonly number[] }) {
    super(init);
    this.attempts = init.attempts;
    this.waits = init.waits;
  }
}

/** 429 "Limit Exceeded": the account's daily quota is used up until `retryAt` (the next 00:00 UTC). */
export class QuotaExceededError extends ApiRequestError {
  override name = 'QuotaExceededError';
  readonly retryAt: Date;

  constructor(init: ApiErrorInit & { retryAt: Date }) {
    super(init);
    this.retryAt = init.retryAt;
  }
}

/** The token endpoint refused the client credentials; `error` is the RFC 6749 code (e.g. invalid_client). */
export class TokenRequestError extends ApiRequestError {
  override name = 'TokenRequestError';
  readonly error: string;

  constructor(init: ApiErrorInit & { error: string }) {
    super(init);
    this.error = init.error;
  }
}
