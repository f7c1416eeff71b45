import { redisOptionsFor } from './redis-client';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('redisOptionsFor', () => {
  it('trusts the given authority on a rediss:// URL, keeping the caller options', () => {
    expect(redisOptionsFor('rediss://app:secret@127.0.0.1:6380', { maxRetriesPerRequest: 1, connectionName: 'x' }, CA)).toEqual({
      maxRetriesPerRequest: 1,
      connectionName: 'x',
      tls: { ca: CA },
    });
  });

  it('keeps TLS options the caller set beside the authority', () => {
    expect(redisOptionsFor('REDISS://h:1', { tls: { servername: 'redis.internal' } }, CA)).toEqual({ tls: { servername: 'redis.internal', ca: CA } });
  });

  it('adds no TLS to a plain redis:// URL, even with an authority configured', () => {
    expect(redisOptionsFor('redis://:secret@127.0.0.1:6379', { maxRetriesPerRequest: 1 }, CA)).toEqual({ maxRetriesPerRequest: 1 });
  });

  it('leaves the options alone without an authority (ioredis then uses the system trust store for rediss://)', () => {
    const options = { enableOfflineQueue: false };
    expect(redisOptionsFor('rediss://h:1', options, undefined)).toBe(options);
  });
});
