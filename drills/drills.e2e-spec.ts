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
});
