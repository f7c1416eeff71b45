/**
 * The cookie of an operator console session: apart from the dashboard's and
 * the driver app's, sent only to the operator API (Path=/v1/ops), unreadable
 * by scripts, HTTPS only, never on another site's requests.
 */
export const OPS_SESSION_COOKIE = 'sdd_ops_session';

const ATTRIBUTES = 'Path=/v1/ops; HttpOnly; Secure; SameSite=Strict';

export function opsSessionCookie(token: string, maxAgeSeconds: number): string {
  return `${OPS_SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${ATTRIBUTES}`;
}

export function clearedOpsSessionCookie(): string {
  return `${OPS_SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}

/** The session token of a Cookie header; undefined when there is none or it cannot be one of ours. */
export function opsSessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== OPS_SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}
