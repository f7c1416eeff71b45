import { DrillName } from './drill-config';
import { ShortDrills } from './short-drills';

describe('drills (short): apps killed, Redis emptied', () => {
  const drills = new ShortDrills();
  beforeAll(() => drills.start(), 90000);
  afterAll(() => drills.stop());

  it.each<[DrillName, string]>([
    ['kill', 'kill -9 of each app in turn, each restarted'],
    ['redis-loss', 'FLUSHALL of Redis twice mid-load'],
  ])(
    '%s (%s): every accepted delivery delivered, every event received and listed, no 5xx but 503',
    async (name) => {
      expect((await drills.run(name)).reasons).toEqual([]);
    },
    150000,
  );
});
