import { DASHBOARD_CSP, pageSecurityHeaders } from '../http/page-security';
import { opsConsoleCsp } from './ops-console.csp';

describe('opsConsoleCsp', () => {
  it("is the dashboard's policy without tiles", () => {
    expect(opsConsoleCsp(undefined)).toBe(DASHBOARD_CSP);
  });

  it('lets images come from the tile host, and only images, when TILE_URL is set', () => {
    const csp = opsConsoleCsp('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(csp).toContain("img-src 'self' data: https://*.tile.openstreetmap.org;");
    expect(csp.match(/openstreetmap/g)).toHaveLength(1);
    expect(csp).toContain("connect-src 'self';");
    expect(pageSecurityHeaders(csp)['content-security-policy']).toBe(csp);
  });
});
