import { ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pattern } from '@sdd/contracts';
import { freePort, loadInfra, metricValue, waitFor } from '@sdd/testing';

const infra = loadInfra();
const START_SCRIPT = join(infra.repoRoot, 'scripts/start.js');

/** The pids `npm start` announced, latest first. */
function pidsOf(output: string, pattern: RegExp): number[] {
  return [...output.matchAll(pattern)].map((match) => Number(match[1])).reverse();
}

const appPid = (output: string, app: string) => pidsOf(output, new RegExp(`Started ${app} \\(pid (\\d+)`, 'g'))[0];
const opsPortOf = (output: string, app: string) => pidsOf(output, new RegExp(`Started ${app} \\(pid \\d+, ops port (\\d+)`, 'g'))[0];

/** A counter's value on one replica's /metrics, summed over the series with `labels`. */
async function counter(opsPort: number, name: string, labels: Record<string, string>): Promise<number> {
  return metricValue(await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text(), name, labels) ?? 0;
}

async function healthStatus(baseUrl: string): Promise<number> {
  return (await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(3000) })).status;
}

describe('npm start -- --replicas 2 supervises its apps, shares the work and leaves no orphans (real processes)', () => {
  // Its own data directory (Postgres, Redis, logs): never a developer's .data/.
  const dataDir = mkdtempSync(join(tmpdir(), 'sdd-start-'));
  let start: ChildProcess;
  let output = '';
  let port: number;
  let baseUrl: string;

  beforeAll(async () => {
    // As root, Postgres runs as the postgres user, which must be able to enter the directory.
    chmodSync(dataDir, 0o755);
    if (infra.dependenciesOutdated(infra.repoRoot)) {
      throw new Error('node_modules is older than package-lock.json: run npm install first (the test must not install)');
    }
    port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, SDD_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
    // The test servers are not npm start's: it must start (and own) its own.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    start = spawn(process.execPath, [START_SCRIPT, '--replicas', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  }, 180000);

  afterAll(async () => {
    const leftovers = [...pidsOf(output, /Started \S+ \(pid (\d+)/g), ...pidsOf(output, /(?:Postgres|Redis): started on port \d+ \(pid (\d+)/g)].filter((pid) =>
      infra.isAlive(pid),
    );
    if (start.exitCode === null && start.signalCode === null) start.kill('SIGKILL');
    for (const pid of leftovers) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('skips the build when dist/ is up to date (the e2e set-up just built it)', () => {
    expect(output).toContain('Build: dist/ is up to date');
  });

  it('restarts an app killed with SIGKILL, logged with the signal, and leaves the others running', async () => {
    const gateway = appPid(output, 'api-gateway');
    const delivery = appPid(output, 'delivery-service');
    expect(gateway).toBeGreaterThan(0);
    expect(delivery).toBeGreaterThan(0);

    process.kill(delivery, 'SIGKILL');

    const restarted = await waitFor(
      () => {
        const pid = appPid(output, 'delivery-service');
        return pid !== delivery ? pid : undefined;
      },
      30000,
      100,
    );
    expect(output).toMatch(new RegExp(`delivery-service \\(pid ${delivery}\\) exited unexpectedly \\(signal SIGKILL\\).*restarting in 1 s`));
    expect(infra.isAlive(restarted)).toBe(true);
    expect(infra.isAlive(delivery)).toBe(false);

    // /v1/health pings every service over the bus: 200 means the new delivery-service answers.
    await waitFor(async () => ((await healthStatus(baseUrl)) === 200 ? true : undefined), 60000, 250);
    expect(appPid(output, 'api-gateway')).toBe(gateway);
    expect(infra.isAlive(gateway)).toBe(true);
    expect(start.exitCode).toBeNull();
  }, 120000);

  it('runs two of every app, the gateways behind one port, and each replica takes a share of requests and jobs', async () => {
    expect(output).toMatch(new RegExp(`Balancing port ${port} over 2 gateway replicas`));
    const key = /Test API key: (\S+)/.exec(output)?.[1] ?? '';
    expect(key).toMatch(/^svc_test_/);
    const body = JSON.stringify({ pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    // A new connection each time (fetch would keep them alive): the balancer spreads connections, not requests.
    const quote = () =>
      new Promise<number>((resolve, reject) => {
        const sent = request(
          `${baseUrl}/v1/quotes`,
          { method: 'POST', agent: false, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.once('end', () => resolve(response.statusCode ?? 0));
          },
        );
        sent.once('error', reject).end(body);
      });
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, quote))));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const gateways = await Promise.all(
      ['api-gateway', 'api-gateway#2'].map((app) => counter(opsPortOf(output, app), 'sdd_http_request_duration_seconds_count', { route: '/v1/quotes' })),
    );
    // Requests handled, not jobs (requests sent together travel in one job); counted once each reply is pushed, which the gateway may read first.
    const quotesHandled = await waitFor(
      async () => {
        const shares = await Promise.all(
          ['quote-service', 'quote-service#2'].map((app) =>
            counter(opsPortOf(output, app), 'sdd_bus_handler_duration_seconds_count', { pattern: Pattern.CreateQuote, outcome: 'ok' }),
          ),
        );
        return shares.reduce((a, b) => a + b) >= 60 ? shares : undefined;
      },
      5000,
      50,
    );
    expect(gateways.reduce((a, b) => a + b)).toBe(60);
    expect(gateways.every((share) => share > 0)).toBe(true);
    expect(quotesHandled.reduce((a, b) => a + b)).toBe(60);
    expect(quotesHandled.every((share) => share > 0)).toBe(true);
    process.stdout.write(`[replicas] gateway requests per replica: ${gateways.join(' / ')}; quotes priced per replica: ${quotesHandled.join(' / ')}\n`);

    // One gateway replica killed: the port keeps answering through the other while it restarts.
    const killed = appPid(output, 'api-gateway#2');
    process.kill(killed, 'SIGKILL');
    // Once its port is closed (a killed process's threads may hold it a moment longer than its pid), the balancer skips it until it is back.
    const replicaPort = pidsOf(output, /Started api-gateway#2 \(pid \d+, ops port \d+, port (\d+)/g)[0];
    await waitFor(async () => ((await infra.isPortFree(replicaPort, '127.0.0.1')) ? true : undefined), 10000, 20);
    const during = await Promise.all(Array.from({ length: 6 }, quote));
    expect(during).toEqual([200, 200, 200, 200, 200, 200]);
    const restarted = await waitFor(() => (appPid(output, 'api-gateway#2') !== killed ? appPid(output, 'api-gateway#2') : undefined), 30000, 100);
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${opsPortOf(output, 'api-gateway#2')}/health/ready`).catch(() => undefined))?.ok ? true : undefined), 60000, 250);
    expect(infra.isAlive(restarted)).toBe(true);
  }, 120000);

  it('when npm start itself is killed with SIGKILL, its apps and the servers it started exit within seconds and free the port', async () => {
    const apps = ['api-gateway', 'quote-service', 'delivery-service', 'payment-service', 'webhook-dispatcher']
      .flatMap((app) => [app, `${app}#2`])
      .concat('stripe-local')
      .map((app) => appPid(output, app));
    const servers = [pidsOf(output, /Postgres: started on port \d+ \(pid (\d+)/g)[0], pidsOf(output, /Redis: started on port \d+ \(pid (\d+)/g)[0]];
    const pids = [...apps, ...servers];
    expect(pids.every((pid) => pid > 0 && infra.isAlive(pid))).toBe(true);

    start.kill('SIGKILL');
    await waitFor(() => (pids.every((pid) => !infra.isAlive(pid)) ? true : undefined), 15000, 100).catch((error: Error) => {
      throw new Error(`still running: ${pids.filter((pid) => infra.isAlive(pid)).join(', ')} (${error.message})`);
    });
    expect(await infra.isPortFree(port, '0.0.0.0')).toBe(true);
  }, 60000);
});
