import { isForbiddenAddress } from './ip-ranges';

describe('isForbiddenAddress', () => {
  // Each range is pinned by its first and last address and by its public neighbours.
  const forbidden = [
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.0.0',
    '169.254.169.254',
    '169.254.255.255',
    '172.16.0.0',
    '172.31.255.255',
    '192.0.0.0',
    '192.0.0.255',
    '192.0.2.0',
    '192.0.2.255',
    '192.168.0.0',
    '192.168.255.255',
    '198.18.0.0',
    '198.19.255.255',
    '198.51.100.0',
    '198.51.100.255',
    '203.0.113.0',
    '203.0.113.255',
    '224.0.0.0',
    '239.255.255.255',
    '240.0.0.0',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::7f00:1',
    'fc00::',
    'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe80::',
    'fe80::1',
    'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe80::1%eth0',
    'ff00::',
    'ff02::1',
    'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db8::',
    '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:A9FE:A9FE',
    '::ffff:10.1.2.3',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::192.168.1.1',
  ];

  // Issue 11, item 4: ranges that slipped through, and IPv6 forms that carry a refused IPv4 address.
  const issue11Forbidden = [
    // local-use NAT64 (64:ff9b:1::/48): the site's translator reaches any IPv4 address, 10.0.0.1 here
    '64:ff9b:1::',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
    // 6to4 (2002::/16), embedded IPv4 in bytes 2–5: refused whole, public embedded address included
    '2002::',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::1',
    '2002:808:808::1',
    '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    // Teredo (2001::/32): the client IPv4 address is XOR-obfuscated, refused whole
    '2001::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:0:ffff:ffff:ffff:ffff:ffff:ffff',
    // the rest of the IETF protocol assignments (2001::/23): benchmarking, ORCHIDv2
    '2001:2::1',
    '2001:20::1',
    '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff',
    // IPv4-translated (::ffff:0:0:0/96)
    '::ffff:0:0:0',
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:808:808',
    '0:0:0:0:ffff:0:a00:1',
    // site-local (fec0::/10, deprecated)
    'fec0::',
    'fec0::1',
    'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    // discard-only (100::/64)
    '100::',
    '100::1',
    '100::ffff:ffff:ffff:ffff',
    // 6to4 relay anycast (192.88.99.0/24)
    '192.88.99.0',
    '192.88.99.1',
    '192.88.99.255',
    // IPv4-compatible and mapped forms of refused addresses, however they are written
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '::ffff:0.0.0.0',
    '::ffff:255.255.255.255',
    '::ffff:192.88.99.1',
    '::ffff:c058:6301',
    '::ffff:100.64.0.1',
    '64:ff9b::0.0.0.0',
    '64:ff9b::192.88.99.1',
    '64:ff9b::ffff:ffff',
    '64:ff9b::a00:1',
    // outside global unicast (2000::/3) altogether
    '1::1',
    '::1:0:0:1',
    'fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '4000::1',
    '5f00::1',
    'e000::1',
    // documentation (3fff::/20)
    '3fff::1',
    '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff',
  ];

  const allowed = [
    '1.0.0.0',
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.0.3.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '198.51.101.0',
    '203.0.112.255',
    '203.0.114.0',
    '223.255.255.255',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db9::',
    '2001:200::1',
    '2003::1',
    '2a00:1450:4001:81c::200e',
    '3ffe:ffff::1',
    '3fff:1000::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::1.1.1.1',
    '64:ff9b::808:808',
  ];

  it.each(forbidden)('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(issue11Forbidden)('refuses %s (issue 11)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(allowed)('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it.each(['', 'localhost', 'example.com', '1.2.3', '1.2.3.04', '256.0.0.1', ' 8.8.8.8', '[::1]', '::1::', 'gggg::1'])('refuses %j, which is not an IP address', (notAnIp) => {
    expect(isForbiddenAddress(notAnIp)).toBe(true);
  });
});
