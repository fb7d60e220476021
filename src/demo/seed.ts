import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Services } from '../app.js';
import type { Config } from '../config/index.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';
import { seedDemoExhibitors } from './exhibitors.js';
import { seedDemoSpeakers } from './speakers.js';
import { seedDemoEventSetup } from './event-setup.js';
import { seedDemoProgram } from './program.js';
import { seedDemoCustomFields } from './custom-fields.js';
import { seedDemoBudget } from './budget.js';
import { seedDemoHousing } from './housing.js';
import { seedDemoSeating } from './seating.js';
import { seedDemoMeetingRequests } from './meeting-requests.js';
import { seedDemoAppointments } from './appointments.js';
import { seedDemoTravel } from './travel.js';
import { seedDemoLeads } from './leads.js';
import { seedDemoPeople } from './people.js';
import { seedDemoWorkflow } from './workflow.js';
import { seedDemoComms } from './comms.js';
import { seedDemoCommerce } from './commerce.js';

export const DEMO_ACCOUNT_NAME = 'Demo Account';

const SignIn = Type.Object({ email: Type.String(), password: Type.String() });
const DemoCredentialsSchema = Type.Object({
  accountId: Type.String(),
  clientId: Type.String(),
  clientSecret: Type.String(),
  planner: SignIn,
  developer: SignIn,
});
export type DemoCredentials = Static<typeof DemoCredentialsSchema>;

function credentialsFile(config: Config): string {
  return join(config.dataDir, 'demo-credentials.json');
}

/**
 * Creates the demo account on an empty database. Its secrets are written to
 * data/demo-credentials.json (mode 600) so `npm start` can print them on every
 * start of a local install; a production deployment sets DEMO=false.
 */
export async function seedDemo(services: Services, config: Config): Promise<{ created: boolean; credentials?: DemoCredentials }> {
  const file = credentialsFile(config);
  const existing = await services.accounts.findAccountByName(DEMO_ACCOUNT_NAME);
  if (existing) {
    if (existsSync(file)) {
      const creds: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (Value.Check(DemoCredentialsSchema, creds) && creds.accountId === existing.id) return { created: false, credentials: creds };
    }
    return { created: false };
  }
  const accounts = services.accounts;
  const account = await accounts.createAccount({ name: DEMO_ACCOUNT_NAME, tier: 'Professional' });
  const plannerPassword = randomBytes(9).toString('base64url');
  const developerPassword = randomBytes(9).toString('base64url');
  const planner = await accounts.createUser({ accountId: account.id, email: 'planner@demo.eventline.test', name: 'Demo Planner', role: 'administrator', password: plannerPassword });
  const developer = await accounts.createUser({ accountId: account.id, email: 'developer@demo.eventline.test', name: 'Demo Developer', role: 'developer', password: developerPassword });
  const workspace = await accounts.createWorkspace({ accountId: account.id, name: 'Demo workspace', scopes: ALL_SCOPES, createdBy: planner.id });
  await accounts.invite({ accountId: account.id, workspaceId: workspace.id, email: developer.email });
  const { application, clientSecret } = await accounts.createApplication({
    accountId: account.id, workspaceId: workspace.id, name: 'Demo integration', scopes: ALL_SCOPES, createdBy: developer.id,
  });
  const day = 24 * 3600_000;
  const start = new Date(Date.now() + 30 * day);
  start.setUTCHours(14, 0, 0, 0);
  const event = await services.events.createNow(account.id, planner.id, {
    title: 'eventline Demo Summit', format: 'Hybrid', type: 'Conference', timezone: 'America/New_York', languages: ['en-US'],
    start: start.toISOString(), end: new Date(start.getTime() + 2 * day + 4 * 3600_000).toISOString(),
    planners: [{ firstName: 'Demo', lastName: 'Planner', email: planner.email }],
    venues: [{ name: 'Harbor Convention Center', address: { address1: '1 Harbor Way', city: 'Boston', regionCode: 'MA', countryCode: 'US', postalCode: '02210' } }],
    note: 'Hybrid: sessions in Boston and online', showVenueLocation: true, showPointOfContact: true,
  });
  await seedDemoWorkflow(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoSpeakers(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoProgram(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoEventSetup(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoCustomFields(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoBudget(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoHousing(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoSeating(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoMeetingRequests(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoAppointments(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  await seedDemoCommerce(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  const { leadsExhibitorId } = await seedDemoExhibitors(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoLeads(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, exhibitorId: leadsExhibitorId });
  await seedDemoPeople(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoComms(services, { accountId: account.id, plannerId: planner.id, eventId: event.id });
  await seedDemoTravel(services, { accountId: account.id, plannerId: planner.id, eventId: event.id, start });
  const credentials: DemoCredentials = {
    accountId: account.id, clientId: application.clientId, clientSecret,
    planner: { email: planner.email, password: plannerPassword },
    developer: { email: developer.email, password: developerPassword },
  };
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { created: true, credentials };
}

export function demoBanner(config: Config, credentials: DemoCredentials | undefined, listening: string): string {
  const lines = [
    `eventline is listening on ${listening}`,
    `  API:  ${config.publicUrl}/${config.apiVersion}    Docs: ${config.publicUrl}/docs    OpenAPI: ${config.publicUrl}/${config.apiVersion}/openapi.json`,
    `  Web UI: ${config.publicUrl}/ (open it at this address: sign-in redirects back to it)`,
  ];
  if (credentials) {
    lines.push(
      '',
      `Demo account (secrets kept in ${credentialsFile(config)}):`,
      `  client_id:     ${credentials.clientId}`,
      `  client_secret: ${credentials.clientSecret}`,
      `  planner sign-in (administrator): ${credentials.planner.email} / ${credentials.planner.password}`,
      `  developer sign-in:               ${credentials.developer.email} / ${credentials.developer.password}`,
      '',
      'Get a token:',
      `  curl -s -X POST ${config.publicUrl}/${config.apiVersion}/oauth2/token -u '${credentials.clientId}:${credentials.clientSecret}' -d grant_type=client_credentials`,
      'Then call the API with it:',
      `  curl -s ${config.publicUrl}/${config.apiVersion}/events -H "Authorization: Bearer <access_token>"`,
    );
  }
  return lines.join('\n');
}
