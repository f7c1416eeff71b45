/**
 * The cookie of a driver app session: apart from the dashboard's `sdd_session`
 * (a phone may hold both), sent only to the driver API (Path=/v1/driver),
 * unreadable by scripts, HTTPS only, never on another site's requests.
 */
export const DRIVER_SESSION_COOKIE = 'sdd_driver_session';

const ATTRIBUTES = 'Path=/v1/driver; HttpOnly; Secure; SameSite=Strict';

export function driverSessionCookie(token: string, maxAgeSeconds: number): string {
  return `${DRIVER_SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${ATTRIBUTES}`;
}

export function clearedDriverSessionCookie(): string {
  return `${DRIVER_SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
}

/** The session token of a Cookie header; undefined when there is none or it cannot be one of ours. */
export function driverSessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== DRIVER_SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}
