import { percentile } from '@sdd/common';
import { deleteKeys } from '@sdd/testing';
import { provideRedis } from '../bench-redis';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
// The bench times the gateway's own limiter in-process; the gateway is an app, so no alias exports it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { budgetsFor, Limits, rateLimitHeaders } from '../../apps/api-gateway/src/rate-limit/rate-limit';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createRateLimitRedis, RateLimiter } from '../../apps/api-gateway/src/rate-limit/rate-limiter';

/**
 * What the rate limit adds to each gateway request: the hook's work (budget,
 * window, the Redis counter, headers; the key lookup is authentication's) timed with hrtime on the same
 * connection settings as the gateway, next to a bare PING on such a
 * connection, the floor of any one-round-trip design. Sequential calls give
 * the latency a lone request pays; calls kept in flight show it under load.
 */

const KEYS = 1000;
const LIMITS: Limits = { perMinute: 100, trackingPerMinute: 120, registrationPerHour: 20 };

interface Phase {
  name: string;
  inflight: number;
  run(i: number): Promise<unknown>;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Runs `calls` calls with `inflight` of them outstanding at any time; resolves with each call's latency in ns. */
async function measure(phase: Phase, calls: number): Promise<{ latenciesNs: number[]; elapsedNs: number }> {
  const latenciesNs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      const i = next++;
      const started = process.hrtime.bigint();
      await phase.run(i);
      latenciesNs.push(Number(process.hrtime.bigint() - started));
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: phase.inflight }, worker));
  return { latenciesNs, elapsedNs: Number(process.hrtime.bigint() - started) };
}

function report(phase: Phase, { latenciesNs, elapsedNs }: { latenciesNs: number[]; elapsedNs: number }): void {
  const sorted = Array.from(Float64Array.from(latenciesNs).sort());
  const us = (p: number) => (percentile(sorted, p) / 1000).toFixed(0).padStart(6);
  const perSecond = (latenciesNs.length / (elapsedNs / 1e9)).toFixed(0).padStart(7);
  process.stdout.write(
    `${phase.name.padEnd(26)} in flight ${String(phase.inflight).padStart(3)}: ` +
      `p50 ${us(50)} µs  p90 ${us(90)} µs  p99 ${us(99)} µs  max ${us(100)} µs  ${perSecond} calls/s\n`,
  );
}

async function main(): Promise<void> {
  const calls = positiveInteger('BENCH_CALLS', 10_000);
  const inflight = positiveInteger('BENCH_INFLIGHT', 50);
  const redisServer = await provideRedis();
  const prefix = `bench_rl_${randomBytes(4).toString('hex')}`;
  const redis = createRateLimitRedis(redisServer.url);
  // Without an offline queue, commands sent before the connection is ready are refused.
  await once(redis, 'ready');
  try {
    const version = /^redis_version:(\S+)/m.exec(await redis.info('server'))?.[1] ?? 'unknown';
    process.stdout.write(`Redis ${version} at ${redisServer.url}, Node ${process.version}, ${calls} calls per phase\n`);
    const limiter = new RateLimiter(redis, prefix);
    const keyIds = Array.from({ length: KEYS }, () => `key_${randomBytes(12).toString('hex')}`);
    const hook = async (i: number) => {
      const [budget] = budgetsFor({ ip: '127.0.0.1', apiKeyId: keyIds[i % KEYS] }, LIMITS, Date.now());
      const count = await limiter.hit(budget.identity, budget.window);
      return rateLimitHeaders(budget.limit, count, budget.window.end);
    };
    const phases: Phase[] = [
      { name: 'PING (one round trip)', inflight: 1, run: () => redis.ping() },
      { name: 'rate limit hook work', inflight: 1, run: hook },
      { name: 'PING (one round trip)', inflight, run: () => redis.ping() },
      { name: 'rate limit hook work', inflight, run: hook },
    ];
    // Warm-up: script loaded (EVALSHA cached), JIT compiled, connection settled.
    await measure({ ...phases[1], inflight: 10 }, 2000);
    for (const phase of phases) report(phase, await measure(phase, calls));
  } finally {
    process.stderr.write(`cleaned up: ${await deleteKeys(redis, prefix)} keys under ${prefix}:\n`);
    await redis.quit();
    await redisServer.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`rate limit bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
