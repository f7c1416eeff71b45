/**
 * What every HTML page the gateway serves (tracking, checkout, Connect's
 * return page, the API docs) carries. No other site may frame it (a payment
 * or tracking page in a hidden frame invites clickjacking): CSP
 * `frame-ancestors` for current browsers, X-Frame-Options for older ones.
 * The CSP restricts nothing the pages load (the checkout page loads Stripe.js
 * or the local processor's script): only framing, plugins and `<base>`.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Whether a response is an HTML page, by its Content-Type. */
export function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.split(';')[0].trim().toLowerCase() === 'text/html';
}

const BASE_CSP = PAGE_SECURITY_HEADERS['content-security-policy'];

/**
 * The dashboard's own policy: PAGE_SECURITY_HEADERS' CSP plus a strict
 * origin rule for everything it loads. Its bundle is files of this origin
 * (no inline script or style, no other host), and it calls only this API.
 * Images may also come from `tileSource`, the map tiles' host (tileCspSource
 * of TILE_URL), when the gateway has one.
 */
export function dashboardCsp(tileSource?: string): string {
  const images = ["'self'", 'data:', ...(tileSource ? [tileSource] : [])].join(' ');
  return `default-src 'self'; script-src 'self'; style-src 'self'; img-src ${images}; connect-src 'self'; form-action 'self'; ${BASE_CSP}`;
}

/** The dashboard's policy without map tiles: what its nginx container sends, and the driver app's. */
export const DASHBOARD_CSP = dashboardCsp();

/**
 * The headers a page gets: PAGE_SECURITY_HEADERS, keeping a stricter CSP the
 * page set itself (the dashboard's, the tracking page's) only when it still holds the base policy's
 * directives, so no page can loosen what every page must refuse.
 */
export function pageSecurityHeaders(ownCsp: unknown): Readonly<Record<string, string>> {
  const keeps = typeof ownCsp === 'string' && BASE_CSP.split('; ').every((directive) => ownCsp.includes(directive));
  return keeps ? { ...PAGE_SECURITY_HEADERS, 'content-security-policy': ownCsp } : PAGE_SECURITY_HEADERS;
}
