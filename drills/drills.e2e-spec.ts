import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadInfra, uniquePrefix } from '@sdd/testing';
import { DrillName, drillConfig } from './drill-config';
import { DrillServers } from './drill-servers';
import { runDrill } from './run-drill';
import { report } from './verdict';

/**
 * The drills of docs/reliability.md, short: 20 deliveries of 2 merchants over
 * 6 s, a 2 s test timeline, retries after 0.2 s, 2 s and 12 s, outages of 5 s.
 * Each injects its fault for real and must pass on every criterion.
 */
const SHORT: NodeJS.ProcessEnv = {
  DRILL_DELIVERIES: '20',
  DRILL_MERCHANTS: '2',
  DRILL_LOAD_MS: '6000',
  DRILL_TIMELINE_SPEED: '40',
  DRILL_WEBHOOK_RETRY_SPEED: '300',
  DRILL_OUTAGE_MS: '5000',
  DRILL_KILL_GAP_MS: '500',
  DRILL_SETTLE_MS: '25000',
  DRILL_REQUEST_DEADLINE_MS: '30000',
};

/**
 * Overload, short: 30 deliveries/s for 3 s against a gateway that admits 4
 * requests at a time (it serves ~15 a second then), so it must shed whatever
 * the machine's speed; merchants give up 4 s after they began. The bus waits
 * 1 s, not 1.5 s: on the shared 2-core machine the load generator's own event
 * loop lags up to ~0.8 s, which the 2 s bound on answers, measured from
 * outside, includes. Judged on the overload criteria (docs/reliability.md).
 */
const OVERLOAD: NodeJS.ProcessEnv = {
  ...SHORT,
  DRILL_DELIVERIES: '90',
  DRILL_LOAD_MS: '3000',
  DRILL_REQUEST_TIMEOUT_MS: '5000',
  DRILL_REQUEST_DEADLINE_MS: '4000',
  DRILL_APP_ENV: 'LOAD_SHED_MAX_IN_FLIGHT=4 BUS_TIMEOUT_MS=1000',
};

describe('drills (short)', () => {
  const dataDir = join(loadInfra().repoRoot, '.data', uniquePrefix('drills'));
  let servers: DrillServers;

  async function drill(name: DrillName): Promise<string[]> {
    const { figures, reasons } = await runDrill(drillConfig(name, SHORT), { servers, log: () => undefined });
    process.stdout.write(`${report(figures, reasons).join('\n')}\n`);
    return reasons;
  }

  beforeAll(async () => {
    servers = await DrillServers.start(dataDir);
  }, 90000);

  afterAll(async () => {
    await servers?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each<[DrillName, string]>([
    ['kill', 'kill -9 of each app in turn, each restarted'],
    ['redis-loss', 'FLUSHALL of Redis twice mid-load'],
    ['postgres-outage', 'Postgres stopped 5 s mid-load'],
    ['receiver-outage', 'the webhook receiver down 5 s'],
  ])('%s (%s): every accepted delivery delivered, every event received and listed, no 5xx but 503', async (name) => {
    expect(await drill(name)).toEqual([]);
  }, 150000);

  it('server-loss (kill -9 of the postmaster, then of redis-server, restarted by their supervisor as under npm start): every accepted delivery delivered, every event received and listed, no 5xx but 503', async () => {
    // Servers of its own, which it kills: not the ones the other drills share.
    const { figures, reasons } = await runDrill(drillConfig('server-loss', SHORT), { dataDir: join(dataDir, 'server-loss'), log: () => undefined });
    process.stdout.write(`${report(figures, reasons).join('\n')}\n`);
    expect(figures.fault).toMatch(/^kill -9 of the postmaster, then of redis-server .*each restarted on its port with its data/);
    expect(reasons).toEqual([]);
  }, 240000);

  it('overload (30 deliveries/s for 3 s past a gateway admitting 4 at a time): every answer within 2 s, refusals with Retry-After, back to idle within 10 s', async () => {
    const { figures, reasons } = await runDrill(drillConfig('overload', OVERLOAD), { servers, log: () => undefined });
    process.stdout.write(`${report(figures, reasons).join('\n')}\n`);
    expect(reasons).toEqual([]);
    expect(figures.overload?.shedding.shed).toBeGreaterThan(0);
    expect(figures.deliveries.accepted).toBeGreaterThan(0);
  }, 150000);
});
