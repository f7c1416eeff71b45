/**
 * What the growth seed writes (bench/seed/seed-growth.ts), as pure rules the
 * SQL follows and the tests check: how many rows, whose, how old, under
 * which ids. Row `g` (1-based) of a series is the same delivery or event in
 * TypeScript and in SQL.
 */

export interface SeedSizes {
  deliveries: number;
  events: number;
}

export const DEFAULT_SEED_SIZES: SeedSizes = { deliveries: 1_000_000, events: 10_000_000 };

/** Merchants the seeded rows belong to: the bench's own (every `BIG_MERCHANT_EVERY`-th row… see `merchantOf`) and the rest spread. */
export const SEED_MERCHANTS = 100;
/** The bench's merchant holds one row in this many: the one big merchant of a platform, the other 99 share the rest. */
export const BIG_MERCHANT_EVERY = 2;
/** Events per delivery: created, driver_assigned, picked_up, in_transit, delivered. */
export const EVENT_TYPES = ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'] as const;
/** Deliveries go back a year (they are the record and stay). */
export const DELIVERY_AGE_DAYS = 365;
/** Webhook events go back 29 days: inside the dispatcher's 30-day retention, so its purge keeps them. */
export const EVENT_AGE_DAYS = 29;
/** Outbox events (5 per delivery of the last week) go back 6 days: inside delivery-service's 7-day retention. */
export const OUTBOX_AGE_DAYS = 6;
/** The newest seeded row is this old: the bench's own rows stay the newest. */
export const NEWEST_AGE_SECONDS = 60;

/** A size from the environment: a whole number ≥ 0, else the default; anything else is refused rather than guessed. */
export function parseSize(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got "${value}"`);
  return n;
}

/** BENCH_SEED_DELIVERIES and BENCH_SEED_EVENTS, defaulting to 1 M and 10 M. */
export function seedSizes(env: NodeJS.ProcessEnv): SeedSizes {
  return {
    deliveries: parseSize('BENCH_SEED_DELIVERIES', env.BENCH_SEED_DELIVERIES, DEFAULT_SEED_SIZES.deliveries),
    events: parseSize('BENCH_SEED_EVENTS', env.BENCH_SEED_EVENTS, DEFAULT_SEED_SIZES.events),
  };
}

/** Seeded ids: `<prefix>_` then 24 letters and digits as the services' own (libs/common ids.ts), starting with "seed" so they never meet a random one. */
const ID_TAG = 'seed';
const ID_DIGITS = 24 - ID_TAG.length;

export function seedId(prefix: string, n: number): string {
  return `${prefix}_${ID_TAG}${String(n).padStart(ID_DIGITS, '0')}`;
}

/** `seedId` in SQL, of an integer expression. */
export function seedIdSql(prefix: string, expr: string): string {
  return `('${prefix}_${ID_TAG}' || lpad((${expr})::text, ${ID_DIGITS}, '0'))`;
}

/** The merchant of delivery `d`: the bench's own for every BIG_MERCHANT_EVERY-th, else one of the other SEED_MERCHANTS - 1 in turn (0 = the bench's). */
export function merchantOf(d: number): number {
  return d % BIG_MERCHANT_EVERY === 0 ? 0 : 1 + (Math.floor(d / BIG_MERCHANT_EVERY) % (SEED_MERCHANTS - 1));
}

/** `merchantOf` in SQL, of an integer expression. */
export function merchantOfSql(expr: string): string {
  return `(CASE WHEN (${expr}) % ${BIG_MERCHANT_EVERY} = 0 THEN 0 ELSE 1 + ((${expr}) / ${BIG_MERCHANT_EVERY}) % ${SEED_MERCHANTS - 1} END)`;
}

/** The delivery event `g` is about (five events each, in order). */
export function deliveryOfEvent(g: number): number {
  return Math.floor((g - 1) / EVENT_TYPES.length) + 1;
}

export function deliveryOfEventSql(expr: string): string {
  return `(((${expr}) - 1) / ${EVENT_TYPES.length} + 1)`;
}

/** How old row `g` of `count` is, in seconds: evenly from NEWEST_AGE_SECONDS to `days` back, row 1 the newest. */
export function ageSeconds(g: number, count: number, days: number): number {
  return NEWEST_AGE_SECONDS + ((g - 1) * (days * 86400 - NEWEST_AGE_SECONDS)) / Math.max(1, count);
}

export function ageSecondsSql(expr: string, count: number, days: number): string {
  return `(${NEWEST_AGE_SECONDS} + ((${expr}) - 1)::float8 * ${days * 86400 - NEWEST_AGE_SECONDS} / ${Math.max(1, count)})`;
}

/** Deliveries of the seed created in the last `days` (rows 1..n, the newest first). */
export function deliveriesWithin(days: number, sizes: SeedSizes): number {
  return Math.min(sizes.deliveries, Math.floor((sizes.deliveries * days) / DELIVERY_AGE_DAYS));
}
