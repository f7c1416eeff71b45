import { randomBytes } from 'node:crypto';
import { ServiceName } from '@sdd/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { deleteKeysWithPrefix } from './redis-cleanup';
import { dropSchemasWithPrefix } from './schema-cleanup';
import { LaunchedApp, loadLauncher, loadStripeLocalEnv, webhookSecretsKey } from './infra';
import { restartDelayMs } from './restart-delay';
import { assertTestDatabase, TestEnv, testEnv, uniquePrefix } from './test-env';
import { timedRequest } from './outage-probe';
import { waitFor } from './wait-for';

const launcher = loadLauncher();
const { localStripeEnv } = loadStripeLocalEnv();
const ALL_APPS: readonly ServiceName[] = Object.values(ServiceName);
/** Longer than any answer the API may take (webhook test and resend wait up to 15 s): a hang fails the call, not the file. */
const REQUEST_TIMEOUT_MS = 60_000;

/** A JSON response body; error responses carry the envelope. */
export type Json = Record<string, unknown> & { error?: Record<string, unknown> };

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
}

export interface MerchantKeys {
  test: string;
  live: string;
}

export interface SystemOptions {
  /** Apps to start; all five by default. */
  apps?: readonly ServiceName[];
  /** Extra environment for every app (e.g. a faster timeline). */
  env?: Record<string, string>;
  /** Servers other than the shared test ones (e.g. a drill's own, which it stops and flushes); the database name must say "test". */
  servers?: TestEnv;
  /**
   * Restart an app that exits without being stopped through `stopApp()` or
   * `stop()`, after a growing delay, as Kubernetes restarts a crashed pod.
   */
  supervise?: boolean;
  /** Run the apps behind the gateway at a lower CPU priority, as `npm start` does (tools/infra launcher.js `appNiceness`). */
  gatewayFirst?: boolean;
}

export interface AppReplica {
  opsUrl: string;
  /** Its latest log lines. */
  logs(): string[];
  /** Sends it a signal and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface GatewayReplica extends AppReplica {
  baseUrl: string;
}

async function terminate(running: LaunchedApp, signal: NodeJS.Signals): Promise<number | null> {
  return (await launcher.stopApp(running, signal)).code;
}

/**
 * Gateway settings for tests whose bursts, or whose pages, must not be answered
 * by load shedding (load-shedding.e2e-spec.ts tests that): on a 2-core machine
 * running two e2e files, the event loop and the bus lag for reasons of their own.
 */
export const WITHOUT_LOAD_SHEDDING: Readonly<Record<string, string>> = {
  LOAD_SHED_MAX_IN_FLIGHT: '10000',
  LOAD_SHED_MAX_BUS_PENDING: '10000',
  LOAD_SHED_MAX_BUS_WAIT_MS: '60000',
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '60000',
};

/**
 * The system as it runs in production: each app a separate Node process from
 * the compiled build, on real Postgres and Redis, isolated from other test
 * files by its own bus prefix and schema prefix.
 */
/** An app's process that died on its own and was restarted by supervision. */
export interface AppCrash {
  app: ServiceName;
  /** Its last output lines (the launcher keeps the tail of stdout and stderr). */
  lastLines: string[];
}

export class TestSystem {
  readonly prefix = uniquePrefix('sys');
  private readonly apps = new Map<ServiceName, LaunchedApp>();
  private readonly replicas: LaunchedApp[] = [];
  private env: NodeJS.ProcessEnv = {};
  private servers?: TestEnv;
  private supervise = false;
  private gatewayFirst = false;
  private stopping = false;
  /** Restarts pending or under way, so that `stop()` can wait for them. */
  private readonly restarting = new Set<Promise<void>>();
  private readonly restartCounts = new Map<ServiceName, number>();
  private readonly crashed: AppCrash[] = [];
  private stripeLocal?: { process: ReturnType<typeof launcher.launchStripeLocal>; dataDir: string };
  baseUrl = '';
  opsUrl = '';
  /** Where this system's gateway keeps proof photos (the local store). */
  photoDir = '';
  /** The system's own local Stripe-compatible server (tools/stripe-local): payment-service's processor. */
  stripeUrl = '';

  async start(options: SystemOptions = {}): Promise<this> {
    if (options.servers) assertTestDatabase(options.servers.databaseUrl);
    this.servers = options.servers ?? testEnv();
    this.supervise = options.supervise ?? false;
    this.gatewayFirst = options.gatewayFirst ?? false;
    const { databaseUrl, pooledDatabaseUrl, redisUrl, redisClusterNodes } = this.servers;
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    const stripePort = await freePort();
    // Comes up while the apps migrate: nothing needs it before they start.
    const stripeReady = this.startStripeLocal(stripePort);
    this.env = {
      ...launcher.isolatedEnv({ databaseUrl, pooledDatabaseUrl, redisUrl, redisClusterNodes, prefix: this.prefix, port, nodeEnv: 'test', webhookSecretsKey: webhookSecretsKey() }),
      ...localStripeEnv(stripePort),
      // Checkout and tracking URLs lead to this system's gateway.
      PUBLIC_BASE_URL: this.baseUrl,
      PROOF_PHOTO_DIR: (this.photoDir = mkdtempSync(join(tmpdir(), `${this.prefix}-photos-`))),
      PROOF_URL_SECRET: randomBytes(32).toString('hex'),
      // No load balancer in front of a test gateway: stopping it need not wait for one.
      SHUTDOWN_DRAIN_MS: '0',
      // Every test registers merchants of its own, all from 127.0.0.1; limits.e2e-spec tests the limit with a low one.
      REGISTRATION_LIMIT_PER_HOUR: '1000',
      ...options.env,
    };
    const apps = options.apps ?? ALL_APPS;
    // Asynchronous: a test's own relay or server in this process must keep serving while migrations run.
    // Side by side in one process (launcher.js migrateApps): each app migrates its own schema under its own advisory lock.
    await Promise.all([stripeReady, launcher.migrateApps([...apps], { env: this.env })]);
    await Promise.all(apps.map((app) => this.startApp(app)));
    return this;
  }

  /** No processor keys in tests: every system has its own local Stripe-compatible server, sending events to its gateway. */
  private async startStripeLocal(port: number): Promise<void> {
    const dataDir = mkdtempSync(join(tmpdir(), `${this.prefix}-stripe-`));
    const started = launcher.launchStripeLocal(port, this.baseUrl, { env: { PATH: process.env.PATH, NODE_ENV: 'test' }, dataDir });
    this.stripeLocal = { process: started, dataDir };
    this.stripeUrl = `http://127.0.0.1:${port}`;
    await waitFor(async () => ((await fetch(`${this.stripeUrl}/health`).catch(() => undefined))?.ok ? true : undefined), 20_000, 50).catch((error: Error) => {
      throw new Error(`stripe-local did not start: ${error.message}\n${started.logs.join('\n')}`);
    });
  }

  /** Starts (or restarts) one app and waits until it is ready; `env` overrides its environment. */
  async startApp(app: ServiceName, env: Record<string, string> = {}): Promise<void> {
    const running = await this.spawn(app, env);
    this.apps.set(app, running);
    if (app === ServiceName.Gateway) this.opsUrl = `http://127.0.0.1:${running.opsPort}`;
    if (!this.supervise) return launcher.awaitReady(running);
    void running.exited.then(() => this.restartIfCrashed(app, running, env, 0));
    // A crash on the way up (its ops port taken meanwhile, say) is restarted too: wait for whichever process comes up.
    await this.awaitApp(app).catch((error: Error) => {
      throw new Error(`${app} did not become ready: ${error.message}\n${this.logs(app).slice(-20).join('\n')}`);
    });
  }

  /**
   * Sends `signal` (kill -9 by default) to an app's current process without
   * stopping it for good: under `supervise` it is restarted. Resolves once it exited.
   */
  async crash(app: ServiceName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = this.apps.get(app);
    if (running) await terminate(running, signal);
  }

  /** Resolves once the app's current process (a restarted one, say) is ready. */
  async awaitApp(app: ServiceName, timeoutMs = 60000): Promise<void> {
    await waitFor(
      async () => {
        const running = this.apps.get(app);
        if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return undefined;
        const response = await fetch(`http://127.0.0.1:${running.opsPort}/health/ready`);
        return response.ok ? true : undefined;
      },
      timeoutMs,
      100,
    );
  }

  /** The ops port (probes, /metrics) of an app's current process. */
  opsUrlOf(app: ServiceName): string {
    const running = this.apps.get(app);
    if (!running) throw new Error(`${app} is not running`);
    return `http://127.0.0.1:${running.opsPort}`;
  }

  /** How often supervision restarted each app. */
  restarts(): Partial<Record<ServiceName, number>> {
    return Object.fromEntries(this.restartCounts);
  }

  /** Every exit that supervision restarted, with the process's last output lines (why it died: a heap limit, say). */
  crashes(): readonly AppCrash[] {
    return this.crashed;
  }

  /** The pid of an app's current process, if it runs. */
  pidOf(app: ServiceName): number | undefined {
    return this.apps.get(app)?.child.pid;
  }

  private restartIfCrashed(app: ServiceName, crashed: LaunchedApp, env: Record<string, string>, failures: number): void {
    if (this.stopping || this.apps.get(app) !== crashed) return;
    // The array itself: output still arriving after the exit (V8's fatal error, say) ends up in it.
    this.crashed.push({ app, lastLines: crashed.logs });
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, restartDelayMs(failures)));
      if (this.stopping) return;
      const running = await this.spawn(app, env);
      this.apps.set(app, running);
      this.restartCounts.set(app, (this.restartCounts.get(app) ?? 0) + 1);
      if (app === ServiceName.Gateway) this.opsUrl = `http://127.0.0.1:${running.opsPort}`;
      const ready = launcher.awaitReady(running).then(
        () => true,
        () => false,
      );
      void running.exited.then(async () => this.restartIfCrashed(app, running, env, (await ready) ? 0 : failures + 1));
    })();
    this.restarting.add(restart);
    void restart.finally(() => this.restarting.delete(restart));
  }

  /**
   * One more gateway on ports of its own, sharing this system's Postgres,
   * Redis and prefix as replicas behind a load balancer do; `env` overrides
   * its environment. Call after `start()`; `stop()` stops it.
   */
  async startGatewayReplica(env: Record<string, string> = {}): Promise<GatewayReplica> {
    const port = await freePort();
    const replica = await this.startReplica(ServiceName.Gateway, { PORT: String(port), ...env });
    return { ...replica, baseUrl: `http://127.0.0.1:${port}` };
  }

  /**
   * One more process of `app` (a worker replica), sharing everything with the
   * first; `stop()` stops it too. `readyTimeoutMs`: how long it may take to be
   * ready (the launcher's 30 s by default; more on a loaded machine).
   */
  async startReplica(app: ServiceName, env: Record<string, string> = {}, readyTimeoutMs?: number): Promise<AppReplica> {
    const running = await this.spawn(app, env);
    this.replicas.push(running);
    await launcher.awaitReady(running, readyTimeoutMs === undefined ? {} : { timeoutMs: readyTimeoutMs });
    return {
      opsUrl: `http://127.0.0.1:${running.opsPort}`,
      logs: () => running.logs,
      stop: (signal: NodeJS.Signals = 'SIGTERM') => terminate(running, signal),
    };
  }

  private async spawn(app: ServiceName, env: Record<string, string> = {}): Promise<LaunchedApp> {
    return launcher.launchApp(app, await freePort(), { env: { ...this.env, ...env }, niceness: this.gatewayFirst ? launcher.appNiceness(app) : 0 });
  }

  /** Sends a signal to one app and resolves with its exit code. */
  async stopApp(app: ServiceName, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const running = this.apps.get(app);
    if (!running) return null;
    this.apps.delete(app);
    return terminate(running, signal);
  }

  logs(app: ServiceName): string[] {
    return this.apps.get(app)?.logs ?? [];
  }

  /** A JSON call to the public API, with an API key when given. */
  async request(method: string, path: string, options: { key?: string; body?: unknown } = {}): Promise<ApiResponse> {
    return timedRequest(this.baseUrl, method, path, { ...options, timeoutMs: REQUEST_TIMEOUT_MS });
  }

  /** Registers a merchant in Toronto with a unique email and returns its test and live keys. */
  async registerMerchant(businessName = 'Test Merchant'): Promise<MerchantKeys> {
    const response = await this.request('POST', '/v1/merchants/register', {
      body: {
        business_name: businessName,
        email: `merchant+${uniquePrefix('m')}@example.ca`,
        phone: '+1 416 555 0120',
        address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      },
    });
    if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.api_keys as MerchantKeys;
  }

  private async stopStripeLocal(): Promise<void> {
    if (!this.stripeLocal) return;
    const { process: running, dataDir } = this.stripeLocal;
    this.stripeLocal = undefined;
    await launcher.stopApp(running, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  /** Stops every app and replica, then removes this run's schemas and Redis keys. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.restarting);
    await Promise.all([
      ...[...this.apps.keys()].map((app) => this.stopApp(app)),
      ...this.replicas.splice(0).map((replica) => terminate(replica, 'SIGTERM')),
      this.stopStripeLocal(),
    ]);
    if (this.photoDir) rmSync(this.photoDir, { recursive: true, force: true });
    const { databaseUrl, redisUrl } = this.servers ?? testEnv();
    await dropSchemasWithPrefix(databaseUrl, this.prefix);
    await deleteKeysWithPrefix(redisUrl, this.prefix);
  }
}
