import { WebhookTally } from './webhook-tally';

describe('WebhookTally', () => {
  it('counts each (endpoint, event) once and a repeat as a duplicate', () => {
    const tally = new WebhookTally();
    tally.record('/e', '/e1', 'evt_a', 1000, true);
    tally.record('/e', '/e2', 'evt_a', 1001, true);
    tally.record('/e', '/e1', 'evt_a', 1002, true);
    expect(tally.report('/e')).toMatchObject({ requests: 3, unique: 2, duplicates: 1, badSignatures: 0, firstAt: 1000, lastAt: 1002 });
    expect(tally.arrivals('/e')).toEqual([
      ['evt_a', 1000],
      ['evt_a', 1001],
    ]);
  });

  it('counts signatures that did not verify, per group', () => {
    const tally = new WebhookTally();
    tally.record('/e', '/e1', 'evt_a', 1000, false);
    tally.record('/bare', '/bare', 'b1', 1000, true);
    expect(tally.report('/e').badSignatures).toBe(1);
    expect(tally.report('/bare').badSignatures).toBe(0);
  });

  it('gives the rate over the middle 80 % of arrivals', () => {
    const tally = new WebhookTally();
    // 100 arrivals, one every 10 ms: 100 per second.
    for (let i = 0; i < 100; i++) tally.record('/e', '/e1', `evt_${i}`, 10_000 + i * 10, true);
    expect(tally.report('/e').steadyPerSecond).toBe(100);
  });

  it('reports an empty group as nothing received', () => {
    expect(new WebhookTally().report('/e')).toMatchObject({ requests: 0, unique: 0, duplicates: 0 });
  });
});
