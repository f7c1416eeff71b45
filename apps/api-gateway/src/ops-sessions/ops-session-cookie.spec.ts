import { clearedOpsSessionCookie, opsSessionCookie, opsSessionTokenFrom } from './ops-session-cookie';

describe('operator session cookie', () => {
  const token = 'a'.repeat(43);

  it('is HttpOnly, Secure, SameSite=Strict and sent to the operator API only', () => {
    expect(opsSessionCookie(token, 28800)).toBe(`sdd_ops_session=${token}; Max-Age=28800; Path=/v1/ops; HttpOnly; Secure; SameSite=Strict`);
    expect(clearedOpsSessionCookie()).toBe('sdd_ops_session=; Max-Age=0; Path=/v1/ops; HttpOnly; Secure; SameSite=Strict');
  });

  it("reads its own token, not another app's session nor a value of another shape", () => {
    expect(opsSessionTokenFrom(`sdd_driver_session=${'b'.repeat(43)}; sdd_ops_session=${token}`)).toBe(token);
    expect(opsSessionTokenFrom(`sdd_session=${token}`)).toBeUndefined();
    expect(opsSessionTokenFrom('sdd_ops_session=short')).toBeUndefined();
    expect(opsSessionTokenFrom(undefined)).toBeUndefined();
  });
});
