import { loadLauncher, testEnv } from '@sdd/testing';

/** Runs the compiled dispatcher until it exits by itself, collecting what it wrote. */
function runDispatcher(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { databaseUrl, redisUrl } = testEnv();
  return loadLauncher().runApp('webhook-dispatcher', {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'warn', ...env },
    timeoutMs: 20_000,
  });
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
