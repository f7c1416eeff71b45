import { ApiKeyCache, bearerKey, hashKey, KeyScope } from './api-key-cache';

describe('ApiKeyCache', () => {
  const scope: KeyScope = { merchantId: 'mer_1', mode: 'test' };

  it('looks a key up once, by its hash, and answers from memory after', async () => {
    const load = jest.fn(async (keyHash: string) => (keyHash === hashKey('svc_test_a') ? scope : undefined));
    const cache = new ApiKeyCache(load);
    expect(await cache.scopeOf('svc_test_a')).toEqual(scope);
    expect(await cache.scopeOf('svc_test_a')).toEqual(scope);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(hashKey('svc_test_a'));
  });

  it('answers undefined for an unknown key', async () => {
    expect(await new ApiKeyCache(async () => undefined).scopeOf('svc_test_b')).toBeUndefined();
  });

  it('forgets a failed lookup, so the next request tries again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(scope);
    const cache = new ApiKeyCache(load);
    await expect(cache.scopeOf('svc_test_c')).rejects.toThrow('down');
    expect(await cache.scopeOf('svc_test_c')).toEqual(scope);
  });
});

describe('bearerKey', () => {
  it.each([
    ['Bearer svc_test_x', 'svc_test_x'],
    ['bearer  svc_test_x ', 'svc_test_x'],
    ['Basic abc', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, key) => expect(bearerKey(header)).toBe(key));
});
