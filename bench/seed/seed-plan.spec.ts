import { DELIVERY_ID_PATTERN } from '@sdd/contracts';
import {
  ageSeconds,
  BIG_MERCHANT_EVERY,
  DEFAULT_SEED_SIZES,
  deliveriesWithin,
  deliveryOfEvent,
  EVENT_TYPES,
  merchantOf,
  NEWEST_AGE_SECONDS,
  parseSize,
  SEED_MERCHANTS,
  seedId,
  seedIdSql,
  seedSizes,
} from './seed-plan';

describe('seed sizes', () => {
  it('defaults to 1 M deliveries and 10 M events', () => {
    expect(seedSizes({})).toEqual({ deliveries: 1_000_000, events: 10_000_000 });
    expect(DEFAULT_SEED_SIZES).toEqual({ deliveries: 1_000_000, events: 10_000_000 });
  });

  it('takes BENCH_SEED_DELIVERIES and BENCH_SEED_EVENTS, underscores allowed', () => {
    expect(seedSizes({ BENCH_SEED_DELIVERIES: '100_000', BENCH_SEED_EVENTS: '0' })).toEqual({ deliveries: 100_000, events: 0 });
  });

  it('refuses what is not a whole number ≥ 0, naming the variable', () => {
    expect(() => parseSize('BENCH_SEED_EVENTS', '1e9.5', 1)).toThrow('BENCH_SEED_EVENTS must be a whole number ≥ 0, got "1e9.5"');
    expect(() => parseSize('BENCH_SEED_EVENTS', '-3', 1)).toThrow('BENCH_SEED_EVENTS');
    expect(() => parseSize('BENCH_SEED_EVENTS', 'lots', 1)).toThrow('BENCH_SEED_EVENTS');
    expect(parseSize('X', ' ', 7)).toBe(7);
  });
});

describe('seeded ids', () => {
  it("are the services' shape: a prefix and 24 letters and digits", () => {
    expect(seedId('del_test', 42)).toBe('del_test_seed00000000000000000042');
    expect(seedId('del_test', 42)).toMatch(DELIVERY_ID_PATTERN);
    expect(seedId('evt', 10_000_000).slice('evt_'.length)).toHaveLength(24);
  });

  it('are written the same way in SQL', () => {
    expect(seedIdSql('evt', 'g')).toBe(`('evt_seed' || lpad((g)::text, 20, '0'))`);
  });
});

describe('whose rows', () => {
  it('gives the bench merchant one row in BIG_MERCHANT_EVERY and spreads the rest over the others in turn', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => merchantOf(i + 1));
    expect(rows.filter((m) => m === 0)).toHaveLength(10_000 / BIG_MERCHANT_EVERY);
    const others = new Set(rows.filter((m) => m !== 0));
    expect(others.size).toBe(SEED_MERCHANTS - 1);
    expect(Math.min(...others)).toBe(1);
    expect(Math.max(...others)).toBe(SEED_MERCHANTS - 1);
  });

  it('gives each delivery five events, in order', () => {
    expect([1, 5, 6, 10, 11].map(deliveryOfEvent)).toEqual([1, 1, 2, 2, 3]);
    expect(EVENT_TYPES).toHaveLength(5);
  });
});

describe('ages', () => {
  it('run evenly from a minute old (row 1) to the window (past the last row) and stay inside it', () => {
    expect(ageSeconds(1, 1000, 29)).toBe(NEWEST_AGE_SECONDS);
    expect(ageSeconds(1000, 1000, 29)).toBeLessThan(29 * 86400);
    expect(ageSeconds(1001, 1000, 29)).toBe(29 * 86400);
  });

  it('count the deliveries of the last days', () => {
    expect(deliveriesWithin(6, { deliveries: 1_000_000, events: 0 })).toBe(16438);
    expect(deliveriesWithin(400, { deliveries: 10, events: 0 })).toBe(10);
  });
});
