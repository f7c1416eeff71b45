import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A session cookie: unreadable by scripts (HttpOnly), sent over HTTPS only
 * (Secure; browsers treat http://localhost as secure), never on another
 * site's requests (SameSite=Strict), and only to its own part of the API
 * (Path). The three kinds of session differ in their name and path alone.
 */
export class SessionCookie {
  private readonly attributes: string;

  constructor(
    readonly name: string,
    path: string,
  ) {
    this.attributes = `Path=${path}; HttpOnly; Secure; SameSite=Strict`;
  }

  /** The Set-Cookie value of a session. */
  issued(token: string, maxAgeSeconds: number): string {
    return `${this.name}=${token}; Max-Age=${maxAgeSeconds}; ${this.attributes}`;
  }

  /** The Set-Cookie value that removes the cookie from the browser. */
  cleared(): string {
    return `${this.name}=; Max-Age=0; ${this.attributes}`;
  }

  /** The session token of a Cookie header; undefined when there is none or it cannot be one of ours. */
  tokenFrom(cookieHeader: string | undefined): string | undefined {
    if (!cookieHeader) return undefined;
    for (const pair of cookieHeader.split(';')) {
      const separator = pair.indexOf('=');
      if (separator === -1 || pair.slice(0, separator).trim() !== this.name) continue;
      const value = pair.slice(separator + 1).trim();
      return /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
    }
    return undefined;
  }

  /** Whether the request carries the cookie at all: a string search, cheap enough for every API-key request. */
  isIn(cookieHeader: string | undefined): boolean {
    return cookieHeader !== undefined && cookieHeader.includes(`${this.name}=`);
  }
}

/** A dashboard session, for the whole API. */
export const DASHBOARD_SESSION_COOKIE = new SessionCookie('sdd_session', '/');
/** A driver app session: apart from the dashboard's (a phone may hold both), sent to the driver API only. */
export const DRIVER_SESSION_COOKIE = new SessionCookie('sdd_driver_session', '/v1/driver');
/** An operator console session, sent to the operator API only. */
export const OPS_SESSION_COOKIE = new SessionCookie('sdd_ops_session', '/v1/ops');

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
