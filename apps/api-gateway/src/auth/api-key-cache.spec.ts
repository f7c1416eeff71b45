import { ApiKeyCache, CachedKey } from './api-key-cache';

const key = (apiKeyId: string, expiresAtMs: number | null = null): CachedKey => ({
  auth: { merchantId: 'mer_1', mode: 'test', apiKeyId },
  expiresAtMs,
  lastUsedAt: null,
});

function listeningCache(ttlMs = 5000, capacity = 100): ApiKeyCache {
  const cache = new ApiKeyCache(ttlMs, capacity);
  cache.hearing();
  return cache;
}

describe('ApiKeyCache', () => {
  it('serves a stored key until its time to live is up', () => {
    const cache = listeningCache(5000);
    cache.set('h1', key('key_1'), cache.generation, 1000);
    expect(cache.get('h1', 5999)?.auth.apiKeyId).toBe('key_1');
    expect(cache.get('h1', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never serves a key past its own expiry, however fresh the entry', () => {
    const cache = listeningCache(5000);
    cache.set('h1', key('key_1', 2000), cache.generation, 1000);
    expect(cache.get('h1', 1999)).toBeDefined();
    expect(cache.get('h1', 2000)).toBeUndefined();
  });

  it('drops a key when it is invalidated by id, and keeps the others', () => {
    const cache = listeningCache();
    cache.set('h1', key('key_1'), cache.generation, 0);
    cache.set('h2', key('key_2'), cache.generation, 0);
    cache.invalidate('key_1');
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h2', 1)?.auth.apiKeyId).toBe('key_2');
  });

  it('does not store what a lookup read before an invalidation arrived', () => {
    const cache = listeningCache();
    const started = cache.generation;
    cache.invalidate('key_1');
    cache.set('h1', key('key_1'), started, 0);
    expect(cache.get('h1', 1)).toBeUndefined();
  });

  it('serves and keeps nothing while invalidations cannot be heard, and starts empty once they can', () => {
    const cache = new ApiKeyCache(5000, 100);
    cache.set('h1', key('key_1'), cache.generation, 0);
    expect(cache.get('h1', 1)).toBeUndefined();
    cache.hearing();
    cache.set('h1', key('key_1'), cache.generation, 0);
    cache.deaf();
    expect(cache.size).toBe(0);
    cache.hearing();
    expect(cache.get('h1', 1)).toBeUndefined();
  });

  it('holds at most its capacity, dropping the oldest entry first', () => {
    const cache = listeningCache(5000, 2);
    cache.set('h1', key('key_1'), cache.generation, 0);
    cache.set('h2', key('key_2'), cache.generation, 0);
    cache.set('h3', key('key_3'), cache.generation, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h3', 1)?.auth.apiKeyId).toBe('key_3');
  });

  it('is off with a time to live of zero', () => {
    const cache = listeningCache(0);
    cache.set('h1', key('key_1'), cache.generation, 0);
    expect(cache.get('h1', 0)).toBeUndefined();
  });
});
