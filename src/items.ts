// Per-item validation of multi-status (207) requests: each item is checked on
// its own, so one bad item is reported alone while the others proceed.
import type { TSchema, Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ApiError, allowedValues, errorItem, type ErrorDetail } from './errors.js';

interface ItemError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function firstString(v: unknown): string {
  if (typeof v === 'string') return v;
  return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
}

function targetOf(e: ItemError): string {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const leaf = firstString(e.params?.['requiredProperties']) || firstString(e.params?.['missingProperty']) || firstString(e.params?.['additionalProperties']);
  return [path, leaf].filter(Boolean).join('.') || 'body';
}

/**
 * A checker for one item of a multi-status (207) request: the route accepts the
 * whole array, and each item is checked here so that a bad item is
 * reported on its own (400, the field in `target`) while the others proceed.
 */
export function itemValidator<T extends TSchema>(schema: T, what: string): (value: unknown) => Static<T> {
  const compiled = Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return value;
    const errors: readonly ItemError[] = compiled.Errors(value);
    const details: ErrorDetail[] = errors
      // "schema is false" repeats an additionalProperties error with less to say.
      .filter((e) => e.message !== 'schema is false')
      .slice(0, 20)
      .map((e) => {
        const target = targetOf(e);
        return { code: 400, message: `${target} ${e.message ?? 'is invalid'}${allowedValues(e.params)}`, target };
      });
    const first = details[0];
    throw new ApiError('validation', 400, first ? `Invalid ${what}: ${first.message}` : `Invalid ${what}`, {
      ...(first ? { target: first.target } : {}),
      details,
    });
  };
}

export type CheckedItem<T> = { item: T } | { error: { code: number; message: string; target?: string; details?: ErrorDetail[] } };

/** Checks each item of a 207 request on its own: a bad item becomes its own 400 result. */
export function checkItems<T>(values: readonly unknown[], check: (value: unknown) => T): Array<CheckedItem<T>> {
  return values.map((value) => {
    try {
      return { item: check(value) };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { error: errorItem(err) };
    }
  });
}
