import { DrillName } from '../drill-config';
import { SHORT, ShortDrills } from '../short-drills';

/**
 * The short drills' settings, the load spread over 20 s (40 deliveries) so
 * that the kills of the replicas, both flushes and the outage fall within
 * it: on 15 processes a killed replica takes seconds to be ready again.
 */
const REPLICATED: NodeJS.ProcessEnv = { ...SHORT, DRILL_DELIVERIES: '40', DRILL_LOAD_MS: '20000' };

/**
 * Three processes of every app (the gateways behind a round-robin balancer)
 * on a Redis Cluster of their own, through PgBouncer in transaction mode in
 * front of their own Postgres (stopped behind it in the outage): the short drills' faults, and each piece
 * of work done once across the replicas. Run by `npm run test:cluster`
 * (jest.replicas.config.js), not by `npm run test:drills`.
 */
describe('drills (short) on 3 replicas of every app, a Redis Cluster and PgBouncer', () => {
  const drills = new ShortDrills({ replicas: 3, pgBouncer: true });
  beforeAll(() => drills.start(), 180000);
  afterAll(() => drills.stop());

  it.each<[DrillName, string]>([
    ['kill', 'kill -9 of one replica of each app in turn, then of every delivery-service replica at once, each started again'],
    ['redis-loss', 'FLUSHALL of every primary of the cluster twice mid-load'],
    ['postgres-outage', 'Postgres stopped 5 s mid-load behind PgBouncer'],
    // Last: the killed node stays dead.
    ['primary-loss', "kill -9 of the cluster primary holding the timeline's jobs mid-load"],
  ])(
    '%s (%s): every accepted delivery delivered, every event received and listed once, no lock-guarded task on two replicas at once, no 5xx but 503',
    async (name) => {
      expect((await drills.run(name, REPLICATED)).reasons).toEqual([]);
    },
    420000,
  );
});
