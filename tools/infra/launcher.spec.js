'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { APP_HEAP_ARGS, appArgs, isolatedEnv } = require('./launcher');

describe('isolatedEnv', () => {
  it('keeps a system apart by its prefix, on loopback, with only PATH of the caller', () => {
    const env = isolatedEnv({
      databaseUrl: 'postgres://db/test',
      redisUrl: 'redis://r:6379',
      prefix: 'sys_1',
      port: 4321,
      nodeEnv: 'test',
      webhookSecretsKey: 'k',
    });
    expect(env).toEqual({
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://db/test',
      REDIS_URL: 'redis://r:6379',
      BUS_PREFIX: 'sys_1',
      DB_SCHEMA_PREFIX: 'sys_1_',
      LOG_LEVEL: 'warn',
      PORT: '4321',
      HOST: '127.0.0.1',
      WEBHOOK_SECRETS_KEY: 'k',
    });
  });

  it('gives a system on a Redis Cluster its seed nodes, and one on a single Redis none', () => {
    const base = { databaseUrl: 'postgres://db/test', redisUrl: 'redis://u:p@127.0.0.1:7000', prefix: 'sys_2', port: 4322, nodeEnv: 'test', webhookSecretsKey: 'k' };
    expect(isolatedEnv({ ...base, redisClusterNodes: '127.0.0.1:7000,127.0.0.1:7001' }).REDIS_CLUSTER_NODES).toBe('127.0.0.1:7000,127.0.0.1:7001');
    expect(isolatedEnv(base)).not.toHaveProperty('REDIS_CLUSTER_NODES');
  });

  it('puts a system behind a transaction pooler with its Postgres as the direct connection, and leaves one without a pooler in session mode', () => {
    const base = { databaseUrl: 'postgres://u:p@127.0.0.1:5432/test', redisUrl: 'redis://r:6379', prefix: 'sys_3', port: 4323, nodeEnv: 'test', webhookSecretsKey: 'k' };
    expect(isolatedEnv({ ...base, pooledDatabaseUrl: 'postgres://u:p@127.0.0.1:6432/test' })).toMatchObject({
      DATABASE_URL: 'postgres://u:p@127.0.0.1:6432/test',
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_DIRECT_URL: 'postgres://u:p@127.0.0.1:5432/test',
    });
    const direct = isolatedEnv(base);
    expect(direct.DATABASE_URL).toBe(base.databaseUrl);
    expect(direct).not.toHaveProperty('DATABASE_POOL_MODE');
    expect(direct).not.toHaveProperty('DATABASE_DIRECT_URL');
  });
});

describe('appArgs', () => {
  it('refuses an app that was never built, naming the fix', () => {
    expect(() => appArgs('no-such-app', 'main')).toThrow(/npm run build/);
  });
});

describe('APP_HEAP_ARGS', () => {
  it('are the heap limits the image runs the apps with', () => {
    const dockerfile = readFileSync(join(__dirname, '..', '..', 'Dockerfile'), 'utf8');
    expect(/^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile)?.[1]).toBe(APP_HEAP_ARGS.join(' '));
    expect(APP_HEAP_ARGS.some((arg) => arg.startsWith('--max-old-space-size='))).toBe(true);
  });
});
