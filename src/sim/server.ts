import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { signWebhook } from './signature.js';
import { SimState, type SimMeeting } from './state.js';

/**
 * The platform simulator: a Zoom-style API under /v2 and a control API under
 * /control to play a session (join, leave, end, recording, host edit, webhooks).
 * State is in memory; it lives for the life of the process.
 */
/** Where `eventline provider-sim` listens unless told otherwise, and so where its control commands look for it. */
export const DEFAULT_SIM_HOST = '127.0.0.1';
export const DEFAULT_SIM_PORT = 4010;
export const DEFAULT_SIM_URL = `http://${DEFAULT_SIM_HOST}:${DEFAULT_SIM_PORT}`;

export interface SimServer {
  readonly url: string;
  readonly state: SimState;
  close(): Promise<void>;
}

interface Subscription { url: string; secret: string }

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly code = status) { super(message); }
}

type Json = Record<string, unknown>;

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readJson(req: IncomingMessage): Promise<Json> {
  const body = await text(req);
  if (body === '') return {};
  try {
    const v: unknown = JSON.parse(body);
    if (isJson(v)) return v;
  } catch {
    // reported below
  }
  throw new HttpError(400, 'Body must be a JSON object', 300);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** The entries of `list` that `is` accepts; anything but an array gives none. */
const arrayOf = <T>(list: unknown, is: (v: unknown) => v is T): T[] => (Array.isArray(list) ? list.filter(is) : []);
const isTrackingField = (v: unknown): v is { field: string; value: string } => isJson(v) && typeof v['field'] === 'string' && typeof v['value'] === 'string';
const isQuestion = (v: unknown): v is { title: string; value: string } => isJson(v) && typeof v['title'] === 'string' && typeof v['value'] === 'string';
/** `settings.host_key` of a meeting body, when given. */
const hostKey = (body: Json): { host_key?: string } => {
  const key = isJson(body['settings']) ? str(body['settings']['host_key']) : undefined;
  return key ? { host_key: key } : {};
};
const when = (v: unknown): string => {
  const s = str(v);
  if (s === undefined) return new Date().toISOString();
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new HttpError(400, 'at must be an ISO-8601 date-time', 300);
  return new Date(t).toISOString();
};

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startSimServer(opts: { port?: number; host?: string } = {}): Promise<SimServer> {
  let baseUrl = '';
  const state = new SimState(() => baseUrl);
  const subscriptions: Subscription[] = [];
  // Added before every /v2 answer: plays a slow platform (and lets a test stop a sync half-way).
  let latencyMs = 0;

  async function notify(event: string, m: SimMeeting, extra: Json = {}): Promise<void> {
    const body = JSON.stringify({ event, event_ts: Date.now(), payload: { object: { id: m.id, uuid: m.uuid, topic: m.topic, ...extra } } });
    await Promise.all(subscriptions.map(async (s) => {
      const ts = String(Date.now());
      try {
        await fetch(s.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zm-request-timestamp': ts, 'x-zm-signature': signWebhook(s.secret, ts, body) }, body });
      } catch {
        // Like the real platform: a subscriber that is down misses the event and must poll.
      }
    }));
  }

  const meetingOf = (id: string): SimMeeting => {
    const m = state.meeting(id);
    if (!m) throw new HttpError(404, `Meeting does not exist: ${id}.`, 3001);
    return m;
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter((p) => p !== '');
    const [a, b, c, d, e] = parts;

    if (a === 'v2' && latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    if (a === 'v2' && b === 'users' && c === 'me' && d === 'meetings' && e === undefined) {
      if (method === 'GET') {
        const meetings = [...state.meetings.values()].filter((m) => m.status !== 'deleted');
        return send(res, 200, { total_records: meetings.length, meetings });
      }
      if (method === 'POST') {
        const body = await readJson(req);
        const topic = str(body['topic']);
        if (!topic) throw new HttpError(400, 'topic is required', 300);
        const m = state.createMeeting({
          topic, type: num(body['type']) ?? 2, start_time: when(body['start_time']), duration: num(body['duration']) ?? 60,
          ...(str(body['password']) ? { password: str(body['password']) } : {}),
          ...hostKey(body),
          tracking_fields: arrayOf(body['tracking_fields'], isTrackingField),
        });
        return send(res, 201, m);
      }
    }
    if (a === 'v2' && b === 'meetings' && c !== undefined) {
      const m = meetingOf(c);
      if (d === undefined && method === 'GET') return send(res, 200, m);
      if (d === undefined && method === 'PATCH') {
        const body = await readJson(req);
        state.editMeeting(m, {
          ...(str(body['topic']) ? { topic: str(body['topic']) } : {}),
          ...(str(body['start_time']) ? { start_time: when(body['start_time']) } : {}),
          ...(num(body['duration']) !== undefined ? { duration: num(body['duration']) } : {}),
          ...(str(body['password']) ? { password: str(body['password']) } : {}),
          ...hostKey(body),
        });
        return send(res, 204);
      }
      if (d === undefined && method === 'DELETE') {
        m.status = 'deleted';
        m.updated_at = new Date().toISOString();
        await notify('meeting.deleted', m);
        return send(res, 204);
      }
      if (d === 'registrants' && method === 'GET') {
        const registrants = state.registrants.get(m.id) ?? [];
        return send(res, 200, { total_records: registrants.length, registrants });
      }
      if (d === 'registrants' && method === 'POST') {
        const body = await readJson(req);
        const email = str(body['email']);
        if (!email || !email.includes('@')) throw new HttpError(400, 'email is required', 300);
        const questions = arrayOf(body['custom_questions'], isQuestion);
        const { registrant } = state.register(m, { email, first_name: str(body['first_name']) ?? '', last_name: str(body['last_name']) ?? '', custom_questions: questions });
        return send(res, 201, { id: m.id, registrant_id: registrant.id, join_url: registrant.join_url, topic: m.topic, start_time: m.start_time });
      }
      if (d === 'recordings' && method === 'GET') {
        const rec = state.recordings.get(m.id);
        if (!rec) throw new HttpError(404, 'There is no recording for this meeting.', 3301);
        return send(res, 200, { id: m.id, uuid: m.uuid, topic: m.topic, ...rec });
      }
    }
    if (a === 'v2' && b === 'report' && c === 'meetings' && d !== undefined && e === 'participants' && method === 'GET') {
      const m = meetingOf(d);
      const participants = (state.participants.get(m.id) ?? []).filter((p) => p.leave_time !== undefined);
      return send(res, 200, { total_records: participants.length, participants });
    }

    // Control API: plays the session the way the platform's users would.
    if (a === 'control') {
      if (b === 'latency' && method === 'PUT') {
        const ms = num((await readJson(req))['ms']);
        if (ms === undefined || ms < 0 || ms > 60_000) throw new HttpError(400, 'ms must be 0-60000', 300);
        latencyMs = ms;
        return send(res, 200, { ms });
      }
      if (b === 'webhooks' && method === 'POST') {
        const body = await readJson(req);
        const target = str(body['url']);
        const secret = str(body['secret']);
        if (!target || !secret) throw new HttpError(400, 'url and secret are required', 300);
        if (!/^https?:$/.test(URL.parse(target)?.protocol ?? '')) throw new HttpError(400, `url must be an http or https URL, got '${target}'`, 300);
        subscriptions.push({ url: target, secret });
        return send(res, 201, { url: target });
      }
      if (b === 'meetings' && c !== undefined) {
        const m = meetingOf(c);
        const body = method === 'GET' ? {} : await readJson(req);
        if (d === undefined && method === 'GET') {
          return send(res, 200, { meeting: m, registrants: state.registrants.get(m.id) ?? [], participants: state.participants.get(m.id) ?? [], recording: state.recordings.get(m.id) ?? null });
        }
        if (d === undefined && method === 'PATCH') {
          state.editMeeting(m, {
            ...(str(body['topic']) ? { topic: str(body['topic']) } : {}),
            ...(str(body['start_time']) ? { start_time: when(body['start_time']) } : {}),
            ...(num(body['duration']) !== undefined ? { duration: num(body['duration']) } : {}),
            ...(str(body['password']) ? { password: str(body['password']) } : {}),
            ...(str(body['host_key']) ? { host_key: str(body['host_key']) } : {}),
          });
          await notify('meeting.updated', m);
          return send(res, 200, m);
        }
        if ((d === 'join' || d === 'leave') && method === 'POST') {
          const rid = str(body['registrant_id']);
          if (!rid) throw new HttpError(400, 'registrant_id is required', 300);
          const at = when(body['at']);
          const p = d === 'join' ? state.join(m, rid, at) : state.leave(m, rid, at);
          if (!p) throw new HttpError(404, d === 'join' ? 'No such registrant' : 'The registrant is not in the meeting', 3001);
          await notify(d === 'join' ? 'meeting.participant_joined' : 'meeting.participant_left', m, { participant: { registrant_id: rid } });
          return send(res, 200, p);
        }
        if (d === 'end' && method === 'POST') {
          state.end(m, when(body['at']));
          await notify('meeting.ended', m);
          return send(res, 200, m);
        }
        if (d === 'recording' && method === 'POST') {
          const rec = state.completeRecording(m);
          await notify('recording.completed', m);
          return send(res, 201, rec);
        }
      }
    }
    throw new HttpError(404, `No route: ${method} ${url.pathname}`, 404);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      const e = err instanceof HttpError ? err : new HttpError(500, 'Internal error');
      if (!res.headersSent) send(res, e.status, { code: e.code, message: e.message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  // A TCP listener always has an AddressInfo; null or a string would mean a pipe or a closed server.
  if (addr === null || typeof addr === 'string') throw new Error('the simulator is not listening on a TCP port');
  baseUrl = `http://${opts.host ?? '127.0.0.1'}:${addr.port}`;
  return {
    url: baseUrl,
    state,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
