import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadInfra, testEnv } from '@sdd/testing';

const infra = loadInfra();
const MAIN = join(infra.repoRoot, 'dist/apps/webhook-dispatcher/src/main.js');
const REGISTER_PATHS = join(infra.repoRoot, 'tools/register-paths.js');

/** Runs the compiled dispatcher until it exits by itself, collecting what it wrote. */
function runDispatcher(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { databaseUrl, redisUrl } = testEnv();
  const child = spawn(process.execPath, ['-r', REGISTER_PATHS, MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, OPS_PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('webhook-dispatcher configuration in production (real process)', () => {
  it('refuses to start with WEBHOOK_ALLOWED_HOSTS set while NODE_ENV is production, naming the variable', async () => {
    const { code, output } = await runDispatcher({
      NODE_ENV: 'production',
      WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      WEBHOOK_ALLOWED_HOSTS: 'localhost',
    });
    expect(code).toBe(1);
    expect(output).toContain('WEBHOOK_ALLOWED_HOSTS: must be empty when NODE_ENV is production');
  }, 30_000);
});
