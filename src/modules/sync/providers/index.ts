import type { WebcastProvider } from '../provider.js';
import { SimProvider } from './sim.js';
import { gotowebinarFromSettings } from './gotowebinar.js';
import { zoomFromSettings } from './zoom.js';

export { SimProvider, type SimProviderOptions } from './sim.js';
export { ZoomProvider, zoomSignature, type ZoomProviderOptions } from './zoom.js';
export { GoToWebinarProvider, type GoToWebinarProviderOptions } from './gotowebinar.js';

/** The Zoom connector's settings (ZOOM_* variables). */
export interface ZoomSettings {
  accountId?: string;
  clientId?: string;
  clientSecret?: string;
  webhookSecret?: string;
  hostUser?: string;
  apiUrl?: string;
  oauthUrl?: string;
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
  gotowebinar?: GoToWebinarSettings;
}

/** The registry of connectors: add one line per new provider file. */
const factories: Record<string, (s: ProviderSettings) => WebcastProvider> = {
  sim: (s) => {
    if (!s.simUrl) throw new Error('the sim provider needs SYNC_SIM_URL (or --sim-url): the address of `eventline provider-sim`');
    return new SimProvider({ baseUrl: s.simUrl, ...(s.webhookSecret ? { webhookSecret: s.webhookSecret } : {}) });
  },
  zoom: (s) => {
    const webhookSecret = s.zoom?.webhookSecret ?? s.webhookSecret;
    return zoomFromSettings({ ...s.zoom, ...(webhookSecret ? { webhookSecret } : {}) });
  },
  // Polling only: GoToWebinar's published API has no webhook signature to check (docs/sync.md, "GoToWebinar").
  gotowebinar: (s) => gotowebinarFromSettings({ ...s.gotowebinar }),
};

export const providerNames = (): string[] => Object.keys(factories);

export function createProvider(name: string, settings: ProviderSettings): WebcastProvider {
  const f = factories[name];
  if (!f) throw new Error(`unknown provider "${name}"; known: ${providerNames().join(', ')}`);
  return f(settings);
}
