import { clearedDriverSessionCookie, driverSessionCookie, driverSessionTokenFrom } from './driver-session-cookie';

describe('driver session cookie', () => {
  const token = 'a'.repeat(43);

  it('is HttpOnly, Secure, SameSite=Strict and sent to the driver API only', () => {
    const cookie = driverSessionCookie(token, 43200);
    expect(cookie).toBe(`sdd_driver_session=${token}; Max-Age=43200; Path=/v1/driver; HttpOnly; Secure; SameSite=Strict`);
    expect(clearedDriverSessionCookie()).toMatch(/^sdd_driver_session=; Max-Age=0; Path=\/v1\/driver; HttpOnly; Secure; SameSite=Strict$/);
  });

  it("reads its own token, not the dashboard's session nor a value of another shape", () => {
    expect(driverSessionTokenFrom(`sdd_session=${'b'.repeat(43)}; sdd_driver_session=${token}`)).toBe(token);
    expect(driverSessionTokenFrom(`sdd_session=${token}`)).toBeUndefined();
    expect(driverSessionTokenFrom('sdd_driver_session=short')).toBeUndefined();
    expect(driverSessionTokenFrom(undefined)).toBeUndefined();
  });
});
