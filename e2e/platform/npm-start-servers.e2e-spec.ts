import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import { freePort, loadInfra, waitFor } from '@sdd/testing';

const infra = loadInfra();
const START_SCRIPT = join(infra.repoRoot, 'scripts/start.js');
const ADDRESSES = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };

/** What `npm start` announced for a server, latest first. */
function announced(output: string, server: 'Postgres' | 'Redis'): { pid: number; port: number }[] {
  const started = [...output.matchAll(new RegExp(`${server}: started on port (\\d+) \\(pid (\\d+)`, 'g'))].map((m) => ({ port: Number(m[1]), pid: Number(m[2]) }));
  const restarted = [...output.matchAll(new RegExp(`${server} restarted \\(pid (\\d+), port (\\d+)\\)`, 'g'))].map((m) => ({ pid: Number(m[1]), port: Number(m[2]) }));
  return [...started, ...restarted].reverse();
}

/** The error a login gets, or undefined if it got in. */
async function postgresLogin(port: number, password: string): Promise<string | undefined> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisCommand(port: number, credentials: { username?: string; password?: string } = {}): Promise<string> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    ...credentials,
    lazyConnect: true,
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  // A refused AUTH surfaces as an 'error' event; the command then only says "Connection is closed."
  let refusal: string | undefined;
  client.on('error', (error: Error) => (refusal ??= error.message));
  try {
    await client.connect();
    return String(await client.dbsize());
  } catch (error) {
    return refusal ?? (error as Error).message;
  } finally {
    client.disconnect();
  }
}

describe('npm start restarts the Postgres and Redis it started, whose credentials are its own (real processes)', () => {
  // Its own data directory (Postgres, Redis, logs): never a developer's .data/.
  const dataDir = mkdtempSync(join(tmpdir(), 'sdd-servers-'));
  let start: ChildProcess;
  let output = '';
  let baseUrl: string;
  let key: string;

  const send = async (method: string, path: string, body?: unknown, idempotencyKey?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** A quote and a delivery through the API, retried (same Idempotency-Key) while the system is not back. */
  async function deliveryWhenBack(label: string): Promise<string> {
    const deliveryKey = `${label}-${Date.now()}`;
    return waitFor(
      async () => {
        const quote = await send('POST', '/v1/quotes', ADDRESSES);
        if (quote.status !== 200) return undefined;
        const delivery = await send('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } }, deliveryKey);
        return delivery.status === 201 ? (delivery.body.id as string) : undefined;
      },
      90000,
      500,
    );
  }

  beforeAll(async () => {
    // As root, Postgres runs as the postgres user, which must be able to enter the directory.
    chmodSync(dataDir, 0o755);
    if (infra.dependenciesOutdated(infra.repoRoot)) {
      throw new Error('node_modules is older than package-lock.json: run npm install first (the test must not install)');
    }
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    // The test timeline in 8 s, so deliveries made around the kills reach their end within the test.
    const env: NodeJS.ProcessEnv = { ...process.env, SDD_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', TIMELINE_SPEED: '10' };
    // The test servers are not npm start's: it must start (and own) its own.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    start = spawn(process.execPath, [START_SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      () => {
        if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode}:\n${output.slice(-3000)}`);
        return output.includes(`Ready: ${baseUrl}`) ? true : undefined;
      },
      150000,
      200,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-3000)}`);
    });
    key = /Test API key: (\S+)/.exec(output)?.[1] ?? '';
  }, 180000);

  afterAll(async () => {
    if (start.exitCode === null && start.signalCode === null) {
      start.kill('SIGINT');
      await waitFor(() => (start.exitCode !== null || start.signalCode !== null ? true : undefined), 60000, 200).catch(() => start.kill('SIGKILL'));
    }
    for (const server of ['Postgres', 'Redis'] as const) {
      for (const { pid } of announced(output, server)) if (infra.isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 90000);

  it('gives its Postgres and Redis generated passwords, kept under the data directory (0600): the fixed old password and no password are refused, and no log shows them', async () => {
    const [postgres] = announced(output, 'Postgres');
    const [redis] = announced(output, 'Redis');
    const passwordFile = (name: string) => join(dataDir, `${name}.password`);
    for (const name of ['pg', 'redis']) expect(statSync(passwordFile(name)).mode & 0o777).toBe(0o600);
    const pgPassword = readFileSync(passwordFile('pg'), 'utf8').trim();
    const redisPassword = readFileSync(passwordFile('redis'), 'utf8').trim();
    expect(pgPassword).toMatch(/^[0-9a-f]{48}$/);
    expect(redisPassword).toMatch(/^[0-9a-f]{48}$/);
    expect(pgPassword).not.toBe(redisPassword);

    // Another copy of the project (the fixed password every copy had, or none) cannot get in; this copy's password can.
    expect(await postgresLogin(postgres.port, 'postgres')).toBe('28P01');
    expect(await postgresLogin(postgres.port, pgPassword)).toBeUndefined();
    expect(await redisCommand(redis.port)).toMatch(/NOAUTH/);
    // The default user is off: even this copy's password does not open it without this copy's user.
    expect(await redisCommand(redis.port, { password: redisPassword })).toMatch(/WRONGPASS/);
    const { username } = new URL(infra.redisUrl(redis.port, redisPassword));
    expect(username).toMatch(/^sdd_[0-9a-f]{12}$/);
    expect(await redisCommand(redis.port, { username, password: 'wrong' })).toMatch(/WRONGPASS/);
    expect(await redisCommand(redis.port, { username, password: redisPassword })).toMatch(/^\d+$/);

    const logs = [output, ...readdirSync(join(dataDir, 'logs')).map((file) => readFileSync(join(dataDir, 'logs', file), 'utf8'))].join('\n');
    expect(logs).not.toContain(pgPassword);
    expect(logs).not.toContain(redisPassword);
    for (const state of ['pg.json', 'redis.json']) {
      const text = readFileSync(join(dataDir, state), 'utf8');
      expect(text).not.toContain(pgPassword);
      expect(text).not.toContain(redisPassword);
    }
  });

  it('restarts Postgres after a SIGKILL of its postmaster, then Redis after a SIGKILL, on the same ports with the same data; the apps reconnect by themselves', async () => {
    const before = await deliveryWhenBack('before');
    const [postgres] = announced(output, 'Postgres');
    expect(infra.isAlive(postgres.pid)).toBe(true);

    process.kill(postgres.pid, 'SIGKILL');
    const newPostgres = await waitFor(
      () => {
        const [latest] = announced(output, 'Postgres');
        return latest.pid !== postgres.pid ? latest : undefined;
      },
      60000,
      100,
    );
    expect(output).toMatch(
      new RegExp(`Postgres \\(pid ${postgres.pid}\\) exited unexpectedly \\(signal SIGKILL\\).*restarting on port ${postgres.port} in 1 s \\(crash 1 in a row\\)`),
    );
    expect(newPostgres.port).toBe(postgres.port);
    expect(infra.isAlive(newPostgres.pid)).toBe(true);
    const duringPostgres = await deliveryWhenBack('after-postgres');

    const [redis] = announced(output, 'Redis');
    process.kill(redis.pid, 'SIGKILL');
    const newRedis = await waitFor(
      () => {
        const [latest] = announced(output, 'Redis');
        return latest.pid !== redis.pid ? latest : undefined;
      },
      60000,
      100,
    );
    expect(output).toMatch(new RegExp(`Redis \\(pid ${redis.pid}\\) exited unexpectedly \\(signal SIGKILL\\).*restarting on port ${redis.port} in 1 s \\(crash 1 in a row\\)`));
    expect(newRedis.port).toBe(redis.port);
    const afterRedis = await deliveryWhenBack('after-redis');

    // Same data: what was accepted before the kills is still there, and every delivery reaches its end.
    for (const id of [before, duringPostgres, afterRedis]) {
      await waitFor(
        async () => {
          const delivery = await send('GET', `/v1/deliveries/${id}`);
          return delivery.status === 200 && delivery.body.status === 'delivered' ? true : undefined;
        },
        120000,
        1000,
      );
    }
    expect(start.exitCode).toBeNull();
  }, 400000);

  it("when another copy's Redis takes the port of ours that died, our apps cannot use it and ours comes back on that port once it is free", async () => {
    const [redis] = announced(output, 'Redis');
    process.kill(redis.pid, 'SIGKILL');
    // Another copy of the project grabs the port during our supervisor's backoff, as copies did before passwords: without one.
    const stranger = spawn('redis-server', ['--port', String(redis.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      await waitFor(async () => ((await redisCommand(redis.port)) === '0' ? true : undefined), 5000, 20);
      // Our restart cannot take the port, and does not mistake the stranger for ours: it fails and backs off.
      await waitFor(() => (new RegExp(`Redis \\(pid ${redis.pid}\\) exited unexpectedly \\(restart failed: `).test(output) ? true : undefined), 60000, 100);
      expect(announced(output, 'Redis')[0].pid).toBe(redis.pid);
      const refused = await send('POST', '/v1/quotes', ADDRESSES);
      expect(refused.status).toBe(503);
      // Nothing of ours was written there: the apps could not log in.
      expect(await redisCommand(redis.port)).toBe('0');
    } finally {
      stranger.kill('SIGKILL');
    }
    const back = await waitFor(
      () => {
        const [latest] = announced(output, 'Redis');
        return latest.pid !== redis.pid ? latest : undefined;
      },
      90000,
      100,
    );
    expect(back.port).toBe(redis.port);
    await deliveryWhenBack('after-stranger');
  }, 240000);
});
