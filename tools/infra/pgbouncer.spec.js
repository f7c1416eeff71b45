'use strict';

const { pgBouncerIni, pgBouncerUserlist, pooledUrl } = require('./pgbouncer');

const settings = {
  port: 64329,
  postgresHost: '127.0.0.1',
  postgresPort: 54329,
  authFile: '/data/pgbouncer/userlist.txt',
  adminUser: 'postgres',
  statementTimeoutMs: 2000,
  defaultPoolSize: 20,
  maxClientConnections: 1000,
};

/**
 * The ini's `key = value` lines of one section.
 * @param {string} ini
 * @param {string} name
 */
function section(ini, name) {
  const lines = ini.split('\n');
  const start = lines.indexOf(`[${name}]`);
  const end = lines.findIndex((/** @type {string} */ line, /** @type {number} */ index) => index > start && line.startsWith('['));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((/** @type {string} */ line) => line.includes('='));
}

describe("PgBouncer's configuration", () => {
  it('pools by transaction on loopback TCP only, with the userlist and pool sizes given', () => {
    const pgbouncer = section(pgBouncerIni(settings), 'pgbouncer');
    expect(pgbouncer).toEqual(
      expect.arrayContaining([
        'pool_mode = transaction',
        'listen_addr = 127.0.0.1',
        'listen_port = 64329',
        'unix_socket_dir =',
        'auth_type = scram-sha-256',
        'auth_file = /data/pgbouncer/userlist.txt',
        'default_pool_size = 20',
        'max_client_conn = 1000',
      ]),
    );
    // Unknown startup parameters are refused, never silently dropped (statement_timeout among them).
    expect(pgbouncer.some((/** @type {string} */ line) => line.startsWith('ignore_startup_parameters'))).toBe(false);
  });

  it('forwards every database to the one server and sets the statement timeout on each server connection', () => {
    expect(section(pgBouncerIni(settings), 'databases')).toEqual(["* = host=127.0.0.1 port=54329 connect_query='SET statement_timeout = 2000'"]);
    expect(section(pgBouncerIni({ ...settings, statementTimeoutMs: 500 }), 'databases')[0]).toContain("'SET statement_timeout = 500'");
  });

  it('refuses a timeout or host it cannot write safely', () => {
    expect(() => pgBouncerIni({ ...settings, statementTimeoutMs: 0 })).toThrow(/statementTimeoutMs/);
    expect(() => pgBouncerIni({ ...settings, statementTimeoutMs: 1.5 })).toThrow(/statementTimeoutMs/);
    expect(() => pgBouncerIni({ ...settings, postgresHost: "db' connect_query='DROP" })).toThrow(/host/);
  });

  it('quotes the user and password of the userlist, a quote inside doubled', () => {
    expect(pgBouncerUserlist('postgres', 'a1b2')).toBe('"postgres" "a1b2"\n');
    expect(pgBouncerUserlist('app', 'pa"ss')).toBe('"app" "pa""ss"\n');
  });

  it("gives the pooler's URL with Postgres' user, password and database", () => {
    expect(pooledUrl('postgres://postgres:s3cret@localhost:54329/sameday_test', 64329)).toBe('postgres://postgres:s3cret@127.0.0.1:64329/sameday_test');
  });
});
