import createClient, { type Client } from 'openapi-fetch';
import { requestHeaders } from './request-headers';

/** An app's one API client, and the setter of its session's CSRF token (kept in memory only: the current session gives it again after a reload). */
export interface SessionClient<Paths extends object> {
  api: Client<Paths>;
  setCsrfToken(token: string | null): void;
}

/**
 * The client of a web app signed in by a session cookie: typed from the gateway's OpenAPI
 * document (`Paths`, generated per app), the CSRF token on every change, and `alwaysHeaders()`
 * on every call.
 */
export function createSessionClient<Paths extends object>(options: { credentials: RequestCredentials; alwaysHeaders?: () => Record<string, string> }): SessionClient<Paths> {
  let csrfToken: string | null = null;
  const api = createClient<Paths>({ baseUrl: '/', credentials: options.credentials });
  api.use({
    onRequest({ request }) {
      for (const [name, value] of Object.entries(requestHeaders(request.method, csrfToken, options.alwaysHeaders?.()))) request.headers.set(name, value);
      return request;
    },
  });
  return {
    api,
    setCsrfToken: (token) => {
      csrfToken = token;
    },
  };
}
