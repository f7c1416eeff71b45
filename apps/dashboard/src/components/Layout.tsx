import { NavLink, Outlet } from 'react-router-dom';
import { ErrorMessage } from './ErrorMessage';
import { useSignOut } from '../features/auth/session';
import { canUseDeveloperTools } from '../features/auth/permissions';
import { useSignedIn } from '../features/auth/SessionContext';
import { ModeToggle, useMode } from '../features/mode/mode';

const NAV: Array<{ to: string; label: string; developerTools?: boolean }> = [
  { to: '/deliveries', label: 'Deliveries' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/money', label: 'Money' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/team', label: 'Team' },
  { to: '/requests', label: 'Requests', developerTools: true },
];

export function Layout() {
  const { member, merchant } = useSignedIn();
  const { mode } = useMode();
  const signOut = useSignOut();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={`top mode-${mode}`}>
        <span className="merchant">{merchant.business_name}</span>
        <ModeToggle />
        <span className="who">
          {member.email} ({member.role})
        </span>
        <button type="button" onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </header>
      {signOut.error ? <ErrorMessage error={signOut.error} /> : null}
      {mode === 'test' ? <p className="test-banner">Test data: nothing here is real.</p> : null}
      <nav aria-label="Sections">
        <ul>
          {NAV.filter((item) => !item.developerTools || canUseDeveloperTools(member.role)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
