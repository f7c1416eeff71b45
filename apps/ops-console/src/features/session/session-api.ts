import { api, setCsrfToken, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type OpsSession = Schemas['OpsSession'];

/** The session of the cookie, or null when there is none (401): the console then asks for the operator token. */
export async function currentSession(): Promise<OpsSession | null> {
  const { data, response } = await api.GET('/v1/ops/sessions/current');
  if (response.status === 401) return null;
  const session = await unwrap(Promise.resolve({ data, response }));
  setCsrfToken(session.csrf_token);
  return session;
}

/** Exchanges the operator token for a session cookie; the token is sent once and kept nowhere. */
export async function signIn(opsToken: string): Promise<OpsSession> {
  const session = await unwrap(api.POST('/v1/ops/sessions', { headers: { Authorization: `Bearer ${opsToken.trim()}` } }));
  setCsrfToken(session.csrf_token);
  return session;
}

export async function signOut(): Promise<void> {
  await unwrap(api.DELETE('/v1/ops/sessions/current'));
  setCsrfToken(null);
}
