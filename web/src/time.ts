// Times in an event's own time zone. The API stores and answers UTC instants
// (ISO 8601 with Z); planners read and enter wall-clock times of the place
// the event happens. Intl.DateTimeFormat (the IANA database the browser ships)
// does the conversions, daylight saving time included.

/** A zone name Intl accepts; an event whose zone Intl does not know shows in UTC. */
export function usableZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let f = partsFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormats.set(zone, f);
  }
  return f;
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The wall-clock time in `zone` at the instant `ms`. */
function wallAt(ms: number, zone: string): Wall {
  const out: Record<string, number> = {};
  for (const p of partsFormat(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out['year'] ?? 0, month: out['month'] ?? 1, day: out['day'] ?? 1, hour: (out['hour'] ?? 0) % 24, minute: out['minute'] ?? 0, second: out['second'] ?? 0 };
}

const wallMs = (w: Wall): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC (ms) at the instant `ms`. */
function offsetAt(ms: number, zone: string): number {
  return wallMs(wallAt(Math.floor(ms / 1000) * 1000, zone)) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `YYYY-MM-DDTHH:mm` (the value of an `<input type="datetime-local">`) of an instant, in `zone`. */
export function toZonedInput(iso: string | undefined, zone: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallAt(ms, usableZone(zone));
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

export type ZonedResult = { ok: true; iso: string } | { ok: false; reason: string };

/**
 * The UTC instant of a wall-clock time in `zone` (`YYYY-MM-DDTHH:mm`). A time
 * the clocks skip (spring forward) does not exist and is refused; a time that
 * happens twice (fall back) is the first of the two, as calendars do.
 */
export function fromZonedInput(local: string, zone: string): ZonedResult {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return { ok: false, reason: 'Enter a date and a time' };
  const z = usableZone(zone);
  const want: Wall = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0) };
  const asUtc = wallMs(want);
  if (Number.isNaN(asUtc)) return { ok: false, reason: 'Enter a valid date and time' };
  // The offset can only be one of those in force a day around the time: try each and keep the ones that read back right.
  const offsets = new Set([offsetAt(asUtc - 86_400_000, z), offsetAt(asUtc, z), offsetAt(asUtc + 86_400_000, z)]);
  const candidates = [...offsets].map((o) => asUtc - o).filter((t) => wallMs(wallAt(t, z)) === asUtc).sort((a, b) => a - b);
  const first = candidates[0];
  if (first === undefined) return { ok: false, reason: `This time does not exist in ${z}: the clocks skip it (daylight saving time begins)` };
  return { ok: true, iso: new Date(first).toISOString().replace('.000Z', 'Z') };
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as the event's people read it: date, time and the zone's abbreviation. */
export function formatInZone(iso: string | undefined | null, zone: string | undefined): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '—';
  const z = usableZone(zone);
  let f = displayFormats.get(z);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: z });
    displayFormats.set(z, f);
  }
  return `${f.format(new Date(ms))} ${zoneAbbreviation(ms, z)}`;
}

const abbrFormats = new Map<string, Intl.DateTimeFormat>();
function abbrIn(locale: string, ms: number, zone: string): string | undefined {
  const key = `${locale} ${zone}`;
  let f = abbrFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    abbrFormats.set(key, f);
  }
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value;
}

/**
 * The zone's short name at the instant: EDT, PST (CLDR's American names), and for Europe CET/CEST, BST, EET/EEST,
 * WET/WEST (CLDR gives those only in British English); an offset such as GMT+5:30 where no name is in common use.
 */
export function zoneAbbreviation(ms: number, zone: string): string {
  const us = abbrIn('en-US', ms, zone) ?? zone;
  if (!/^GMT[+-]/.test(us) || !zone.startsWith('Europe/')) return us;
  const gb = abbrIn('en-GB', ms, zone);
  return gb && !/^GMT[+-]/.test(gb) ? gb : us;
}

/** The zones a planner can choose from: the browser's IANA list, with UTC. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** The browser's own zone, for a new event's default. */
export function browserZone(): string {
  return usableZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/**
 * The instant that shows the same wall-clock time in `to` as `iso` does in `from`: what an event's time zone change
 * does to its sessions (a 9:30 session in Berlin is at 9:30 in New York). A time the new zone skips (daylight saving
 * time begins) moves an hour later.
 */
export function keepClockTime(iso: string, from: string, to: string): string {
  const moved = fromZonedInput(toZonedInput(iso, from), to);
  if (moved.ok) return moved.iso;
  const later = fromZonedInput(toZonedInput(new Date(Date.parse(iso) + 3600_000).toISOString(), from), to);
  return later.ok ? later.iso : iso;
}
