import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session's CSRF token, in memory only (GET /v1/ops/sessions/current gives it again after a reload). */
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

const csrfHeader: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method.toUpperCase()) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

/** The one client of the operator API: typed from the gateway's OpenAPI document, authenticated by the session cookie (Path=/v1/ops). */
export const api = createClient<paths>({ baseUrl: '/', credentials: 'same-origin' });
api.use(csrfHeader);
