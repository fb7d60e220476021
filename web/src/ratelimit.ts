// Reading the rate-limit fields of an answer (no DOM: also run by the tests in Node).

/** The seconds of a Retry-After header (delay-seconds or an HTTP date), if it has one. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** The named item of an RFC 9651 list such as `"day";r=10;t=5, "second";r=0;t=1`: its parameters. */
export function policyItem(field: string | null, names: readonly string[]): Record<string, number> | undefined {
  if (!field) return undefined;
  for (const item of field.split(',')) {
    const [rawName, ...params] = item.trim().split(';');
    const name = (rawName ?? '').trim().replace(/^"|"$/g, '');
    if (!names.includes(name)) continue;
    const out: Record<string, number> = {};
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k && v !== undefined && /^-?\d+(\.\d+)?$/.test(v.trim())) out[k.trim()] = Number(v.trim());
    }
    return out;
  }
  return undefined;
}
