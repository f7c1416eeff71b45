import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach: our own hosts, the private network the
 * services run in, the cloud metadata service (169.254.169.254), and ranges that
 * are not unicast on the public internet at all. Whatever a merchant registers,
 * the dispatcher may only call the public internet.
 */
const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, internal to a provider's network
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes the cloud metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast: a relay would unwrap it towards whatever IPv4 address it carries
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the limited broadcast 255.255.255.255
];

/**
 * Public IPv6 hosts live in 2000::/3 (global unicast) only; everything outside
 * it is refused unless it embeds an IPv4 address judged on its own (below).
 * That covers, among others, ::/128 and ::1, IPv4-compatible ::/96, the
 * IPv4-translated ::ffff:0:0:0/96, the discard prefix 100::/64, the local-use
 * NAT64 prefix 64:ff9b:1::/48 (a site's own translator, towards any IPv4
 * address, private ones included), unique local fc00::/7, site-local fec0::/10,
 * link-local fe80::/10 and multicast ff00::/8, and any range assigned later
 * outside 2000::/3.
 */
const GLOBAL_UNICAST_V6: readonly [string, number] = ['2000::', 3];

/** The parts of 2000::/3 that are not an ordinary public host. */
const FORBIDDEN_GLOBAL_V6: ReadonlyArray<readonly [string, number]> = [
  // IETF protocol assignments: Teredo (2001::/32, whose client IPv4 address is
  // XOR-obfuscated and so cannot be judged), benchmarking, ORCHID; no web server.
  ['2001::', 23],
  ['2001:db8::', 32], // documentation
  // 6to4 (deprecated, RFC 7526): a relay sends it to the IPv4 address in bytes 2–5,
  // which may be private; refused whole rather than judged by that address, since
  // which relay handles it (and what it trusts) is outside our control.
  ['2002::', 16],
  ['3fff::', 20], // documentation (RFC 9637)
];

function blockList(ranges: ReadonlyArray<readonly [string, number]>, family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const forbiddenV4 = blockList(FORBIDDEN_V4, 'ipv4');
const globalUnicastV6 = blockList([GLOBAL_UNICAST_V6], 'ipv6');
const forbiddenGlobalV6 = blockList(FORBIDDEN_GLOBAL_V6, 'ipv6');

/** ::ffff:0:0/96: the kernel sends these as plain IPv4, so the embedded address decides. */
const V4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
/** 64:ff9b::/96: a NAT64 gateway forwards these to the embedded IPv4 address. */
const NAT64_PREFIX = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];

/**
 * True when `ip` must not be called: a forbidden address, or anything that is
 * not an IP address at all (refusing is the safe answer to what we cannot judge).
 */
export function isForbiddenAddress(ip: string): boolean {
  switch (isIP(ip)) {
    case 4:
      return forbiddenV4.check(ip, 'ipv4');
    case 6:
      return isForbiddenV6(ip);
    default:
      return true;
  }
}

function isForbiddenV6(ip: string): boolean {
  // A zone index (fe80::1%eth0) only means something on a local link.
  if (ip.includes('%')) return true;
  const bytes = ipv6Bytes(ip);
  if (startsWith(bytes, V4_MAPPED_PREFIX) || startsWith(bytes, NAT64_PREFIX)) {
    return isForbiddenAddress(bytes.slice(12).join('.'));
  }
  return !globalUnicastV6.check(ip, 'ipv6') || forbiddenGlobalV6.check(ip, 'ipv6');
}

function startsWith(bytes: readonly number[], prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * The 16 bytes of an address `isIP` already accepted as IPv6, so that an IPv4
 * address hidden in it is found whichever way it is written (`::ffff:127.0.0.1`
 * and `::ffff:7f00:1` are the same address).
 */
function ipv6Bytes(ip: string): number[] {
  const [head, tail] = ip.split('::');
  const groups = (part: string | undefined): number[] => (part ? part.split(':').flatMap((group) => (group.includes('.') ? dottedQuadGroups(group) : [parseInt(group, 16)])) : []);
  const left = groups(head);
  const right = groups(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right].flatMap((group) => [group >> 8, group & 0xff]);
}

function dottedQuadGroups(quad: string): number[] {
  const [a, b, c, d] = quad.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}
