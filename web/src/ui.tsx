import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ApiError, rateLimitWait, subscribeRateLimit } from './api.js';
import { formatInZone } from './time.js';

export function useHashRoute(): string[] {
  const read = () => window.location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const on = () => setParts(read());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return parts;
}

/** Loads data, with reload; errors are kept for display. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], what?: string): { data?: T; error?: string; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (err: unknown) => live && setState({ error: loadErrorMessage(err, what), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/**
 * A list read a page at a time, newest first: `query()` reads the first page (again whenever `deps` change or on
 * reload), `query(token)` the next; `loadMore` appends it to `rows`, and a failure of it is `moreError`.
 */
export function usePagedLoad<T>(query: (token?: string) => Promise<{ data: T[]; paging: { nextToken?: string } }>, deps: unknown[]): {
  first: { data?: T[]; error?: string; loading: boolean; reload: () => void }; rows: T[]; next?: string; loadMore: () => Promise<void>; moreError?: string;
} {
  const [more, setMore] = useState<T[]>([]);
  const [next, setNext] = useState<string | undefined>();
  const [moreError, setMoreError] = useState<string>();
  const first = useLoad(async () => {
    const page = await query();
    setMore([]);
    setNext(page.paging.nextToken);
    return page.data;
  }, deps);
  const loadMore = async () => {
    if (next === undefined) return;
    try {
      const page = await query(next);
      setMore((m) => [...m, ...page.data]);
      setNext(page.paging.nextToken);
    } catch (err) {
      setMoreError(err instanceof Error ? err.message : String(err));
    }
  };
  return { first, rows: [...(first.data ?? []), ...more], ...(next !== undefined ? { next } : {}), loadMore, ...(moreError !== undefined ? { moreError } : {}) };
}

/**
 * A form that opens in the page: focus moves to its first field when it opens, Escape closes it (onCancel), and
 * focus goes back to what opened it.
 */
export function useEditorFocus<T extends HTMLElement>(onCancel: () => void): { ref: RefObject<T | null>; onKeyDown: (e: KeyboardEvent) => void } {
  const ref = useRef<T>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])');
    first?.focus();
    return () => {
      // Back to the button that opened the form, when it is still in the page.
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };
  return { ref, onKeyDown };
}

/**
 * A load error as a planner reads it: an address that names no record (an id that is not even one, or a
 * record of no one's) is "does not exist", whatever the validator said.
 */
export function loadErrorMessage(err: unknown, what?: string): string {
  if (err instanceof ApiError && what && (err.status === 404 || (err.status === 400 && /\b(format|uuid|id)\b/i.test(err.message)))) {
    return `This ${what} does not exist. The link may be wrong or incomplete, or it may have been deleted.`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Form error state: a message per field, and one for the form. */
export function useFormErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const capture = (err: unknown, fieldMap: Record<string, string> = {}) => {
    if (err instanceof ApiError) {
      const fields: Record<string, string> = {};
      for (const [target, message] of Object.entries(err.fieldErrors())) fields[fieldMap[target] ?? target] = message;
      setErrors(fields);
      setFormError(Object.keys(fields).length > 0 ? undefined : err.message);
    } else {
      setErrors({});
      setFormError(err instanceof Error ? err.message : String(err));
    }
  };
  const clear = () => {
    setErrors({});
    setFormError(undefined);
  };
  return { errors, formError, capture, clear };
}

export function Field(props: {
  label: string; name: string; value: string; onChange: (v: string) => void; error?: string | undefined;
  type?: string; hint?: string | undefined; autoComplete?: string; required?: boolean; placeholder?: string;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errId : '', props.hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id} name={props.name} type={props.type ?? 'text'} value={props.value} required={props.required} placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'} aria-invalid={props.error ? true : undefined} aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && <p className="hint" id={hintId}>{props.hint}</p>}
      {props.error && <p className="field-error" id={errId} role="alert">{props.error}</p>}
    </div>
  );
}

export function Select(props: {
  label: string; name: string; value: string; options: readonly string[]; onChange: (v: string) => void; error?: string | undefined;
  labels?: Record<string, string>;
}) {
  const id = useId();
  const errId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined} aria-describedby={props.error ? errId : undefined}
      >
        {props.options.map((o) => <option key={o} value={o}>{props.labels?.[o] ?? o}</option>)}
      </select>
      {props.error && <p className="field-error" id={errId} role="alert">{props.error}</p>}
    </div>
  );
}

export function Alert({ children, kind = 'error' }: { children: ReactNode; kind?: 'error' | 'ok' }) {
  return <p className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>{children}</p>;
}

export function Loading({ what }: { what: string }) {
  return <p aria-live="polite">Loading {what}…</p>;
}

/** An instant in UTC (account-level times: usage, portal records). */
export const fmt = (iso: string | undefined | null): string => formatInZone(iso, 'UTC');

/** An instant of an event, in the event's time zone. */
export const fmtIn = (iso: string | undefined | null, zone: string | undefined): string => formatInZone(iso, zone);

// ---- URLs ----

/** Only http and https URLs are links; anything else (javascript:, data:, ...) is never rendered as one. */
export function isHttpUrl(value: string | undefined | null): boolean {
  if (!value) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** A form's check of an optional URL field: undefined when fine. */
export function urlProblem(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  return isHttpUrl(v) ? undefined : 'Enter a web address starting with https:// (or http://)';
}

export function SafeLink({ href, children }: { href: string | undefined | null; children?: ReactNode }) {
  if (!href) return <>—</>;
  if (!isHttpUrl(href)) return <span className="unsafe-url" title="Not a web link">{children ?? href}</span>;
  return <a href={href} rel="noreferrer noopener" target="_blank">{children ?? href}</a>;
}

// Query parameters that carry a credential: Zoom's start token (zak) and embedded passcode (pwd), and the usual names.
const SECRET_PARAMS = /^(zak|pwd|tk|token|access_token|password|passcode|pass|key|secret|signature|sig)$/i;

/** Whether a URL carries a credential in its query (a host start URL, a link with an embedded passcode). */
export function urlHasSecret(value: string | undefined | null): boolean {
  if (!value) return false;
  try {
    return [...new URL(value).searchParams.keys()].some((k) => SECRET_PARAMS.test(k));
  } catch {
    return false;
  }
}

/** The URL with its credential values replaced by dots: safe to show. */
export function maskUrl(value: string): string {
  try {
    const u = new URL(value);
    const parts = [...u.searchParams.entries()].map(([k, v]) => `${encodeURIComponent(k)}=${SECRET_PARAMS.test(k) ? '••••••' : encodeURIComponent(v)}`);
    return `${u.origin}${u.pathname}${parts.length ? `?${parts.join('&')}` : ''}`;
  } catch {
    return '••••••••';
  }
}

// ---- Secrets: masked until revealed, with a copy button ----

export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void>; failed: boolean } {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 4000);
    } catch {
      setFailed(true);
    }
  };
  return { copied, copy, failed };
}

/**
 * A secret shown as dots: Reveal shows it, Copy copies it without showing it.
 * While hidden the value is nowhere in the page (not in an attribute either).
 */
export function Secret({ value, label, kind = 'text', field }: { value: string | undefined | null; label: string; kind?: 'text' | 'url'; field?: string }) {
  const [shown, setShown] = useState(false);
  const { copied, copy, failed } = useCopy();
  if (!value) return <span data-field={field}>—</span>;
  const masked = kind === 'url' ? maskUrl(value) : '••••••••';
  return (
    <span className="secret-value">
      <span data-field={field} data-masked={shown ? undefined : 'true'} className={shown ? 'revealed' : 'masked'}>
        {shown ? (kind === 'url' ? <SafeLink href={value} /> : <code>{value}</code>) : <span aria-label={`${label} hidden`}>{masked}</span>}
      </span>
      <span className="secret-actions">
        <button type="button" className="small secondary" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          {shown ? 'Hide' : 'Reveal'}<span className="sr-only"> {label}</span>
        </button>
        <button type="button" className="small secondary" onClick={() => void copy(value)}>
          Copy<span className="sr-only"> {label}</span>
        </button>
        <span role="status" className="copy-status">{copied ? `${label} copied` : failed ? 'Copy failed: reveal and select it instead' : ''}</span>
      </span>
    </span>
  );
}

/** A secret input: a password field with a Show toggle. */
export function SecretField(props: { label: string; name: string; value: string; onChange: (v: string) => void; error?: string | undefined; hint?: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const errId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <span className="secret-input">
        <input
          id={id} name={props.name} type={shown ? 'text' : 'password'} value={props.value} autoComplete="off" spellCheck={false}
          aria-invalid={props.error ? true : undefined} aria-describedby={props.error ? errId : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button type="button" className="small secondary" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          {shown ? 'Hide' : 'Show'}<span className="sr-only"> {props.label}</span>
        </button>
      </span>
      {props.hint && <p className="hint">{props.hint}</p>}
      {props.error && <p className="field-error" id={errId} role="alert">{props.error}</p>}
    </div>
  );
}

// ---- Confirmation dialogs ----

/**
 * A modal confirmation (the native <dialog>: focus is kept inside, Escape cancels).
 * With `typeToConfirm`, the confirm button stays disabled until that text is typed.
 */
export function ConfirmDialog(props: {
  open: boolean; title: string; children: ReactNode; confirmLabel: string; onConfirm: () => void; onCancel: () => void;
  danger?: boolean; typeToConfirm?: string; busy?: boolean; error?: string | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
    // Cleared on closing, so the next opening never shows (even for one frame) what was typed before.
    if (!props.open) setTyped('');
  }, [props.open]);
  const blocked = props.typeToConfirm !== undefined && typed.trim() !== props.typeToConfirm;
  return (
    <dialog ref={ref} aria-labelledby={titleId} className="confirm" onKeyDown={(e) => e.stopPropagation()} onCancel={(e) => { e.preventDefault(); props.onCancel(); }}>
      <form method="dialog" onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); if (!blocked && !props.busy) props.onConfirm(); }}>
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
        {props.typeToConfirm !== undefined && (
          <div className="field">
            <label htmlFor={inputId}>Type <strong>{props.typeToConfirm}</strong> to confirm</label>
            <input id={inputId} type="text" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </div>
        )}
        {props.error && <Alert>{props.error}</Alert>}
        <div className="actions">
          <button type="submit" className={props.danger ? 'danger solid' : undefined} disabled={blocked || props.busy}>{props.busy ? 'Working…' : props.confirmLabel}</button>
          <button type="button" className="secondary" onClick={props.onCancel}>Cancel</button>
        </div>
      </form>
    </dialog>
  );
}

// ---- The rate limit ----

/** The queue's state: set while calls wait for the account's rate limit. */
export function useRateLimitWait() {
  return useSyncExternalStore(subscribeRateLimit, rateLimitWait);
}

/** A calm notice while the API client waits for the rate limit (not an error: the calls go through when it lifts). */
export function RateLimitNotice() {
  const wait = useRateLimitWait();
  return (
    <div className="ratelimit" role="status" aria-live="polite">
      {wait && (
        <p className="alert alert-wait">
          Waiting for the rate limit… Your account's plan allows a few API calls per second; the page carries on by itself in a moment.
        </p>
      )}
    </div>
  );
}
