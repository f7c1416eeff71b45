import { clusterOptionsFor, clusterSeeds, redisOptionsFor } from './redis-client';

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

describe('clusterSeeds', () => {
  it('takes the node REDIS_URL names and every node of the list, once each', () => {
    expect(clusterSeeds('redis://u:p@10.0.0.1:7000', '10.0.0.1:7000, 10.0.0.2:7001,redis-3.internal:7002')).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: 'redis-3.internal', port: 7002 },
    ]);
  });

  it("uses Redis's port when REDIS_URL names none", () => {
    expect(clusterSeeds('redis://redis.internal', 'redis.internal:6379')).toEqual([{ host: 'redis.internal', port: 6379 }]);
  });
});

describe('clusterOptionsFor', () => {
  it("gives every node REDIS_URL's user and password (decoded) and the caller's options", () => {
    const options = clusterOptionsFor('redis://sdd-app:pa%3Ass%2Fw%40rd@127.0.0.1:7000', { maxRetriesPerRequest: null, connectionName: 'w' }, CA);
    expect(options).toEqual({ redisOptions: { maxRetriesPerRequest: null, connectionName: 'w', username: 'sdd-app', password: 'pa:ss/w@rd' } });
  });

  it('speaks TLS to every node for rediss://, trusting the given authority', () => {
    const options = clusterOptionsFor('rediss://:secret@h:7000', { tls: { servername: 'redis.internal' } }, CA);
    expect(options.redisOptions).toEqual({ password: 'secret', tls: { servername: 'redis.internal', ca: CA } });
  });

  it('keeps at the cluster level what ioredis reads there', () => {
    const retry = () => null;
    const options = clusterOptionsFor('redis://h:7000', { enableOfflineQueue: false, lazyConnect: true, retryStrategy: retry, commandTimeout: 200 }, undefined);
    expect(options).toEqual({ enableOfflineQueue: false, lazyConnect: true, clusterRetryStrategy: retry, redisOptions: { commandTimeout: 200 } });
  });
});
