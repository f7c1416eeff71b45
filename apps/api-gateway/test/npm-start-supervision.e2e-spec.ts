import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, loadInfra, waitFor } from '@sdd/testing';

const infra = loadInfra();
const START_SCRIPT = join(infra.repoRoot, 'scripts/start.js');

/** The pids `npm start` announced, latest first. */
function pidsOf(output: string, pattern: RegExp): number[] {
  return [...output.matchAll(pattern)].map((match) => Number(match[1])).reverse();
}

const appPid = (output: string, app: string) => pidsOf(output, new RegExp(`Started ${app} \\(pid (\\d+)`, 'g'))[0];

async function healthStatus(baseUrl: string): Promise<number> {
  return (await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(3000) })).status;
}

describe('npm start supervises its apps and leaves no orphans (real processes)', () => {
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
    start = spawn(process.execPath, [START_SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => {
      if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode}:\n${output.slice(-3000)}`);
      return output.includes(`Ready: ${baseUrl}`) ? true : undefined;
    }, 150000, 200).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-3000)}`);
    });
  }, 180000);

  afterAll(async () => {
    const leftovers = [
      ...pidsOf(output, /Started \S+ \(pid (\d+)/g),
      ...pidsOf(output, /(?:Postgres|Redis): started on port \d+ \(pid (\d+)/g),
    ].filter((pid) => infra.isAlive(pid));
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

    const restarted = await waitFor(() => {
      const pid = appPid(output, 'delivery-service');
      return pid !== delivery ? pid : undefined;
    }, 30000, 100);
    expect(output).toMatch(new RegExp(`delivery-service \\(pid ${delivery}\\) exited unexpectedly \\(signal SIGKILL\\).*restarting in 1 s`));
    expect(infra.isAlive(restarted)).toBe(true);
    expect(infra.isAlive(delivery)).toBe(false);

    // /v1/health pings every service over the bus: 200 means the new delivery-service answers.
    await waitFor(async () => ((await healthStatus(baseUrl)) === 200 ? true : undefined), 60000, 250);
    expect(appPid(output, 'api-gateway')).toBe(gateway);
    expect(infra.isAlive(gateway)).toBe(true);
    expect(start.exitCode).toBeNull();
  }, 120000);

  it('when npm start itself is killed with SIGKILL, its apps and the servers it started exit within seconds and free the port', async () => {
    const apps = ['api-gateway', 'quote-service', 'delivery-service', 'payment-service', 'webhook-dispatcher', 'stripe-local'].map((app) =>
      appPid(output, app),
    );
    const servers = [
      pidsOf(output, /Postgres: started on port \d+ \(pid (\d+)/g)[0],
      pidsOf(output, /Redis: started on port \d+ \(pid (\d+)/g)[0],
    ];
    const pids = [...apps, ...servers];
    expect(pids.every((pid) => pid > 0 && infra.isAlive(pid))).toBe(true);

    start.kill('SIGKILL');
    await waitFor(() => (pids.every((pid) => !infra.isAlive(pid)) ? true : undefined), 15000, 100).catch((error: Error) => {
      throw new Error(`still running: ${pids.filter((pid) => infra.isAlive(pid)).join(', ')} (${error.message})`);
    });
    expect(await infra.isPortFree(port, '0.0.0.0')).toBe(true);
  }, 60000);
});
