import { useEffect, useState } from 'react';
import { getToken, setToken } from './api.js';
import { completeSignIn, startSignIn } from './auth.js';
import { AccountPage } from './pages/Account.js';
import { EventPage } from './pages/EventPage.js';
import { EventsPage } from './pages/Events.js';
import { PortalPage } from './pages/Portal.js';
import { SessionAttendeesPage } from './pages/SessionAttendees.js';
import { Alert, useHashRoute } from './ui.js';

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
  const [signedIn, setSignedIn] = useState(() => getToken() !== undefined);

  useEffect(() => {
    const out = () => setSignedIn(false);
    window.addEventListener('eventline:signed-out', out);
    return () => window.removeEventListener('eventline:signed-out', out);
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

  const [first, second, third, fourth] = route;
  const isPortal = first === 'portal';
  let page;
  if (!ready) page = <p>Loading…</p>;
  else if (isPortal) page = <PortalPage />;
  else if (!signedIn || !getToken()) page = <PlannerSignIn error={error} />;
  else if (first === 'events' && second && third === 'sessions' && fourth) page = <SessionAttendeesPage eventId={second} sessionId={fourth} />;
  else if (first === 'events' && second) page = <EventPage id={second} tab={third} />;
  else if (first === 'account') page = <AccountPage />;
  else page = <EventsPage />;

  const signOut = () => {
    setToken(undefined);
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
            {signedIn && <li><a href="#/account" aria-current={first === 'account' ? 'page' : undefined}>Account</a></li>}
            <li><a href="#/portal" aria-current={isPortal ? 'page' : undefined}>Developer portal</a></li>
            {signedIn && <li><button type="button" className="link" onClick={signOut}>Sign out</button></li>}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>{page}</main>
    </>
  );
}
