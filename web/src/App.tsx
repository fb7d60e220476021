import { useEffect, useState } from 'react';
import { hasSession, signOut as endSignIn, TOKEN_KEY } from './api.js';
import { completeSignIn, startSignIn } from './auth.js';
import { AccountPage } from './pages/Account.js';
import { AgendaPage, SpeakersPage } from './pages/Agenda.js';
import { EventAdminPage } from './pages/EventAdmin.js';
import { ConnectionsPage } from './pages/Connections.js';
import { EngagementPage } from './pages/Engagement.js';
import { EventPage } from './pages/EventPage.js';
import { EventsPage } from './pages/Events.js';
import { ExhibitorsPage } from './pages/Exhibitors.js';
import { PortalPage } from './pages/Portal.js';
import { SessionAttendeesPage } from './pages/SessionAttendees.js';
import { SurveysPage } from './pages/Surveys.js';
import { Alert, RateLimitNotice, useHashRoute } from './ui.js';

function NotFound() {
  return (
    <section className="panel narrow" aria-labelledby="nf-h">
      <h1 id="nf-h">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be incomplete.</p>
      <p><a href="#/">Go to the home page</a> · <a href="#/events">Events</a> · <a href="#/portal">Developer portal</a></p>
    </section>
  );
}

function PlannerSignIn({ error }: { error: string | undefined }) {
  return (
    <section className="panel narrow" aria-labelledby="welcome-h">
      <h1 id="welcome-h">Welcome to eventline</h1>
      {error && <Alert>{error}</Alert>}
      <p>Planners sign in to manage events, sessions, virtual details and attendees.</p>
      <button type="button" onClick={() => void startSignIn(window.location.hash || '#/events')}>Sign in as a planner</button>
      <p>Developers: <a href="#/portal">open the developer portal</a> to manage workspaces and applications.</p>
    </section>
  );
}

export function App() {
  const route = useHashRoute();
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string>();
  const [signedIn, setSignedIn] = useState(() => hasSession());

  useEffect(() => {
    const out = () => setSignedIn(false);
    // The sign-in is shared by the origin's tabs: another tab signing in or out changes the stored token.
    const storage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY || e.key === null) setSignedIn(hasSession());
    };
    window.addEventListener('eventline:signed-out', out);
    window.addEventListener('storage', storage);
    return () => {
      window.removeEventListener('eventline:signed-out', out);
      window.removeEventListener('storage', storage);
    };
  }, []);

  useEffect(() => {
    void completeSignIn().then((r) => {
      if (r && 'error' in r) setError(r.error);
      if (r && 'returnTo' in r) {
        setSignedIn(true);
        window.location.hash = r.returnTo.startsWith('#/') ? r.returnTo : '#/events';
      }
      setReady(true);
    });
  }, []);

  const [first, second, third, fourth, ...rest] = route;
  const isPortal = first === 'portal' && !second;
  const plannerRoute =
    first === undefined ? 'events'
    : first === 'events' && !second ? 'events'
    : first === 'events' && second && (third === undefined || third === 'virtual' || third === 'attendees') && !fourth ? 'event'
    : first === 'events' && second && third === 'sessions' && fourth && rest.length === 0 ? 'session'
    : first === 'events' && second && third === 'agenda' && !fourth ? 'agenda'
    : first === 'events' && second && third === 'speakers' && !fourth ? 'speakers'
    : first === 'events' && second && third === 'admin' && !fourth ? 'admin'
    : first === 'events' && second && (third === 'exhibitors' || third === 'surveys') && rest.length === 0 ? third
    : first === 'events' && second && third === 'engagement' && !fourth ? 'engagement'
    : first === 'account' && !second ? 'account'
    : first === 'connections' && !second ? 'connections'
    : undefined;
  let page;
  if (!ready) page = <p>Loading…</p>;
  else if (isPortal) page = <PortalPage />;
  else if (plannerRoute === undefined) page = <NotFound />;
  else if (!signedIn || !hasSession()) page = <PlannerSignIn error={error} />;
  else if (plannerRoute === 'session' && second && fourth) page = <SessionAttendeesPage eventId={second} sessionId={fourth} />;
  else if (plannerRoute === 'event' && second) page = <EventPage key={second} id={second} tab={third} />;
  else if (plannerRoute === 'agenda' && second) page = <AgendaPage key={second} id={second} />;
  else if (plannerRoute === 'speakers' && second) page = <SpeakersPage key={second} id={second} />;
  else if (plannerRoute === 'admin' && second) page = <EventAdminPage key={second} id={second} />;
  else if (plannerRoute === 'exhibitors' && second) page = <ExhibitorsPage key={second} eventId={second} exhibitorId={fourth} />;
  else if (plannerRoute === 'surveys' && second) page = <SurveysPage key={second} eventId={second} surveyId={fourth} />;
  else if (plannerRoute === 'engagement' && second) page = <EngagementPage key={second} eventId={second} />;
  else if (plannerRoute === 'account') page = <AccountPage />;
  else if (plannerRoute === 'connections') page = <ConnectionsPage />;
  else page = <EventsPage />;

  const signOut = () => {
    endSignIn();
    setSignedIn(false);
    window.location.hash = '#/';
  };

  return (
    <>
      <a className="skip" href="#main">Skip to content</a>
      <header className="top">
        <a className="brand" href="#/">eventline</a>
        <nav aria-label="Main">
          <ul>
            {signedIn && <li><a href="#/events" aria-current={first === 'events' || !first ? 'page' : undefined}>Events</a></li>}
            {signedIn && <li><a href="#/connections" aria-current={first === 'connections' ? 'page' : undefined}>Platforms</a></li>}
            {signedIn && <li><a href="#/account" aria-current={first === 'account' ? 'page' : undefined}>Account</a></li>}
            <li><a href="#/portal" aria-current={isPortal ? 'page' : undefined}>Developer portal</a></li>
            {signedIn && <li><button type="button" className="link" onClick={signOut}>Sign out</button></li>}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <RateLimitNotice />
        {page}
      </main>
    </>
  );
}
