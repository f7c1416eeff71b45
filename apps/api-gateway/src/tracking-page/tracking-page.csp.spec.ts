import { pageSecurityHeaders } from '../http/page-security';
import { trackingPageCsp } from './tracking-page.csp';

describe('trackingPageCsp', () => {
  it('allows scripts of this origin only, and images of this origin only without tiles', () => {
    const csp = trackingPageCsp(undefined);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('adds the tile host, and only it, to img-src when TILE_URL is set', () => {
    const csp = trackingPageCsp('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(csp).toContain("img-src 'self' data: https://*.tile.openstreetmap.org;");
    expect(csp.match(/openstreetmap/g)).toHaveLength(1);
    expect(csp).toContain("script-src 'self';");
  });

  it('is kept by the page-security hook, which refuses any CSP that would let the page be framed', () => {
    const csp = trackingPageCsp('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(pageSecurityHeaders(csp)['content-security-policy']).toBe(csp);
  });
});
