/**
 * What must never reach a log line, and how it is recognised: our prefixed
 * secrets (API keys, webhook signing secrets, tracking tokens) and Stripe's
 * secret and restricted keys, wherever they appear; the capability in the
 * path of a public page (the tracking page's token, which has no prefix, and
 * the checkout page's checkout id, which alone opens the payment page); and the value of
 * any query parameter named like a credential, since clients put keys in
 * URLs by mistake. The prefix stays, so a line still says what kind of
 * secret was there.
 *
 * Every pattern is linear (no nested or overlapping quantifiers): it runs on
 * every request URL, which the client chooses.
 */
const PREFIXED_SECRET = /(svc_(?:test|live)|whsec|trk|sk_(?:test|live)|rk_(?:test|live))_[0-9A-Za-z]+/g;
/** `/track/{token}`, `/checkout/{checkout id}` (and their sub-paths): the path segment is the page's only key. */
const CAPABILITY_PATH = /\/(track|checkout)\/[^/?#\s"']+/g;
const QUERY_PARAM = /([?&#])([^=&#]*)=([^&#]*)/g;
const CREDENTIAL_NAME = /key|token|secret|password|signature/i;
/** The password of a connection URL (`redis://:pw@host`, `postgres://user:pw@host`), as an error about a server may quote it. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]*:)[^\s/@]+@/gi;

const REDACTED = '[redacted]';

/**
 * Any text (a log message, an error, a logged body): prefixed secrets and public pages' capabilities replaced.
 * A URL password needs an "@": without one that pattern is not run, since it tries a match at every word
 * of the text (4 µs of the gateway's CPU per logged delivery read, bench/HISTORY.md).
 */
export function redactSecrets(text: string): string {
  const withoutPasswords = text.includes('@') ? text.replace(URL_PASSWORD, `$1${REDACTED}@`) : text;
  return withoutPasswords.replace(CAPABILITY_PATH, `/$1/${REDACTED}`).replace(PREFIXED_SECRET, `$1_${REDACTED}`);
}

/** A request URL as logged: as `redactSecrets`, and the values of credential-like query parameters too. */
export function redactUrl(url: string): string {
  const start = url.search(/[?#]/);
  if (start === -1) return redactSecrets(url);
  const query = url.slice(start).replace(QUERY_PARAM, (param: string, separator: string, name: string) => (CREDENTIAL_NAME.test(name) ? `${separator}${name}=${REDACTED}` : param));
  return redactSecrets(url.slice(0, start)) + redactSecrets(query);
}
