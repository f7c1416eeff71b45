import { randomToken } from '@sdd/common';
import { csrfTokenOf, DASHBOARD_SESSION_COOKIE, DRIVER_SESSION_COOKIE, OPS_SESSION_COOKIE, sameCsrfToken } from './session-cookie';

describe('session cookies', () => {
  const token = randomToken(43);

  it('is HttpOnly, Secure, SameSite=Strict, for its own path, with its lifetime', () => {
    expect(DASHBOARD_SESSION_COOKIE.issued(token, 3600)).toBe(`sdd_session=${token}; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Strict`);
    expect(DASHBOARD_SESSION_COOKIE.cleared()).toBe('sdd_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect(DRIVER_SESSION_COOKIE.issued(token, 43200)).toBe(`sdd_driver_session=${token}; Max-Age=43200; Path=/v1/driver; HttpOnly; Secure; SameSite=Strict`);
    expect(DRIVER_SESSION_COOKIE.cleared()).toBe('sdd_driver_session=; Max-Age=0; Path=/v1/driver; HttpOnly; Secure; SameSite=Strict');
    expect(OPS_SESSION_COOKIE.issued(token, 28800)).toBe(`sdd_ops_session=${token}; Max-Age=28800; Path=/v1/ops; HttpOnly; Secure; SameSite=Strict`);
    expect(OPS_SESSION_COOKIE.cleared()).toBe('sdd_ops_session=; Max-Age=0; Path=/v1/ops; HttpOnly; Secure; SameSite=Strict');
  });

  it('is read from a Cookie header among others, and only when it has the shape of a token', () => {
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom(`theme=dark; sdd_session=${token}; lang=en`)).toBe(token);
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom(`sdd_session=${token}`)).toBe(token);
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom('sdd_session=short')).toBeUndefined();
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom(`xsdd_session=${token}`)).toBeUndefined();
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom(undefined)).toBeUndefined();
    expect(DASHBOARD_SESSION_COOKIE.isIn(`a=b; sdd_session=${token}`)).toBe(true);
    expect(DASHBOARD_SESSION_COOKIE.isIn('a=b')).toBe(false);
  });

  it("reads each kind's own token only, not another session's on the same request", () => {
    const other = 'b'.repeat(43);
    expect(DRIVER_SESSION_COOKIE.tokenFrom(`sdd_session=${other}; sdd_driver_session=${token}`)).toBe(token);
    expect(DRIVER_SESSION_COOKIE.tokenFrom(`sdd_session=${token}`)).toBeUndefined();
    expect(OPS_SESSION_COOKIE.tokenFrom(`sdd_driver_session=${other}; sdd_ops_session=${token}`)).toBe(token);
    expect(OPS_SESSION_COOKIE.tokenFrom(`sdd_session=${token}`)).toBeUndefined();
    expect(DASHBOARD_SESSION_COOKIE.tokenFrom(`sdd_ops_session=${token}`)).toBeUndefined();
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
