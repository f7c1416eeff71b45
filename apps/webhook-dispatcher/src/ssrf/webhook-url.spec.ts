import { checkWebhookTarget, DOES_NOT_RESOLVE, Lookup, MAX_WEBHOOK_URL_LENGTH, NOT_ALLOWED, parseWebhookUrl } from './webhook-url';

const none: ReadonlySet<string> = new Set();

describe('parseWebhookUrl', () => {
  it.each(['https://example.com/hooks', 'https://hooks.example.com:8443/a/b?c=d', 'https://8.8.8.8/hook', 'https://[2606:4700::1111]/hook', 'https://EXAMPLE.com./hook'])(
    'accepts %s',
    (raw) => {
      const parsed = parseWebhookUrl(raw, none);
      expect('url' in parsed && parsed.url.toString()).toBe(new URL(raw).toString());
    },
  );

  it.each([
    ['http://example.com/hook', 'must use https'],
    ['ftp://example.com/hook', 'must use https'],
    ['example.com/hook', 'not a valid URL'],
    ['https://', 'not a valid URL'],
    ['', 'not a valid URL'],
    ['https://[fe80::1%25eth0]/hook', 'not a valid URL'],
    ['https://4294967296/hook', 'not a valid URL'],
    ['https://user:pass@example.com/hook', 'must not contain credentials'],
    ['https://user@example.com/hook', 'must not contain credentials'],
    ['https://:pass@example.com/hook', 'must not contain credentials'],
  ])('refuses %s: %s', (raw, error) => {
    expect(parseWebhookUrl(raw, none)).toEqual({ error });
  });

  // One answer for every host we will not call, whether a name or an address (issue 11, item 4).
  it.each([
    'https://localhost/hook',
    'https://LocalHost./hook',
    'https://localhost../hook',
    'https://%6c%6fcalhost/hook',
    'https://ⓛocalhost/hook',
    'https://api.localhost/hook',
    'https://metadata.google.internal/hook',
    'https://printer.local/hook',
    'https://router.home.arpa/hook',
    'https://127.0.0.1/hook',
    'https://127.0.0.1:8443/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:169.254.169.254]/',
    // The URL parser normalises other spellings of an IPv4 address; the normalised host is judged.
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://0x7f000001/hook',
    'https://017700000001/hook',
    'https://0177.0.0.1/hook',
    'https://127.1/hook',
    'https://0/hook',
    'https://10.0.0.1./hook',
    'https://127.0.0.1%2e/hook',
    'https://１２７.０.０.１/hook',
    'https://255.255.255.255/hook',
    'https://4294967295/hook',
    'https://192.88.99.1/hook',
    // IPv6 forms, and IPv4 addresses embedded in them
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[0:0:0:0:0:ffff:127.0.0.1]/',
    'https://[::127.0.0.1]/',
    'https://[::ffff:0:127.0.0.1]/',
    'https://[64:ff9b::10.0.0.1]/',
    'https://[64:ff9b:1::a00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[2002:808:808::1]/',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'https://[fec0::1]/',
    'https://[100::1]/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
  ])('refuses %s as not allowed', (raw) => {
    expect(parseWebhookUrl(raw, none)).toEqual({ error: NOT_ALLOWED });
  });

  it('refuses a URL longer than the limit', () => {
    const base = 'https://example.com/';
    expect('url' in parseWebhookUrl(base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length), none)).toBe(true);
    expect(parseWebhookUrl(base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length + 1), none)).toEqual({
      error: 'must be at most 2048 characters',
    });
  });

  it('accepts allow-listed hosts by name or address, whatever the case', () => {
    const allowedHosts = new Set(['LOCALHOST', '127.0.0.1', '[::1]']);
    for (const raw of ['https://localhost:9443/hook', 'https://Localhost/hook', 'https://127.0.0.1/hook', 'https://[::1]/hook']) {
      expect('url' in parseWebhookUrl(raw, allowedHosts)).toBe(true);
    }
    expect(parseWebhookUrl('https://api.localhost/hook', allowedHosts)).toEqual({ error: NOT_ALLOWED });
  });

  it('keeps https and credentials rules for allow-listed hosts', () => {
    const allowedHosts = new Set(['localhost']);
    expect(parseWebhookUrl('http://localhost/hook', allowedHosts)).toEqual({ error: 'must use https' });
    expect(parseWebhookUrl('https://a:b@localhost/hook', allowedHosts)).toEqual({ error: 'must not contain credentials' });
  });
});

describe('checkWebhookTarget', () => {
  const resolvesTo = (table: Record<string, string[]>): jest.MockedFunction<Lookup> =>
    jest.fn((host: string) => {
      const addresses = table[host];
      return addresses ? Promise.resolve(addresses) : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
    });

  it('returns every address of a host that only has public ones', async () => {
    const lookup = resolvesTo({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
    await expect(checkWebhookTarget(new URL('https://hooks.example.com/x'), { allowedHosts: none, lookup })).resolves.toEqual({
      ok: true,
      addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    expect(lookup).toHaveBeenCalledWith('hooks.example.com');
  });

  it.each([
    [['8.8.8.8', '10.0.0.5']],
    [['10.0.0.5', '8.8.8.8']],
    [['2606:4700::1111', '::1']],
    [['169.254.169.254']],
    [['::ffff:127.0.0.1']],
    [['2606:4700::1111', '64:ff9b:1::a00:1']],
    [['2002:7f00:1::']],
    [['2001:0:4136:e378:8000:63bf:3fff:fdd2']],
    [['192.88.99.1']],
  ])('refuses a host resolving to %j, any private address among them', async (addresses) => {
    const lookup = resolvesTo({ 'rebind.example.com': addresses });
    await expect(checkWebhookTarget(new URL('https://rebind.example.com/'), { allowedHosts: none, lookup })).resolves.toEqual({
      ok: false,
      reason: NOT_ALLOWED,
    });
  });

  it('refuses a host that does not resolve, or resolves to nothing', async () => {
    const lookup = resolvesTo({ 'empty.example.com': [] });
    for (const host of ['missing.example.com', 'empty.example.com']) {
      await expect(checkWebhookTarget(new URL(`https://${host}/`), { allowedHosts: none, lookup })).resolves.toEqual({
        ok: false,
        reason: DOES_NOT_RESOLVE,
      });
    }
  });

  it('does not look up an allow-listed host', async () => {
    const lookup = resolvesTo({});
    await expect(checkWebhookTarget(new URL('https://Receiver.Test:9443/hook'), { allowedHosts: new Set(['receiver.test']), lookup })).resolves.toEqual({
      ok: true,
      addresses: [],
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('judges IP literals without a lookup', async () => {
    const lookup = resolvesTo({});
    const check = (raw: string, allowedHosts: ReadonlySet<string> = none) => checkWebhookTarget(new URL(raw), { allowedHosts, lookup });
    await expect(check('https://8.8.8.8/')).resolves.toEqual({ ok: true, addresses: ['8.8.8.8'] });
    await expect(check('https://[2606:4700::1111]/')).resolves.toEqual({ ok: true, addresses: ['2606:4700::1111'] });
    const refused = { ok: false, reason: NOT_ALLOWED };
    await expect(check('https://127.0.0.1/')).resolves.toEqual(refused);
    await expect(check('https://[::1]/')).resolves.toEqual(refused);
    await expect(check('https://169.254.169.254/')).resolves.toEqual(refused);
    await expect(check('https://[64:ff9b:1::a00:1]/')).resolves.toEqual(refused);
    await expect(check('https://[::1]/', new Set(['::1']))).resolves.toEqual({ ok: true, addresses: ['::1'] });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('resolves with the system resolver when no lookup is given', async () => {
    // "localhost" resolves from the hosts file, so this needs no network.
    await expect(checkWebhookTarget(new URL('https://localhost/'), { allowedHosts: none })).resolves.toEqual({
      ok: false,
      reason: NOT_ALLOWED,
    });
    await expect(checkWebhookTarget(new URL('https://does-not-exist.invalid/'), { allowedHosts: none })).resolves.toEqual({
      ok: false,
      reason: DOES_NOT_RESOLVE,
    });
  });
});
