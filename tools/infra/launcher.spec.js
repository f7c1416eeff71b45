'use strict';

const { appArgs, isolatedEnv } = require('./launcher');

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
});

describe('appArgs', () => {
  it('refuses an app that was never built, naming the fix', () => {
    expect(() => appArgs('no-such-app', 'main')).toThrow(/npm run build/);
  });
});
