// What every module's mapping from rows to API shapes shares.

/** `{ [key]: value }`, or nothing when the value is null or undefined: the reference leaves absent fields out. */
export function some<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  if (value !== null && value !== undefined) out[key] = value;
  return out;
}
