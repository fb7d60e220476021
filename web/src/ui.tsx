import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { ApiError } from './api.js';

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
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: string; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (err: unknown) => live && setState({ error: err instanceof Error ? err.message : String(err), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
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
  type?: string; hint?: string; autoComplete?: string; required?: boolean;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errId : '', props.hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id} name={props.name} type={props.type ?? 'text'} value={props.value} required={props.required}
        autoComplete={props.autoComplete ?? 'off'} aria-invalid={props.error ? true : undefined} aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && <p className="hint" id={hintId}>{props.hint}</p>}
      {props.error && <p className="field-error" id={errId} role="alert">{props.error}</p>}
    </div>
  );
}

export function Select(props: { label: string; name: string; value: string; options: readonly string[]; onChange: (v: string) => void; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-invalid={props.error ? true : undefined}>
        {props.options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
      {props.error && <p className="field-error" role="alert">{props.error}</p>}
    </div>
  );
}

export function Alert({ children, kind = 'error' }: { children: ReactNode; kind?: 'error' | 'ok' }) {
  return <p className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>{children}</p>;
}

export function Loading({ what }: { what: string }) {
  return <p aria-live="polite">Loading {what}…</p>;
}

export const fmt = (iso: string | undefined): string => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—');
