import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ServiceName } from '@sdd/contracts';
import { freePort, loadInfra, testEnv, TestSystem, waitFor } from '@sdd/testing';

const infra = loadInfra();
const MAIN = join(infra.repoRoot, 'dist/apps/quote-service/src/main.js');
const REGISTER_PATHS = join(infra.repoRoot, 'tools/register-paths.js');

/**
 * A stand-in for `npm start`: starts quote-service as its child, with or
 * without an IPC channel, prints the child's pid and stays alive until killed.
 */
const PARENT_SCRIPT = `
const { spawn } = require('node:child_process');
const [registerPaths, main, ipc] = process.argv.slice(1);
const stdio = ipc === 'ipc' ? ['ignore', 'ignore', 'ignore', 'ipc'] : ['ignore', 'ignore', 'ignore'];
const child = spawn(process.execPath, ['-r', registerPaths, main], { stdio, detached: true });
process.stdout.write(child.pid + '\\n');
setInterval(() => {}, 60000);
`;

describe('EXIT_WITH_PARENT: an app stops by itself once its parent is gone (real processes)', () => {
  // Only for its migrations: the app under test is started by the stand-in parent.
  const system = new TestSystem();
  const parents: ChildProcess[] = [];
  const orphans: number[] = [];

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Quote] });
    await system.stopApp(ServiceName.Quote);
  }, 90000);

  afterAll(async () => {
    for (const parent of parents) parent.kill('SIGKILL');
    for (const pid of orphans.filter((p) => infra.isAlive(p))) process.kill(pid, 'SIGKILL');
    await system.stop();
  });

  it.each([
    ['its IPC channel closes', 'ipc'],
    ['it is re-parented (no IPC channel)', 'none'],
  ])(
    'exits within seconds of its parent dying by SIGKILL: %s',
    async (_case, ipc) => {
      const { databaseUrl, redisUrl } = testEnv();
      const opsPort = await freePort();
      const parent = spawn(process.execPath, ['-e', PARENT_SCRIPT, REGISTER_PATHS, MAIN, ipc], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          BUS_PREFIX: system.prefix,
          DB_SCHEMA_PREFIX: `${system.prefix}_`,
          LOG_LEVEL: 'warn',
          OPS_PORT: String(opsPort),
          EXIT_WITH_PARENT: 'true',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      parents.push(parent);
      let output = '';
      parent.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const app = await waitFor(() => (/^\d+\n/.test(output) ? Number(output.trim()) : undefined), 10000);
      orphans.push(app);
      await waitFor(async () => ((await fetch(`http://127.0.0.1:${opsPort}/health/ready`)).ok ? true : undefined), 30000, 100);

      parent.kill('SIGKILL');

      await waitFor(() => (infra.isAlive(app) ? undefined : true), 10000, 100);
      expect(await infra.isPortFree(opsPort, '0.0.0.0')).toBe(true);
    },
    60000,
  );
});
