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
