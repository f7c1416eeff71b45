import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { CertificationQueuePage } from '../features/certifications/CertificationQueuePage';
import { StuckDeliveriesPage } from '../features/deliveries/StuckDeliveriesPage';
import { DriversPage } from '../features/drivers/DriversPage';
import { FailuresPage } from '../features/failures/FailuresPage';
import { LiveMapPage } from '../features/map/LiveMapPage';
import { currentSession, type OpsSession, signOut } from '../features/session/session-api';
import { SignInPage } from '../features/session/SignInPage';

const PAGES = [
  { path: '/deliveries', label: 'Stuck deliveries' },
  { path: '/map', label: 'Live map' },
  { path: '/drivers', label: 'Drivers' },
  { path: '/certifications', label: 'Certifications' },
  { path: '/failures', label: 'Failures' },
] as const;

/** Signed in (the session cookie) or not: the console's pages, or the sign-in page. */
export function App() {
  const session = useQuery({ queryKey: ['session'], queryFn: currentSession, retry: false, refetchOnWindowFocus: false });
  if (session.isPending) {
    return (
      <main className="sign-in">
        <p role="status">Loading…</p>
      </main>
    );
  }
  return session.data ? <Console session={session.data} /> : <SignInPage />;
}

function Console({ session }: { session: OpsSession }) {
  const queryClient = useQueryClient();
  async function leave() {
    await signOut();
    // Back to sign-in, and nothing of the fleet left in memory for whoever uses the browser next.
    queryClient.setQueryData(['session'], null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
  }
  return (
    <BrowserRouter basename="/ops">
      <header className="bar">
        <span className="brand">Same-Day operators</span>
        <nav aria-label="Console">
          {PAGES.map((page) => (
            <NavLink key={page.path} to={page.path}>
              {page.label}
            </NavLink>
          ))}
        </nav>
        <button type="button" onClick={() => void leave()}>
          Sign out
        </button>
      </header>
      <main className="page">
        <Routes>
          <Route path="/deliveries" element={<StuckDeliveriesPage />} />
          <Route path="/map" element={<LiveMapPage map={session.map} />} />
          <Route path="/drivers" element={<DriversPage />} />
          <Route path="/certifications" element={<CertificationQueuePage />} />
          <Route path="/failures" element={<FailuresPage />} />
          <Route path="*" element={<Navigate to="/deliveries" replace />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
