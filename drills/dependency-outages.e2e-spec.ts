import { DrillName } from './drill-config';
import { ShortDrills } from './short-drills';

describe('drills (short): Postgres and the webhook receiver down', () => {
  const drills = new ShortDrills();
  beforeAll(() => drills.start(), 90000);
  afterAll(() => drills.stop());

  it.each<[DrillName, string]>([
    ['postgres-outage', 'Postgres stopped 5 s mid-load'],
    ['receiver-outage', 'the webhook receiver down 5 s'],
  ])(
    '%s (%s): every accepted delivery delivered, every event received and listed, no 5xx but 503',
    async (name) => {
      expect((await drills.run(name)).reasons).toEqual([]);
    },
    150000,
  );
});
