import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { requestHeaders, type Mode } from './request-headers';

/** What the calls of the signed-in dashboard carry: the chosen mode, and the session's CSRF token for changes. */
const context: { mode: Mode; csrfToken: string | null } = { mode: 'test', csrfToken: null };

export function setApiMode(mode: Mode): void {
  context.mode = mode;
}

export function setCsrfToken(token: string | null): void {
  context.csrfToken = token;
}

const sessionHeaders: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders(request.method, context))) request.headers.set(name, value);
    return request;
  },
};

/** The one client of the public API: typed from the gateway's OpenAPI document, authenticated by the session cookie. */
export const api = createClient<paths>({ baseUrl: '/', credentials: 'include' });
api.use(sessionHeaders);
