import { createContext, useContext } from 'react';
import type { DashboardSession } from './session';

export const SessionContext = createContext<DashboardSession | null>(null);

/** The signed-in member; only pages behind the sign-in gate call it. */
export function useSignedIn(): DashboardSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSignedIn outside a signed-in page');
  return session;
}
