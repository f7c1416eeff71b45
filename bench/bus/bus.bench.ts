import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { provideRedis } from '../bench-redis';
import { availableParallelism, loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { BusClient, BusExceptionFilter, BusServer } from '@sdd/bus';
import { deleteKeys } from '@sdd/testing';
import { ServiceName } from '@sdd/contracts';
import { RoundResult, summarize, Summary } from './stats';
import { BODY, EchoPayload, startBaseline, Transport } from './bare-round-trip';

/**
 * Request/reply throughput and latency of our BullMQ transport (`@sdd/bus`)
 * against the naive BullMQ pattern (`queue.add` + `job.waitUntilFinished`),
 * in one run, on one Redis, with the same closed-loop load. See bench/README.md.
 */

const ECHO = 'bench.echo';
/** Both servers get the concurrency our services run with, whatever the in-flight count. */
const CONCURRENCY = 50;
const WARMUP_REQUESTS = 500;
/** Far above any latency we expect, so a slow request counts in p99 instead of being cut off as an error. */
const TIMEOUT_MS = 30_000;
/** How long after the last close the process may take to exit before we call it a leaked handle. */
const EXIT_GRACE_MS = 10_000;

interface Params {
  inflight: number;
  /** Measured time per transport, split evenly over its rounds. */
  seconds: number;
  /**
   * Rounds per transport, run alternately (ours, baseline, ours, …) so neither
   * side always gets the warmer Redis and JIT, and a burst of load from
   * elsewhere on the machine falls on both.
   */
  rounds: number;
}

/** The subset of tools/infra this bench uses (a CommonJS module with JSDoc types). */
@Controller()
class EchoController {
  @MessagePattern(ECHO)
  echo(@Payload() data: EchoPayload): EchoPayload {
    return data;
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function positiveInteger(name: string, fallback: number): number {
  const value = positiveNumber(name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, got ${value}`);
  return value;
}

function readParams(): Params {
  return {
    inflight: positiveInteger('BENCH_INFLIGHT', 50),
    seconds: positiveNumber('BENCH_SECONDS', 10),
    rounds: positiveInteger('BENCH_ROUNDS', 2),
  };
}

async function startOurs(redisUrl: string, prefix: string): Promise<Transport> {
  const app: INestMicroservice = await NestFactory.createMicroservice(EchoModule, {
    strategy: new BusServer({ redisUrl, prefix, service: ServiceName.Quote, concurrency: CONCURRENCY }),
    logger: false,
  });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  const client = new BusClient({
    redisUrl,
    prefix,
    timeoutMs: TIMEOUT_MS,
    routes: { [ECHO]: ServiceName.Quote },
  });
  await client.connect();
  return {
    name: 'ours',
    send: (payload) => firstValueFrom(client.send<EchoPayload, EchoPayload>(ECHO, payload)),
    close: async () => {
      await client.close();
      await app.close();
    },
  };
}

/**
 * Closed loop: `inflight` lanes, each sending its next request as soon as the
 * previous reply arrives, until the deadline; then waits for the last replies.
 */
async function runRound(transport: Transport, admin: Redis, inflight: number, seconds: number): Promise<RoundResult & { firstError?: string }> {
  const latenciesNs: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  const redisCpuBefore = await readRedisCpuUs(admin);
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  const lane = async (): Promise<void> => {
    while (process.hrtime.bigint() < deadline) {
      const n = next++;
      const sent = process.hrtime.bigint();
      try {
        const reply = await transport.send({ n, body: BODY });
        const took = Number(process.hrtime.bigint() - sent);
        // A wrong reply would make any speed meaningless, so it counts as an error.
        if (reply?.n !== n) throw new Error(`request ${n} got the reply of ${String(reply?.n)}`);
        latenciesNs.push(took);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  const elapsedNs = Number(process.hrtime.bigint() - start);
  const cpu = process.cpuUsage(cpuBefore);
  const redisCpuUs = (await readRedisCpuUs(admin)) - redisCpuBefore;
  return { latenciesNs, errors, elapsedNs, nodeCpuUs: cpu.user + cpu.system, redisCpuUs, firstError };
}

/** Fills connection pools, compiles the hot paths and creates the queues' keys before anything is timed. */
async function warmUp(transport: Transport, inflight: number): Promise<void> {
  let remaining = WARMUP_REQUESTS;
  const lane = async (): Promise<void> => {
    while (remaining-- > 0) {
      const n = remaining;
      const reply = await transport.send({ n, body: BODY });
      if (reply?.n !== n) throw new Error(`${transport.name} warm-up: request ${n} got the reply of ${String(reply?.n)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inflight, WARMUP_REQUESTS) }, lane));
}

async function readRedisVersion(redis: Redis): Promise<string> {
  const info = await redis.info('server');
  return /^redis_version:(\S+)/m.exec(info)?.[1] ?? 'unknown';
}

/** Redis's own CPU time (user + system, all its threads), in microseconds. */
async function readRedisCpuUs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const seconds = (field: string) => Number(new RegExp(`^${field}:([\\d.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
  return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1e6;
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const rounded = (value: number, digits: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

interface Environment {
  redisVersion: string;
  /** 1-minute load average before and after: figures from a busy machine are not comparable with a quiet one's. */
  loadBefore: number;
  loadAfter: number;
}

function report(params: Params, env: Environment, ours: Summary, baseline: Summary): void {
  const ratio = ours.throughput / baseline.throughput;
  const header = ['transport', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'node µs/req', 'redis µs/req'];
  const row = (name: string, s: Summary) => [
    name,
    String(s.completed),
    fixed(s.throughput, 0),
    fixed(s.p50Ms, 2),
    fixed(s.p99Ms, 2),
    fixed(s.maxMs, 2),
    String(s.errors),
    fixed(s.nodeCpuUsPerRequest, 0),
    fixed(s.redisCpuUsPerRequest, 0),
  ];
  const rows = [header, row('ours', ours), row('baseline', baseline)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const out = [
    '',
    `bus bench: ${params.inflight} in flight, ${params.seconds} s per transport ` +
      `(${params.rounds} alternating rounds of ${fixed(params.seconds / params.rounds, 1)} s), server concurrency ${CONCURRENCY}`,
    `Redis ${env.redisVersion}, Node ${process.version}, ${availableParallelism()} CPUs, ` + `load average ${fixed(env.loadBefore, 2)} before, ${fixed(env.loadAfter, 2)} after`,
    line(rows[0]),
    ...rows.slice(1).map(line),
    `ours/baseline throughput: ${fixed(ratio, 2)}x`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  const json = (s: Summary) => ({
    completed: s.completed,
    errors: s.errors,
    seconds: rounded(s.seconds, 3),
    throughput: rounded(s.throughput, 1),
    p50Ms: rounded(s.p50Ms, 3),
    p99Ms: rounded(s.p99Ms, 3),
    maxMs: rounded(s.maxMs, 3),
    nodeCpuUsPerRequest: rounded(s.nodeCpuUsPerRequest, 1),
    redisCpuUsPerRequest: rounded(s.redisCpuUsPerRequest, 1),
  });
  const result = {
    inflight: params.inflight,
    seconds: params.seconds,
    rounds: params.rounds,
    concurrency: CONCURRENCY,
    redisVersion: env.redisVersion,
    node: process.version,
    cpus: availableParallelism(),
    loadBefore: rounded(env.loadBefore, 2),
    loadAfter: rounded(env.loadAfter, 2),
    ours: json(ours),
    baseline: json(baseline),
    ratio: rounded(ratio, 2),
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** Cleanup goes on past a failed step, so one stuck close does not leave keys or a server behind. */
async function attempt(what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    process.stderr.write(`cleanup: ${what} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const params = readParams();
  const warnings: string[] = [];
  // Printed at the end: a MaxListenersExceededWarning here would mean one side pays for listener churn we did not intend.
  process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`));
  const redisServer = await provideRedis();
  const prefix = `bench-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const admin = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
  // Without a listener ioredis prints every reconnect attempt; the ping below reports the failure once, clearly.
  let connectionError: Error | undefined;
  admin.on('error', (error: Error) => (connectionError = error));
  try {
    await admin.ping();
  } catch (error) {
    admin.disconnect();
    await redisServer.stop();
    const cause = connectionError ?? error;
    throw new Error(`cannot reach Redis at ${redisServer.url}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  const transports: Transport[] = [];
  try {
    const redisVersion = await readRedisVersion(admin);
    const loadBefore = loadavg()[0];
    const ours = await startOurs(redisServer.url, prefix);
    transports.push(ours);
    const baseline = await startBaseline(redisServer.url, prefix, params.inflight, CONCURRENCY);
    transports.push(baseline);

    await warmUp(ours, params.inflight);
    await warmUp(baseline, params.inflight);

    const results: Record<Transport['name'], RoundResult[]> = { ours: [], baseline: [] };
    for (let round = 1; round <= params.rounds; round++) {
      for (const transport of [ours, baseline]) {
        const result = await runRound(transport, admin, params.inflight, params.seconds / params.rounds);
        results[transport.name].push(result);
        const replies = result.latenciesNs.length;
        process.stderr.write(
          `round ${round} ${transport.name.padEnd(8)} ${String(replies).padStart(7)} replies, ` +
            `${fixed(replies / (result.elapsedNs / 1e9), 0).padStart(6)} req/s, ` +
            `cpu/req node ${fixed(result.nodeCpuUs / replies, 0)} µs, redis ${fixed(result.redisCpuUs / replies, 0)} µs, ` +
            `${result.errors} errors${result.firstError ? ` (first: ${result.firstError})` : ''}\n`,
        );
      }
    }
    const env: Environment = { redisVersion, loadBefore, loadAfter: loadavg()[0] };
    report(params, env, summarize(results.ours), summarize(results.baseline));
  } finally {
    for (const transport of transports.reverse()) await attempt(`closing ${transport.name}`, () => transport.close());
    await attempt(`deleting the keys under ${prefix}:`, async () => {
      const deleted = await deleteKeys(admin, prefix);
      process.stderr.write(`cleaned up: ${deleted} keys under ${prefix}:\n`);
    });
    await attempt('closing the admin connection', () => admin.quit());
    await attempt('stopping Redis', () => redisServer.stop());
    if (warnings.length > 0) process.stderr.write(`process warnings:\n  ${warnings.join('\n  ')}\n`);
  }
}

main().then(
  () => {
    // Everything was closed above; if the process is still alive after this, something leaks. Say what, and fail.
    setTimeout(() => {
      process.stderr.write(`did not exit ${EXIT_GRACE_MS} ms after closing; still open: ${process.getActiveResourcesInfo().join(', ')}\n`);
      process.exit(1);
    }, EXIT_GRACE_MS).unref();
  },
  (error: unknown) => {
    process.stderr.write(`bus bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
    setTimeout(() => process.exit(1), EXIT_GRACE_MS).unref();
  },
);
