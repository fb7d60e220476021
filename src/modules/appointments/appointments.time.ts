// Wall-clock times of an appointment event's IANA time zone, with Intl only (no time-zone library): the schedule and
// people's availability are kept as the planner wrote them ("2027-03-14T09:00:00") and turned into instants when read,
// so a daylight-saving change moves them as the clocks move.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in the zone, as milliseconds of a UTC date with the same fields. */
function wallMs(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** The zone's offset from UTC at an instant, in milliseconds (New York in winter: -5 h). */
function offsetAt(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallMs(timeZone, whole) - whole;
}

/** Whether text is a wall-clock time "YYYY-MM-DDTHH:mm[:ss]" (no offset) of a real calendar day. */
export function isLocalTime(text: string): boolean {
  const m = LOCAL.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/**
 * The instant of a wall-clock time in the zone. Like Temporal's 'compatible' disambiguation: a time the clocks skip
 * (02:30 on a spring-forward night) is read with the offset before the change (03:30 of the new offset); a time they
 * pass twice (01:30 on a fall-back night) is the earlier instant.
 */
export function localToInstant(local: string, timeZone: string): number {
  const m = LOCAL.exec(local);
  if (!m) throw new Error(`not a local time: ${local}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const before = offsetAt(timeZone, wall - 86_400_000);
  const after = offsetAt(timeZone, wall + 86_400_000);
  const candidates = [...new Set([before, after])].map((o) => wall - o).filter((t) => wallMs(timeZone, t) === wall).sort((a, b) => a - b);
  return candidates[0] ?? wall - before;
}

/** The wall-clock time of an instant in the zone, "YYYY-MM-DDTHH:mm:ss". */
export function instantToLocal(instant: number, timeZone: string): string {
  return new Date(wallMs(timeZone, instant)).toISOString().slice(0, 19);
}

/** An instant as the API writes it: ISO 8601 in UTC, without milliseconds. */
export function iso(instant: number): string {
  return new Date(instant).toISOString().replace('.000Z', 'Z');
}
