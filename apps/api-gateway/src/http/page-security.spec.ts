import { DASHBOARD_CSP, dashboardCsp, isHtml, PAGE_SECURITY_HEADERS, pageSecurityHeaders } from './page-security';

describe('isHtml', () => {
  it.each(['text/html', 'text/html; charset=utf-8', 'TEXT/HTML;charset=UTF-8', ' text/html '])('%j is a page', (type) => {
    expect(isHtml(type)).toBe(true);
  });

  it.each([undefined, '', 'application/json', 'text/plain', 'image/png', 'text/htmlx', ['text/html']])('%j is not', (type) => {
    expect(isHtml(type)).toBe(false);
  });
});

describe('PAGE_SECURITY_HEADERS', () => {
  it('refuses every frame and sniffing, and sends no referrer', () => {
    expect(PAGE_SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(PAGE_SECURITY_HEADERS).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });
});

describe('pageSecurityHeaders', () => {
  it("keeps a page's stricter CSP that holds the base directives", () => {
    expect(pageSecurityHeaders(DASHBOARD_CSP)['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
  });

  it('replaces a CSP that would let the page be framed, and adds one where none was set', () => {
    expect(pageSecurityHeaders("default-src 'self'")).toBe(PAGE_SECURITY_HEADERS);
    expect(pageSecurityHeaders(undefined)).toBe(PAGE_SECURITY_HEADERS);
  });
});

describe('dashboardCsp', () => {
  it('lets images come from this origin and data: only, without map tiles', () => {
    expect(DASHBOARD_CSP).toContain("img-src 'self' data:;");
    expect(dashboardCsp()).toBe(DASHBOARD_CSP);
  });

  it("adds the tiles' host to img-src alone, and the page-security hook keeps it", () => {
    const csp = dashboardCsp('https://*.tile.example.com');
    expect(csp).toContain("img-src 'self' data: https://*.tile.example.com;");
    expect(csp.replace(' https://*.tile.example.com', '')).toBe(DASHBOARD_CSP);
    expect(pageSecurityHeaders(csp)['content-security-policy']).toBe(csp);
  });
});
