import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { MeetingFields, ProviderMeeting } from './provider.js';
import type { SyncConflict } from './sync.schemas.js';
import type { ApiSession, ApiWebcast } from './eventline-api.js';

export const SYNCED_FIELDS = ['title', 'start', 'end', 'password', 'hostKey'] as const;
type Field = (typeof SYNCED_FIELDS)[number];
const SECRET: ReadonlySet<Field> = new Set(['password', 'hostKey']);

export interface Reconciled {
  /** The values both sides hold after this run: the next run compares against it. */
  agreed: MeetingFields;
  toProvider: Partial<MeetingFields>;
  toEventline: Partial<MeetingFields>;
  conflicts: SyncConflict[];
}

const time = (v: string): string => {
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
};

export function eventlineFields(session: ApiSession, webcast: ApiWebcast): MeetingFields {
  return {
    title: session.title, start: time(session.start), end: time(session.end),
    password: webcast._links.join?.code ?? '', hostKey: webcast._links.host?.key ?? '',
  };
}

export function providerFields(m: ProviderMeeting): MeetingFields {
  return { title: m.title, start: time(m.start), end: time(m.end), password: m.password, hostKey: m.hostKey };
}

// The snapshot comes back from the API, whoever wrote it: checked, never trusted.
const Snapshot = Compile(Type.Object({ title: Type.String(), start: Type.String(), end: Type.String(), password: Type.String(), hostKey: Type.String() }));
// Written by earlier versions, which called the host key hostCode.
const LegacySnapshot = Compile(Type.Object({ title: Type.String(), start: Type.String(), end: Type.String(), password: Type.String(), hostCode: Type.String() }));

/** The agreed values in a stored snapshot; undefined unless every synced field is there and is a string. */
export function readSnapshot(v: unknown): MeetingFields | undefined {
  if (Snapshot.Check(v)) {
    const { title, start, end, password, hostKey } = v;
    return { title, start, end, password, hostKey };
  }
  if (LegacySnapshot.Check(v)) {
    const { title, start, end, password, hostCode } = v;
    return { title, start, end, password, hostKey: hostCode };
  }
  return undefined;
}

/**
 * Three-way merge against the last agreed values: a field changed on one side
 * only is copied to the other; changed on both sides to different values is a
 * conflict, won by the side modified last (eventline's lastModified of the
 * session or webcast versus the platform's updated_at; a tie keeps eventline's).
 */
export function reconcile(
  eventline: MeetingFields, provider: MeetingFields, last: MeetingFields,
  modified: { session: string; webcast: string; provider: string },
): Reconciled {
  const agreed: MeetingFields = { ...last };
  const toProvider: Partial<MeetingFields> = {};
  const toEventline: Partial<MeetingFields> = {};
  const conflicts: SyncConflict[] = [];
  for (const f of SYNCED_FIELDS) {
    const e = eventline[f];
    const p = provider[f];
    // No host key in eventline means none was ever written there (a platform always has one; earlier versions
    // wrote it to the host code): the platform's is copied, rather than an empty one pushed over it.
    if (f === 'hostKey' && e === '' && p !== '') {
      toEventline[f] = p;
      agreed[f] = p;
      continue;
    }
    if (e === p) {
      agreed[f] = e;
      continue;
    }
    const eChanged = e !== last[f];
    const pChanged = p !== last[f];
    let winner: 'eventline' | 'provider';
    if (eChanged && !pChanged) winner = 'eventline';
    else if (pChanged && !eChanged) winner = 'provider';
    else {
      const eTime = Date.parse(SECRET.has(f) ? modified.webcast : modified.session);
      winner = Date.parse(modified.provider) > eTime ? 'provider' : 'eventline';
      const show = (v: string) => (SECRET.has(f) ? '***' : v);
      conflicts.push({ field: f, kept: winner, keptValue: show(winner === 'eventline' ? e : p), discardedValue: show(winner === 'eventline' ? p : e) });
    }
    if (winner === 'eventline') {
      toProvider[f] = e;
      agreed[f] = e;
    } else {
      toEventline[f] = p;
      agreed[f] = p;
    }
  }
  return { agreed, toProvider, toEventline, conflicts };
}
