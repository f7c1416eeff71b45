import { randomToken } from '@sdd/common';
import { clearedSessionCookie, csrfTokenOf, hasSessionCookie, sameCsrfToken, sessionCookie, sessionTokenFrom } from './session-cookie';

describe('session cookie', () => {
  const token = randomToken(43);

  it('is HttpOnly, Secure, SameSite=Strict, for the whole path, with its lifetime', () => {
    expect(sessionCookie(token, 3600)).toBe(`sdd_session=${token}; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Strict`);
    expect(clearedSessionCookie()).toBe('sdd_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
  });

  it('is read from a Cookie header among others, and only when it has the shape of a token', () => {
    expect(sessionTokenFrom(`theme=dark; sdd_session=${token}; lang=en`)).toBe(token);
    expect(sessionTokenFrom(`sdd_session=${token}`)).toBe(token);
    expect(sessionTokenFrom('sdd_session=short')).toBeUndefined();
    expect(sessionTokenFrom(`xsdd_session=${token}`)).toBeUndefined();
    expect(sessionTokenFrom(undefined)).toBeUndefined();
    expect(hasSessionCookie(`a=b; sdd_session=${token}`)).toBe(true);
    expect(hasSessionCookie('a=b')).toBe(false);
  });

  it('derives a CSRF token per session, compared in constant time', () => {
    const csrf = csrfTokenOf(token);
    expect(csrf).toMatch(/^[\w-]{43}$/);
    expect(csrfTokenOf(randomToken(43))).not.toBe(csrf);
    expect(sameCsrfToken(csrf, csrf)).toBe(true);
    expect(sameCsrfToken(undefined, csrf)).toBe(false);
    expect(sameCsrfToken(csrf.slice(1), csrf)).toBe(false);
    expect(sameCsrfToken(`${csrf.slice(0, -1)}x`, csrf)).toBe(csrf.endsWith('x'));
  });
});
