import { ServiceName } from '@sdd/contracts';
import { AppReplica, freePort, loadInfra, TestSystem } from '@sdd/testing';

type Balancer = Awaited<ReturnType<ReturnType<typeof loadInfra>['startBalancer']>>;

/** How long a killed replica may take to be ready again on a machine shared by several 15-process systems. */
const READY_DEADLINE_MS = 180_000;

/** One process of an app: number 1 is the system's own (supervised), the others replicas that this set restarts. */
interface Extra {
  app: ServiceName;
  env: Record<string, string>;
  current: AppReplica;
  restarts: number;
}

/**
 * `count` processes of every app of a started TestSystem, as `npm start --
 * --replicas N` runs them: the gateway's behind a round-robin balancer
 * (tools/infra/balancer.js) whose URL the merchants use. The system's own
 * process of each app is restarted by its supervision; the others, once
 * killed, are started again here, the gateway's on the port the balancer knows.
 */
export class ReplicaSet {
  private constructor(
    private readonly system: TestSystem,
    private readonly extras: Extra[],
    private readonly balancer: Balancer,
    readonly count: number,
  ) {}

  static async start(system: TestSystem, count: number): Promise<ReplicaSet> {
    // The apps side by side as TestSystem starts them, each app's replicas one after the other: ten at once would starve a shared 2-core machine.
    const perApp = await Promise.all(
      Object.values(ServiceName).map(async (app) => {
        const started: Extra[] = [];
        for (let n = 2; n <= count; n += 1) {
          const env: Record<string, string> = app === ServiceName.Gateway ? { PORT: String(await freePort()) } : {};
          started.push({ app, env, current: await system.startReplica(app, env, READY_DEADLINE_MS), restarts: 0 });
        }
        return started;
      }),
    );
    const extras = perApp.flat();
    const gatewayPorts = [new URL(system.baseUrl).port, ...extras.filter((extra) => extra.app === ServiceName.Gateway).map((extra) => extra.env.PORT)].map(Number);
    const balancer = await loadInfra().startBalancer({ port: await freePort(), host: '127.0.0.1', backends: gatewayPorts });
    return new ReplicaSet(system, extras, balancer, count);
  }

  /** Where the merchants send their requests: the balancer. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.balancer.port}`;
  }

  /** Connections the balancer passed to each gateway process. */
  connections(): number[] {
    return this.balancer.connections();
  }

  /** Restarts of the replicas this set started again, by app. */
  restarts(): Partial<Record<ServiceName, number>> {
    const counts: Partial<Record<ServiceName, number>> = {};
    for (const extra of this.extras) if (extra.restarts > 0) counts[extra.app] = (counts[extra.app] ?? 0) + extra.restarts;
    return counts;
  }

  /**
   * kill -9 of process `number` (1 to count) of `app`, and resolves once it
   * (or its successor) is ready again.
   */
  async killAndRestart(app: ServiceName, number: number): Promise<void> {
    if (number === 1) {
      await this.system.crash(app, 'SIGKILL');
      await this.system.awaitApp(app, READY_DEADLINE_MS);
      return;
    }
    const extra = this.extras.filter((candidate) => candidate.app === app)[number - 2];
    if (!extra) throw new Error(`${app} has no process ${number} of ${this.count}`);
    await extra.current.stop('SIGKILL');
    extra.current = await this.system.startReplica(app, extra.env, READY_DEADLINE_MS);
    extra.restarts += 1;
  }

  async stop(): Promise<void> {
    await this.balancer.close();
  }
}
