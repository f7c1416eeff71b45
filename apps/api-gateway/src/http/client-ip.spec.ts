import { clientIp, normalizeIp, TrustedProxies, trustProxyProblems } from './client-ip';

describe('trustProxyProblems', () => {
  it('accepts addresses and CIDRs of both families, blanks around commas, and an empty list', () => {
    expect(trustProxyProblems('127.0.0.1, 10.0.0.0/8,192.168.1.0/24 , ::1, fd00::/8, 2001:db8::/32, 0.0.0.0/0')).toEqual([]);
    expect(trustProxyProblems('')).toEqual([]);
  });

  it.each([
    ['a host name', 'proxy.internal', '"proxy.internal" is not an IP address or CIDR'],
    ['a truncated address', '10.0.0', '"10.0.0" is not an IP address or CIDR'],
    ['an IPv4 prefix above 32', '10.0.0.0/33', '"10.0.0.0/33" has a prefix length outside 0–32'],
    ['an IPv6 prefix above 128', 'fd00::/129', '"fd00::/129" has a prefix length outside 0–128'],
    ['a prefix that is no number', '10.0.0.0/x', '"10.0.0.0/x" has a prefix length outside 0–32'],
    ['two slashes', '10.0.0.0/8/8', '"10.0.0.0/8/8" is not an IP address or CIDR'],
    ['true, as Fastify would take it', 'true', '"true" is not an IP address or CIDR'],
  ])('names %s', (_case, list, problem) => {
    expect(trustProxyProblems(`127.0.0.1,${list}`)).toEqual([problem]);
  });
});

describe('TrustedProxies', () => {
  const trusted = new TrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8, 2001:db8::7');

  it.each([
    ['a listed address', '127.0.0.1'],
    ['the first address of a CIDR', '10.0.0.0'],
    ['the last address of a CIDR', '10.255.255.255'],
    ['an IPv6 address in a CIDR', 'fd12:3456::1'],
    ['a listed IPv6 address', '2001:db8::7'],
    ['a listed IPv6 address written out', '2001:0db8:0:0:0:0:0:7'],
    ['an IPv4 peer as a dual-stack socket reports it', '::ffff:10.1.2.3'],
  ])('trusts %s', (_case, address) => {
    expect(trusted.has(address)).toBe(true);
  });

  it.each([
    ['a neighbour of a listed address', '127.0.0.2'],
    ['the address after a CIDR', '11.0.0.0'],
    ['an IPv6 address outside the CIDR', 'fe80::1'],
    ['a neighbour of a listed IPv6 address', '2001:db8::8'],
    ['something that is no address', 'unknown'],
    ['nothing', ''],
  ])('does not trust %s', (_case, address) => {
    expect(trusted.has(address)).toBe(false);
  });

  it('trusts nobody by default', () => {
    expect(new TrustedProxies().has('127.0.0.1')).toBe(false);
  });

  it('refuses a list it cannot read', () => {
    expect(() => new TrustedProxies('10.0.0.0/99')).toThrow('TRUST_PROXY: "10.0.0.0/99" has a prefix length outside 0–32');
  });
});

describe('clientIp', () => {
  const trusted = new TrustedProxies('10.0.0.0/8, fd00::/8');

  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientIp('203.0.113.7', '198.51.100.1', new TrustedProxies())).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from a peer that is not trusted', () => {
    expect(clientIp('203.0.113.7', '198.51.100.1', trusted)).toBe('203.0.113.7');
    expect(clientIp('203.0.113.7', '10.0.0.1, 198.51.100.1', trusted)).toBe('203.0.113.7');
  });

  it('believes a trusted proxy about the address it saw', () => {
    expect(clientIp('10.0.0.2', '198.51.100.1', trusted)).toBe('198.51.100.1');
  });

  it('takes the right-most address that is not a trusted proxy, never what the client prepended', () => {
    expect(clientIp('10.0.0.2', 'spoofed, 192.0.2.66, 198.51.100.1, 10.0.0.3', trusted)).toBe('198.51.100.1');
    expect(clientIp('10.0.0.2', '192.0.2.66,198.51.100.1', trusted)).toBe('198.51.100.1');
  });

  it('reads several X-Forwarded-For headers as one list, in order', () => {
    expect(clientIp('10.0.0.2', ['192.0.2.66', '198.51.100.1, 10.0.0.9'], trusted)).toBe('198.51.100.1');
  });

  it('stops at the last trusted hop when a hop is not an address, or when the chain is all proxies', () => {
    expect(clientIp('10.0.0.2', '198.51.100.1, garbage', trusted)).toBe('10.0.0.2');
    expect(clientIp('10.0.0.2', '10.0.0.5, 10.0.0.3', trusted)).toBe('10.0.0.5');
    expect(clientIp('10.0.0.2', '', trusted)).toBe('10.0.0.2');
    expect(clientIp('10.0.0.2', undefined, trusted)).toBe('10.0.0.2');
  });

  it('handles IPv6 proxies and clients, and IPv4-mapped peers', () => {
    expect(clientIp('fd00::1', '2001:db8::42', trusted)).toBe('2001:db8::42');
    expect(clientIp('::ffff:10.0.0.2', '::ffff:198.51.100.1', trusted)).toBe('198.51.100.1');
    expect(clientIp('::ffff:203.0.113.7', undefined, trusted)).toBe('203.0.113.7');
  });
});

describe('normalizeIp', () => {
  it('writes IPv4-mapped IPv6 as IPv4 and leaves other addresses alone', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp(' 2001:db8::1 ')).toBe('2001:db8::1');
    expect(normalizeIp('127.0.0.1')).toBe('127.0.0.1');
  });
});
