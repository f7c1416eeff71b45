import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadInfra, uniquePrefix } from '@sdd/testing';
import { DrillName, drillConfig } from './drill-config';
import { DrillServers } from './drill-servers';
import { DrillResult, runDrill } from './run-drill';
import { report } from './verdict';

/**
 * The drills of docs/reliability.md, short, as `npm test` runs them: 20
 * deliveries of 2 merchants over 6 s, a 2 s test timeline, retries after
 * 0.2 s, 2 s and 12 s, outages of 5 s. Each injects its fault for real and
 * must pass on every criterion. The apps run at normal CPU priority: the
 * other test files' systems share the machine (DRILL_GATEWAY_FIRST).
 */
export const SHORT: NodeJS.ProcessEnv = {
  DRILL_DELIVERIES: '20',
  DRILL_MERCHANTS: '2',
  DRILL_LOAD_MS: '6000',
  DRILL_TIMELINE_SPEED: '40',
  DRILL_WEBHOOK_RETRY_SPEED: '300',
  DRILL_OUTAGE_MS: '5000',
  DRILL_KILL_GAP_MS: '500',
  DRILL_SETTLE_MS: '25000',
  DRILL_REQUEST_DEADLINE_MS: '30000',
  DRILL_GATEWAY_FIRST: '0',
};

/**
 * A data folder of its own under `.data/`, and Postgres and Redis in it,
 * shared by the drills of one file. With `replicas` above 1, that many
 * processes of every app, on a Redis Cluster of the file's own (six nodes)
 * instead of a single Redis, and with `pgBouncer` through PgBouncer.
 */
export class ShortDrills {
  readonly dataDir = join(loadInfra().repoRoot, '.data', uniquePrefix('drills'));
  private servers?: DrillServers;

  private readonly replicas: number;
  private readonly pgBouncer: boolean;

  constructor({ replicas = 1, pgBouncer = false } = {}) {
    this.replicas = replicas;
    this.pgBouncer = pgBouncer;
  }

  async start(): Promise<void> {
    this.servers = await (this.replicas > 1 ? DrillServers.startOnCluster(this.dataDir, { pgBouncer: this.pgBouncer }) : DrillServers.start(this.dataDir));
  }

  async stop(): Promise<void> {
    await this.servers?.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * Runs drill `name` with `env` on the shared servers (`ownServers`: on
   * servers of its own, which it may kill), prints its report and returns its figures and why it
   * failed (empty: passed).
   */
  async run(name: DrillName, env: NodeJS.ProcessEnv = SHORT, ownServers = false): Promise<DrillResult> {
    const where = ownServers ? { dataDir: join(this.dataDir, name) } : { servers: this.servers };
    const outcome = await runDrill(drillConfig(name, env), { ...where, replicas: this.replicas, log: () => undefined });
    process.stdout.write(`${report(outcome.figures, outcome.reasons).join('\n')}\n`);
    return outcome;
  }
}
