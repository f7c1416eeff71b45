import { parseAppEnv } from './drill-config';

/** `npm run drill -- soak`: steady load for a long time, memory and tables sampled (docs/reliability.md "Soak"). */
export const SOAK_DRILL = 'soak';

export interface SoakConfig {
  /** Deliveries per second, each a quote then the delivery, started on schedule whatever the answers (open loop). */
  rate: number;
  durationMs: number;
  /** One sample of every figure this often. */
  sampleMs: number;
  merchants: number;
  /** Retention of every purged table, shortened so the soak sees the purge run (the defaults are days). */
  retentionSeconds: number;
  purgeIntervalMs: number;
  timelineSpeed: number;
  requestTimeoutMs: number;
  requestDeadlineMs: number;
  appEnv: Record<string, string>;
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/** 50 deliveries/s for 30 min, sampled every 30 s, retention 2 min: each overridable by environment. */
export function soakConfig(env: NodeJS.ProcessEnv): SoakConfig {
  return {
    rate: number(env, 'DRILL_SOAK_RATE', 50, 0.1),
    durationMs: number(env, 'DRILL_SOAK_MS', 30 * 60_000, 10_000),
    sampleMs: number(env, 'DRILL_SOAK_SAMPLE_MS', 30_000, 1000),
    merchants: number(env, 'DRILL_MERCHANTS', 5, 1),
    retentionSeconds: number(env, 'DRILL_SOAK_RETENTION_SECONDS', 120, 1),
    purgeIntervalMs: number(env, 'DRILL_SOAK_PURGE_INTERVAL_MS', 10_000, 100),
    timelineSpeed: number(env, 'DRILL_TIMELINE_SPEED', 10, 1),
    requestTimeoutMs: number(env, 'DRILL_REQUEST_TIMEOUT_MS', 10_000, 100),
    requestDeadlineMs: number(env, 'DRILL_REQUEST_DEADLINE_MS', 60_000, 1000),
    appEnv: parseAppEnv(env.DRILL_APP_ENV),
  };
}
