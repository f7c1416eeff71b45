import { api, setCsrfToken, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type DriverSession = Schemas['DriverSession'];

/** The session of the cookie, or null when there is none (401): the app then asks the driver to sign in. */
export async function currentSession(): Promise<DriverSession | null> {
  const { data, response } = await api.GET('/v1/driver/sessions/current');
  if (response.status === 401) return null;
  const session = await unwrap(Promise.resolve({ data, response }));
  setCsrfToken(session.csrf_token);
  return session;
}

/** Exchanges the driver token for a session cookie; the token is sent once and kept nowhere. */
export async function signIn(driverToken: string): Promise<DriverSession> {
  const session = await unwrap(api.POST('/v1/driver/sessions', { headers: { Authorization: `Bearer ${driverToken.trim()}` } }));
  setCsrfToken(session.csrf_token);
  return session;
}

export async function signOut(): Promise<void> {
  await unwrap(api.DELETE('/v1/driver/sessions/current'));
  setCsrfToken(null);
}
