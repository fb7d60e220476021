import type { EventlineApi, ApiSession, ApiWebcast, CheckIn } from './eventline-api.js';
import type { ProviderMeeting, Registrant, WebcastProvider } from './provider.js';
import type { SyncLogger } from './engine.js';

/** How many registrations are written back per call: a killed run loses at most one batch of work, which the next run redoes. */
export const LINK_BATCH = 10;
const CHECKIN_BATCH = 100;

/**
 * Step 2: registers on the platform every attendee who should be in the
 * session and has no personal link yet, and writes the links back. Safe to
 * repeat: the platform returns the existing registrant for the same person,
 * and eventline answers 409 for a link that is already there.
 */
export async function registerAttendees(
  api: EventlineApi, provider: WebcastProvider, session: ApiSession, webcast: ApiWebcast, meeting: ProviderMeeting, log: SyncLogger,
): Promise<{ registrants: number; links: number }> {
  const people = await api.participants(session);
  const linked = new Set((await api.links(webcast.id)).map((l) => l.attendee.id));
  const todo = people.filter((p) => !linked.has(p.id));
  let written = 0;
  for (let i = 0; i < todo.length; i += LINK_BATCH) {
    const batch = todo.slice(i, i + LINK_BATCH);
    const who = batch.map((person) => ({ attendeeId: person.id, email: person.email, firstName: person.firstName, lastName: person.lastName }));
    const registered: Registrant[] = [];
    if (provider.registerAttendees) registered.push(...(await provider.registerAttendees(meeting.id, who)));
    else for (const w of who) registered.push(await provider.registerAttendee(meeting.id, w));
    const items = batch.map((person, k) => {
      const r = registered[k];
      if (!r) throw new Error(`the platform answered ${registered.length} registrants for ${batch.length} registrations`);
      return { attendee: { id: person.id }, join: { href: r.joinUrl }, sourceId: r.id };
    });
    const results = await api.addLinks(webcast.id, items);
    const failed = results.filter((r) => r.status !== 201 && r.status !== 409);
    if (failed.length > 0) throw new Error(`${failed.length} attendee links were refused: ${failed[0]?.data?.message ?? failed[0]?.status ?? ''}`);
    written += batch.length;
    log.info('attendee links written', { session: session.id, written, of: todo.length });
  }
  return { registrants: people.length, links: linked.size + written };
}

/**
 * Step 3: one check-in per attendee from the platform's participants report
 * (one row per join): first join, last leave, and the durations summed so
 * re-joins count once. Check-in is an upsert, and rows already equal are skipped.
 */
export async function writeCheckIns(
  api: EventlineApi, provider: WebcastProvider, session: ApiSession, webcast: ApiWebcast, meeting: ProviderMeeting, log: SyncLogger,
): Promise<number> {
  const rows = await provider.listParticipants(meeting.id);
  const byRegistrant = new Map<string, string>();
  for (const r of await provider.listRegistrants(meeting.id)) if (r.attendeeId) byRegistrant.set(r.id, r.attendeeId);
  // Links written by an earlier run name the registrant too (sourceId), for registrants the platform lost the question of.
  for (const l of await api.links(webcast.id)) if (l.sourceId && !byRegistrant.has(l.sourceId)) byRegistrant.set(l.sourceId, l.attendee.id);
  const merged = new Map<string, CheckIn>();
  for (const row of rows) {
    const attendee = row.registrantId ? byRegistrant.get(row.registrantId) : undefined;
    if (!attendee) continue;
    const join = new Date(row.joinedAt).toISOString();
    const leave = new Date(row.leftAt).toISOString();
    const prev = merged.get(attendee);
    merged.set(attendee, prev
      ? { id: attendee, checkIn: join < prev.checkIn ? join : prev.checkIn, checkOut: leave > prev.checkOut ? leave : prev.checkOut, duration: prev.duration + row.durationSeconds * 1000 }
      : { id: attendee, checkIn: join, checkOut: leave, duration: row.durationSeconds * 1000 });
  }
  const existing = new Map((await api.attendance(session.id)).filter((a) => !a.deleted).map((a) => [a.attendee.id, a]));
  const todo = [...merged.values()].filter((c) => {
    const e = existing.get(c.id);
    return !e || e.checkIn !== c.checkIn || e.checkOut !== c.checkOut || e.duration !== c.duration;
  });
  for (let i = 0; i < todo.length; i += CHECKIN_BATCH) {
    const results = await api.checkIn(session.id, todo.slice(i, i + CHECKIN_BATCH));
    const failed = results.filter((r) => r.status !== 201 && r.status !== 200);
    if (failed.length > 0) throw new Error(`${failed.length} check-ins were refused: ${failed[0]?.data?.message ?? failed[0]?.status ?? ''}`);
  }
  if (todo.length > 0) log.info('check-ins written', { session: session.id, count: todo.length });
  return merged.size;
}

/** Step 3 (recording): the recording link and its password onto the webcast, once the platform has it. */
export async function writeRecording(api: EventlineApi, provider: WebcastProvider, webcast: ApiWebcast, meeting: ProviderMeeting): Promise<{ webcast: ApiWebcast; recording: boolean }> {
  if (webcast._links.recording?.href) {
    if (webcast.status === 'Finished') return { webcast, recording: true };
  }
  const rec = webcast._links.recording?.href ? undefined : await provider.getRecording(meeting.id);
  const recording = rec ? { href: rec.url, ...(rec.password ? { code: rec.password } : {}) } : webcast._links.recording;
  if (webcast.status === 'Finished' && !rec) return { webcast, recording: Boolean(recording?.href) };
  const updated = await api.updateWebcast({ ...webcast, status: 'Finished', _links: { ...webcast._links, ...(recording ? { recording } : {}) } });
  return { webcast: updated, recording: Boolean(recording?.href) };
}
