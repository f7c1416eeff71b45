import { BaseConfig, directDatabaseUrl, loadConfig } from './config';

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(BaseConfig, { ...valid, OPS_PORT: '9100' });
    expect(config.OPS_PORT).toBe(9100);
    expect(config.BUS_PREFIX).toBe('sdd');
    expect(config.BUS_TIMEOUT_MS).toBe(5000);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig(BaseConfig, { ...valid, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig(BaseConfig, { REDIS_URL: valid.REDIS_URL })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(BaseConfig, { ...valid, OPS_PORT: 'abc' })).toThrow(/OPS_PORT/);
  });

  it('reads EXIT_WITH_PARENT as a boolean, off unless set', () => {
    expect(loadConfig(BaseConfig, valid).EXIT_WITH_PARENT).toBe(false);
    expect(loadConfig(BaseConfig, { ...valid, EXIT_WITH_PARENT: 'true' }).EXIT_WITH_PARENT).toBe(true);
    expect(loadConfig(BaseConfig, { ...valid, EXIT_WITH_PARENT: 'false' }).EXIT_WITH_PARENT).toBe(false);
    expect(() => loadConfig(BaseConfig, { ...valid, EXIT_WITH_PARENT: 'yes' })).toThrow(/EXIT_WITH_PARENT/);
  });

  it('accepts a rediss:// URL and a readable REDIS_TLS_CA_FILE, and refuses a CA path that is not there', () => {
    const tls = { ...valid, REDIS_URL: 'rediss://app:secret@127.0.0.1:6380' };
    expect(loadConfig(BaseConfig, { ...tls, REDIS_TLS_CA_FILE: __filename }).REDIS_TLS_CA_FILE).toBe(__filename);
    expect(loadConfig(BaseConfig, tls).REDIS_TLS_CA_FILE).toBeUndefined();
    expect(() => loadConfig(BaseConfig, { ...tls, REDIS_TLS_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/REDIS_TLS_CA_FILE/);
  });

  it('accepts a list of Redis Cluster seed nodes and names REDIS_CLUSTER_NODES when it is malformed', () => {
    expect(loadConfig(BaseConfig, { ...valid, REDIS_CLUSTER_NODES: '127.0.0.1:7000,redis-2.internal:7001' }).REDIS_CLUSTER_NODES).toBe('127.0.0.1:7000,redis-2.internal:7001');
    expect(loadConfig(BaseConfig, valid).REDIS_CLUSTER_NODES).toBeUndefined();
    for (const bad of ['127.0.0.1', 'redis://127.0.0.1:7000', '127.0.0.1:7000,', 'h:port']) {
      expect(() => loadConfig(BaseConfig, { ...valid, REDIS_CLUSTER_NODES: bad })).toThrow(/REDIS_CLUSTER_NODES/);
    }
  });

  it('takes Postgres directly (session mode) unless told it is behind a transaction pooler', () => {
    const config = loadConfig(BaseConfig, valid);
    expect(config.DATABASE_POOL_MODE).toBe('session');
    expect(directDatabaseUrl(config)).toBe(valid.DATABASE_URL);
    expect(() => loadConfig(BaseConfig, { ...valid, DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE must be one of session, transaction/);
  });

  it('refuses transaction mode without DATABASE_DIRECT_URL, and uses it for what needs a session', () => {
    expect(() => loadConfig(BaseConfig, { ...valid, DATABASE_POOL_MODE: 'transaction' })).toThrow(/DATABASE_DIRECT_URL.*required with DATABASE_POOL_MODE=transaction/);
    const direct = 'postgres://u:p@127.0.0.1:5432/db';
    const pooled = loadConfig(BaseConfig, { ...valid, DATABASE_URL: 'postgres://u:p@127.0.0.1:6432/db', DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: direct });
    expect(pooled.DATABASE_POOL_MODE).toBe('transaction');
    expect(directDatabaseUrl(pooled)).toBe(direct);
    expect(() => loadConfig(BaseConfig, { ...valid, DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(/DATABASE_DIRECT_URL/);
  });
});
