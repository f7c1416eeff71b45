import { useQuery } from '@tanstack/react-query';
import { currentSession } from '../features/session/session-api';
import { SignInPage } from '../features/session/SignInPage';
import { ShiftScreen } from '../features/shift/ShiftScreen';

/** Signed in (the session cookie) or not: the shift, or the sign-in page. */
export function App() {
  const session = useQuery({ queryKey: ['session'], queryFn: currentSession, retry: false, refetchOnWindowFocus: false });
  if (session.isPending) {
    return (
      <main className="screen">
        <p role="status">Loading…</p>
      </main>
    );
  }
  return session.data ? <ShiftScreen /> : <SignInPage />;
}
