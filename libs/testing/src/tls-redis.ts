import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface RedisUser {
  username: string;
  password: string;
}

export interface TlsRedis {
  port: number;
  /** PEM of the authority the server's certificate chains to (REDIS_TLS_CA_FILE). */
  caFile: string;
  /** `rediss://user:password@127.0.0.1:port`. */
  url(user: RedisUser): string;
  /** An authenticated TLS connection of the test's own. */
  connect(user: RedisUser, name: string): Redis;
  stop(): Promise<void>;
}

/** A CA and a server certificate for 127.0.0.1/localhost signed by it, made with the openssl CLI. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=sdd test Redis CA', '-keyout', file('ca.key'), '-out', file('ca.pem'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-days',
    '2',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}

/**
 * A redis-server of the test's own that speaks TLS only (no plaintext port)
 * and admits one ACL user by password; the default user is off, so nothing
 * gets in without credentials.
 */
export async function startTlsRedis(dir: string, user: RedisUser): Promise<TlsRedis> {
  mkdirSync(dir, { recursive: true });
  const { ca, cert, key } = makeCertificates(dir);
  const port = await freePort();
  const args = [
    '--port',
    '0',
    '--tls-port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--tls-cert-file',
    cert,
    '--tls-key-file',
    key,
    '--tls-ca-cert-file',
    ca,
    '--tls-auth-clients',
    'no',
    '--user',
    'default',
    'off',
    '--user',
    user.username,
    'on',
    `>${user.password}`,
    '~*',
    '&*',
    '+@all',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--daemonize',
    'no',
  ];
  const server: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const caPem = readFileSync(ca, 'utf8');
  const connect = (as: RedisUser, name: string) => new Redis(port, '127.0.0.1', { ...as, tls: { ca: caPem }, connectionName: name, maxRetriesPerRequest: 1, lazyConnect: true });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(
      async () => {
        if (server.exitCode !== null) throw new Error(`redis-server exited: ${output.join('')}`);
        const probe = connect(user, 'tls-redis-probe');
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG' ? true : undefined;
        } catch {
          return undefined;
        } finally {
          probe.disconnect();
        }
      },
      15000,
      100,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    caFile: ca,
    url: (as) => `rediss://${encodeURIComponent(as.username)}:${encodeURIComponent(as.password)}@127.0.0.1:${port}`,
    connect,
    stop,
  };
}
