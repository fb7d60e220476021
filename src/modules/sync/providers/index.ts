import type { WebcastProvider } from '../provider.js';
import { SimProvider } from './sim.js';
import { teamsFromSettings } from './teams.js';
import { gotowebinarFromSettings } from './gotowebinar.js';
import { zoomFromSettings } from './zoom.js';

export { SimProvider, type SimProviderOptions } from './sim.js';
export { ZoomProvider, zoomSignature, type ZoomProviderOptions } from './zoom.js';
export { TeamsProvider, registrantKey as teamsRegistrantKey, type TeamsProviderOptions } from './teams.js';
export { GoToWebinarProvider, type GoToWebinarProviderOptions } from './gotowebinar.js';

/** The Zoom connector's settings (ZOOM_* variables, or a connection's settings and secrets). */
export interface ZoomSettings {
  accountId?: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  hostUser?: string;
  apiUrl?: string;
  oauthUrl?: string;
}

/** The Microsoft Teams connector's settings (TEAMS_* and GRAPH_* variables). */
export interface TeamsSettings {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  organizerUser?: string;
  apiUrl?: string;
  loginUrl?: string;
}

/** The GoToWebinar connector's settings (GOTO_* variables). */
export interface GoToWebinarSettings {
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  organizerKey?: string;
  timeZone?: string;
  apiUrl?: string;
  oauthUrl?: string;
}

/** Settings a provider may need; each provider reads its own. */
export interface ProviderSettings {
  simUrl?: string;
  webhookSecret?: string;
  zoom?: ZoomSettings;
  teams?: TeamsSettings;
  gotowebinar?: GoToWebinarSettings;
  /** Set when the settings come from an account's connection (src/modules/sync/connections.service.ts): its name, for messages. */
  connection?: { name: string };
  /** The HTTP client a connector uses (a connection's: eventline's outbound guard). */
  fetch?: typeof globalThis.fetch;
  /** GoToWebinar: told each new refresh token GoTo answers (a connection stores it sealed, so a restart uses the newest). */
  onRefreshToken?: (token: string) => void | Promise<void>;
}

/** The registry of connectors: add one line per new provider file. */
const factories: Record<string, (s: ProviderSettings) => WebcastProvider> = {
  sim: (s) => {
    if (!s.simUrl) throw new Error('the sim provider needs SYNC_SIM_URL (or --sim-url): the address of `eventline provider-sim`');
    return new SimProvider({ baseUrl: s.simUrl, ...(s.webhookSecret ? { webhookSecret: s.webhookSecret } : {}), ...(s.fetch ? { fetch: s.fetch } : {}) });
  },
  zoom: (s) => {
    const webhookSecret = s.zoom?.webhookSecret ?? s.webhookSecret;
    return zoomFromSettings({
      ...s.zoom, ...(webhookSecret ? { webhookSecret } : {}), ...(s.connection ? { connectionName: s.connection.name } : {}), ...(s.fetch ? { fetch: s.fetch } : {}),
    });
  },
  teams: (s) => teamsFromSettings({ ...s.teams, ...(s.fetch ? { fetch: s.fetch } : {}) }),
  // Polling only: GoToWebinar's published API has no webhook signature to check (docs/sync.md, "GoToWebinar").
  gotowebinar: (s) => gotowebinarFromSettings({
    ...s.gotowebinar, ...(s.connection ? { connectionName: s.connection.name } : {}), ...(s.fetch ? { fetch: s.fetch } : {}),
    ...(s.onRefreshToken ? { onRefreshToken: s.onRefreshToken } : {}),
  }),
};

export const providerNames = (): string[] => Object.keys(factories);

export function createProvider(name: string, settings: ProviderSettings): WebcastProvider {
  const f = factories[name];
  if (!f) throw new Error(`unknown provider "${name}"; known: ${providerNames().join(', ')}`);
  return f(settings);
}

/**
 * A connection's settings as its platform's factory takes them: the connection's non-secret settings and its secrets
 * under the platform's key (`{ zoom: {...} }`, `{ gotowebinar: {...} }`, `{ teams: {...} }`); the simulator takes its
 * `apiUrl` as SYNC_SIM_URL. A connector registered above with a `ProviderSettings[platform]` entry needs nothing more.
 */
export function connectionProviderSettings(
  platform: string, settings: Readonly<Record<string, string>>, secrets: { clientSecret?: string; webhookSecret?: string; refreshToken?: string }, extra: Pick<ProviderSettings, 'connection' | 'fetch' | 'onRefreshToken'>,
): ProviderSettings {
  if (platform === 'sim') {
    return { ...(settings['apiUrl'] ? { simUrl: settings['apiUrl'] } : {}), ...(secrets.webhookSecret ? { webhookSecret: secrets.webhookSecret } : {}), ...extra };
  }
  return { [platform]: { ...settings, ...secrets }, ...extra };
}
