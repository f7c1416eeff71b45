export const DRILL_NAMES = ['kill', 'redis-loss', 'postgres-outage', 'receiver-outage', 'server-loss', 'overload', 'primary-loss'] as const;
export type DrillName = (typeof DRILL_NAMES)[number];

export interface DrillConfig {
  name: DrillName;
  /** Delivery requests, spread evenly over `loadMs`. */
  deliveries: number;
  /** Merchants sharing them, each with its own webhook endpoint for every event. */
  merchants: number;
  loadMs: number;
  /** When the fault starts, as a fraction of `loadMs`. */
  faultAt: number;
  /** How long Postgres or the receiver stays down. */
  outageMs: number;
  /** kill: the pause between one killed app being ready again and the next kill; server-loss: between Postgres back and the SIGKILL of Redis. */
  killGapMs: number;
  timelineSpeed: number;
  webhookRetrySpeed: number;
  /** After the load and the fault: how long everything may take to settle before the verdict. */
  settleMs: number;
  /** A merchant retries one delivery request (same Idempotency-Key) until this long after its first try. */
  requestDeadlineMs: number;
  /** One HTTP request gives up after this long (counted as a timeout, then retried). */
  requestTimeoutMs: number;
  /** Extra environment for every app, e.g. a reconciliation interval. */
  appEnv: Record<string, string>;
  /**
   * The apps behind the gateway at a lower CPU priority, as under `npm start`.
   * Off when the drill shares the machine with other systems at normal
   * priority (the short drills in `npm test`): against those, a reniced app
   * gets a tenth of a core and answers late for that reason alone.
   */
  gatewayFirst: boolean;
}

const OUTAGE_MS: Record<DrillName, number> = { kill: 0, 'redis-loss': 0, 'postgres-outage': 20_000, 'receiver-outage': 120_000, 'server-loss': 0, overload: 0, 'primary-loss': 0 };
/** The receiver goes down half-way, so that its endpoints have a history of successes (see docs/reliability.md). */
const FAULT_AT: Record<DrillName, number> = {
  kill: 0.25,
  'redis-loss': 0.3,
  'postgres-outage': 0.3,
  'receiver-outage': 0.5,
  'server-loss': 0.25,
  overload: 0,
  'primary-loss': 0.3,
};
/**
 * Sizes of their own: the overload drill's load is its fault, issue 30's burst
 * of 250 deliveries/s for 30 s; its merchants give up on a request after 5 s
 * (any answer later than 2 s fails it anyway) and on a delivery 8 s after
 * they began, so their retries end within the 10 s in which latency must be
 * back to idle.
 */
const SIZES: Partial<Record<DrillName, Partial<Omit<DrillConfig, 'name' | 'appEnv' | 'gatewayFirst'>>>> = {
  overload: { deliveries: 7500, loadMs: 30_000, requestTimeoutMs: 5000, requestDeadlineMs: 8000, settleMs: 300_000 },
};

export function isDrillName(name: string | undefined): name is DrillName {
  return (DRILL_NAMES as readonly string[]).includes(name ?? '');
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/** `DRILL_APP_ENV="A=1 B=2"`: settings passed to every app. */
export function parseAppEnv(raw: string | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of (raw ?? '').split(/\s+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`DRILL_APP_ENV takes NAME=value pairs, got "${pair}"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** The drill's sizes and speeds: moderate defaults for a 2-core machine, each overridable by environment. */
export function drillConfig(name: DrillName, env: NodeJS.ProcessEnv): DrillConfig {
  const sizes = SIZES[name] ?? {};
  return {
    name,
    deliveries: number(env, 'DRILL_DELIVERIES', sizes.deliveries ?? 100, 1),
    merchants: number(env, 'DRILL_MERCHANTS', 5, 1),
    loadMs: number(env, 'DRILL_LOAD_MS', sizes.loadMs ?? 60_000, 1000),
    faultAt: number(env, 'DRILL_FAULT_AT', FAULT_AT[name], 0),
    outageMs: number(env, 'DRILL_OUTAGE_MS', OUTAGE_MS[name], 0),
    killGapMs: number(env, 'DRILL_KILL_GAP_MS', 3000, 0),
    timelineSpeed: number(env, 'DRILL_TIMELINE_SPEED', 10, 1),
    webhookRetrySpeed: number(env, 'DRILL_WEBHOOK_RETRY_SPEED', 30, 1),
    settleMs: number(env, 'DRILL_SETTLE_MS', sizes.settleMs ?? 150_000, 1000),
    requestDeadlineMs: number(env, 'DRILL_REQUEST_DEADLINE_MS', sizes.requestDeadlineMs ?? 120_000, 1000),
    requestTimeoutMs: number(env, 'DRILL_REQUEST_TIMEOUT_MS', sizes.requestTimeoutMs ?? 10_000, 100),
    appEnv: parseAppEnv(env.DRILL_APP_ENV),
    gatewayFirst: env.DRILL_GATEWAY_FIRST !== '0',
  };
}
