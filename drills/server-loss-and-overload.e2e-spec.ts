import { ServiceName } from '@sdd/contracts';
import { SHORT, ShortDrills } from './short-drills';

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

describe('drills (short): servers killed, a burst past capacity', () => {
  const drills = new ShortDrills();
  beforeAll(() => drills.start(), 90000);
  afterAll(() => drills.stop());

  it('server-loss (kill -9 of the postmaster, then of redis-server, restarted by their supervisor as under npm start): every accepted delivery delivered, every event received and listed, no 5xx but 503', async () => {
    // Servers of its own, which it kills: not the ones the overload drill uses.
    const { figures, reasons } = await drills.run('server-loss', SHORT, true);
    expect(figures.fault).toMatch(/^kill -9 of the postmaster, then of redis-server .*each restarted on its port with its data/);
    expect(reasons).toEqual([]);
  }, 240000);

  it('overload (30 deliveries/s for 3 s past a gateway admitting 4 at a time): every answer within 2 s, refusals with Retry-After, back to idle within 10 s', async () => {
    const { figures, reasons } = await drills.run('overload', OVERLOAD);
    expect(reasons).toEqual([]);
    expect(figures.overload?.shedding.shed).toBeGreaterThan(0);
    expect(figures.deliveries.accepted).toBeGreaterThan(0);
    // No app died at its heap limit, and every app's peak resident memory was read.
    expect(figures.heapLimitDeaths).toEqual({});
    expect(Object.keys(figures.peakResidentMb).sort()).toEqual(Object.values(ServiceName).sort());
    for (const mb of Object.values(figures.peakResidentMb)) expect(mb).toBeGreaterThan(0);
  }, 150000);
});
