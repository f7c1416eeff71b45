export type Mode = 'test' | 'live';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The headers a dashboard call adds to the cookie: the mode always, the CSRF token on every change. */
export function requestHeaders(method: string, context: { mode: Mode; csrfToken: string | null }): Record<string, string> {
  const headers: Record<string, string> = { 'Dashboard-Mode': context.mode };
  if (!SAFE_METHODS.has(method.toUpperCase()) && context.csrfToken) headers['X-CSRF-Token'] = context.csrfToken;
  return headers;
}
