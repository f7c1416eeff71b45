const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The headers a web app's call adds to its session cookie: `always` on every call, the CSRF token on every change. */
export function requestHeaders(method: string, csrfToken: string | null, always: Record<string, string> = {}): Record<string, string> {
  const headers = { ...always };
  if (!SAFE_METHODS.has(method.toUpperCase()) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  return headers;
}
