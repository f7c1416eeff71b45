import { createHash, timingSafeEqual } from 'node:crypto';

/** The cookie that carries a dashboard session. */
export const SESSION_COOKIE = 'sdd_session';

/**
 * The Set-Cookie value of a session: unreadable by scripts (HttpOnly), sent
 * over HTTPS only (Secure; browsers treat http://localhost as secure), never
 * on another site's requests (SameSite=Strict), for the whole API (Path=/).
 */
export function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict`;
}

/** The session token of a Cookie header; undefined when there is none or it cannot be one of ours. */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** Whether the request carries a session cookie at all: a string search, cheap enough for every API-key request. */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(`${SESSION_COOKIE}=`);
}

/** How a session token (and any one-use token) is kept: its SHA-256; the tokens are 256-bit random, nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token, derived from the session token, so nothing more
 * is stored and it dies with the session. A page on another site can neither
 * read the cookie nor this token, so it cannot send it.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

/** Constant-time equality of a presented CSRF token with the session's. */
export function sameCsrfToken(presented: string | undefined, expected: string): boolean {
  const left = Buffer.from(presented ?? '');
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
