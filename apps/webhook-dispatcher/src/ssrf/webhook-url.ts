import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { isForbiddenAddress } from './ip-ranges';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * The one answer for a host we will not call, whether it is a local name, a
 * non-public address, or a name that resolves to one: telling these apart
 * would tell a caller what our resolver knows about a name.
 */
export const NOT_ALLOWED = 'must point at a host on the public internet';
/** Only for attempts: registration accepts such a host, whose DNS may not be set up yet. */
export const DOES_NOT_RESOLVE = 'host does not resolve';

/** Names that never resolve to a public host, refused before any DNS is asked. */
const LOCAL_NAMES = ['localhost'];
const LOCAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa'];

export type Lookup = (host: string) => Promise<string[]>;

export interface WebhookTargetOptions {
  /** Host names exempt from the guard (`WEBHOOK_ALLOWED_HOSTS`), compared case-insensitively. */
  allowedHosts: ReadonlySet<string>;
  /** Resolves a host name to all its addresses; the system resolver unless a test replaces it. */
  lookup?: Lookup;
}

export type WebhookTarget = { ok: true; addresses: string[] } | { ok: false; reason: string };

/**
 * Checks what can be checked without the network: https, no credentials (they
 * would be sent to, and logged by, whoever the URL points at), a host that is not
 * a local name or a forbidden IP literal. Errors read after "Invalid url: ".
 */
export function parseWebhookUrl(raw: string, allowedHosts: ReadonlySet<string> = new Set()): { url: URL } | { error: string } {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { error: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'not a valid URL' };
  }
  if (url.protocol !== 'https:') return { error: 'must use https' };
  if (url.username !== '' || url.password !== '') return { error: 'must not contain credentials' };
  const host = hostOf(url);
  if (host === '') return { error: 'must have a host' };
  if (isAllowListed(host, allowedHosts)) return { url };
  if (isIP(host) !== 0) return isForbiddenAddress(host) ? { error: NOT_ALLOWED } : { url };
  if (LOCAL_NAMES.includes(host) || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return { error: NOT_ALLOWED };
  return { url };
}

/**
 * Decides whether the dispatcher may call `url` now: run at registration and
 * again before every send, because what a name resolves to can change.
 *
 * Every address the name has must be public; one private address among public
 * ones is enough to refuse, since the connection could land on any of them. The
 * sender must then connect to one of the returned `addresses` rather than resolve
 * the name again, or a DNS server answering differently the second time (DNS
 * rebinding) would get around the check. `addresses` is empty for an allow-listed
 * host name, which is not resolved here: the sender resolves it as usual.
 */
export async function checkWebhookTarget(url: URL, options: WebhookTargetOptions): Promise<WebhookTarget> {
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    return isAllowListed(host, options.allowedHosts) || !isForbiddenAddress(host) ? { ok: true, addresses: [host] } : { ok: false, reason: NOT_ALLOWED };
  }
  if (isAllowListed(host, options.allowedHosts)) return { ok: true, addresses: [] };

  let addresses: string[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    return { ok: false, reason: DOES_NOT_RESOLVE };
  }
  if (addresses.length === 0) return { ok: false, reason: DOES_NOT_RESOLVE };
  // The address itself stays out of the reason: it is shown to the merchant, and
  // would tell them what our internal DNS answers for a name.
  if (addresses.some(isForbiddenAddress)) return { ok: false, reason: NOT_ALLOWED };
  return { ok: true, addresses };
}

async function systemLookup(host: string): Promise<string[]> {
  const results = await dns.lookup(host, { all: true, verbatim: true });
  return results.map((result) => result.address);
}

function hostOf(url: URL): string {
  return normalizeHost(url.hostname);
}

/**
 * The host as it is compared: without IPv6 brackets or the root's trailing
 * dots, in lower case. `url.hostname` is already the WHATWG parser's
 * normalised host (an IPv4 address written as one integer, in octal or hex,
 * or with full-width digits comes out dotted-decimal), so every spelling of
 * an address is judged as the address it is.
 */
function normalizeHost(host: string): string {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  let end = bare.length;
  while (end > 0 && bare[end - 1] === '.') end -= 1;
  return bare.slice(0, end);
}

function isAllowListed(host: string, allowedHosts: ReadonlySet<string>): boolean {
  for (const allowed of allowedHosts) if (normalizeHost(allowed) === host) return true;
  return false;
}
