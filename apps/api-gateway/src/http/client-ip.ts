import { BlockList, isIP } from 'node:net';

/** `::ffff:203.0.113.7`, as a dual-stack socket reports an IPv4 peer. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address in the form it is compared and counted in: IPv4-mapped IPv6 as plain IPv4. */
export function normalizeIp(address: string): string {
  const trimmed = address.trim();
  return IPV4_MAPPED.exec(trimmed)?.[1] ?? trimmed;
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** Why one entry of a TRUST_PROXY list is not an address or CIDR; undefined when it is one. */
function entryProblem(entry: string): string | undefined {
  const [address, prefix, ...rest] = entry.split('/');
  const family = familyOf(address);
  if (!family || rest.length > 0) return `"${entry}" is not an IP address or CIDR`;
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const max = family === 'ipv4' ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && bits <= max ? undefined : `"${entry}" has a prefix length outside 0–${max}`;
}

function entriesOf(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The problems of a TRUST_PROXY value, one per bad entry; empty when every entry is an address or CIDR. */
export function trustProxyProblems(list: string): string[] {
  return entriesOf(list).flatMap((entry) => entryProblem(entry) ?? []);
}

const REMEMBERED_ADDRESSES = 1024;

/** The proxies whose X-Forwarded-For is believed: addresses and CIDRs, IPv4 and IPv6. */
export class TrustedProxies {
  private readonly blocks = new BlockList();
  private readonly count: number;
  /**
   * Asked for every request, about few addresses (the load balancer's); a
   * BlockList check builds a SocketAddress each time. Bounded: cleared when full.
   */
  private readonly answers = new Map<string, boolean>();

  /** Throws on an entry that is not an address or CIDR: config validation has refused those already. */
  constructor(list = '') {
    const problems = trustProxyProblems(list);
    if (problems.length > 0) throw new Error(`TRUST_PROXY: ${problems.join('; ')}`);
    const entries = entriesOf(list);
    this.count = entries.length;
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      if (prefix === undefined) {
        const normalized = normalizeIp(address);
        this.blocks.addAddress(normalized, familyOf(normalized) as 'ipv4' | 'ipv6');
      } else {
        this.blocks.addSubnet(address, Number(prefix), familyOf(address) as 'ipv4' | 'ipv6');
      }
    }
  }

  has(address: string): boolean {
    if (this.count === 0) return false;
    let trusted = this.answers.get(address);
    if (trusted === undefined) {
      const normalized = normalizeIp(address);
      const family = familyOf(normalized);
      trusted = family !== undefined && this.blocks.check(normalized, family);
      if (this.answers.size >= REMEMBERED_ADDRESSES) this.answers.clear();
      this.answers.set(address, trusted);
    }
    return trusted;
  }
}

/**
 * The client a request is counted against. The socket's peer, unless that
 * peer is a trusted proxy: then X-Forwarded-For is walked from the right
 * (each proxy appends the address it saw), skipping trusted proxies, and the
 * first address not trusted is the client. Everything to its left was written
 * by the client and proves nothing. A hop that is not an IP address ends the
 * walk at the last address a trusted proxy vouched for.
 */
export function clientIp(peer: string, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  let client = normalizeIp(peer);
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map(normalizeIp);
  while (trusted.has(client) && hops.length > 0) {
    const hop = hops.pop() as string;
    if (familyOf(hop) === undefined) break;
    client = hop;
  }
  return client;
}
