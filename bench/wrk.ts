/**
 * wrk, the HTTP load generator the HTTP figures are taken with: written in C,
 * it leaves the two cores to the system under load where a Node load
 * generator would take one of them. Installed with apt-get when missing and
 * running as root on Debian, like redis-server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadInfra } from '@sdd/testing';

export function ensureWrk(log: (message: string) => void): Promise<string> {
  return loadInfra().ensureDebianCommand({ command: 'wrk', log });
}

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection, read, write and timeout errors, and answers other than 2xx/3xx: any of them makes the figures worthless. */
  errors: number;
  /** The latency at every 0.1 % from 0.1 to 99.9 %, ms: what lets runs be pooled (`poolLoads`). */
  quantilesMs?: number[];
}

/** Latency quantiles a run reports for pooling: every 0.1 %. */
export const QUANTILE_POINTS = 999;

/** The quantiles of `sortedMs` at every 0.1 % (nearest rank), as wrk reports them. */
export function quantilesOf(sortedMs: readonly number[]): number[] {
  if (sortedMs.length === 0) return [];
  return Array.from({ length: QUANTILE_POINTS }, (_, i) => sortedMs[Math.min(sortedMs.length - 1, Math.ceil(((i + 1) / (QUANTILE_POINTS + 1)) * sortedMs.length) - 1)]);
}

/**
 * Runs of one load taken in turns with others (so that the machine's drift
 * falls on each alike) as one: requests and seconds added up, latency
 * percentiles from the runs' quantiles, each weighted by its requests
 * (exact to within 0.1 % of a run's requests).
 */
export function poolLoads(runs: readonly LoadResult[]): LoadResult {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const points = runs.flatMap((run) => (run.quantilesMs ?? []).map((ms) => ({ ms, weight: run.requests / QUANTILE_POINTS }))).sort((a, b) => a.ms - b.ms);
  const total = points.reduce((sum, point) => sum + point.weight, 0);
  const percentile = (p: number) => {
    let seen = 0;
    for (const point of points) {
      seen += point.weight;
      if (seen >= (p / 100) * total - 1e-9) return point.ms;
    }
    return Number.NaN;
  };
  return {
    requests,
    seconds,
    perSecond: seconds > 0 ? requests / seconds : Number.NaN,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: Math.max(...runs.map((run) => run.maxMs)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

const luaString = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The request, and a `done` hook printing the summary as one JSON line (wrk's text report rounds and mixes units). */
export function wrkScript(spec: Pick<LoadSpec, 'method' | 'headers' | 'body'>): string {
  return [
    `wrk.method = ${luaString(spec.method)}`,
    ...Object.entries(spec.headers).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`),
    ...(spec.body === undefined ? [] : [`wrk.body = ${luaString(spec.body)}`]),
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  local q = {}',
    `  for i = 1, ${QUANTILE_POINTS} do q[i] = string.format('%d', latency:percentile(i / 10)) end`,
    '  io.write(string.format(\'WRK {"requests":%d,"duration_us":%d,"errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"quantiles_us":[%s]}\\n\',',
    '    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status,',
    "    latency:percentile(50), latency:percentile(99), latency.max, table.concat(q, ',')))",
    'end',
    '',
  ].join('\n');
}

export function parseWrkSummary(output: string): LoadResult {
  const line = /^WRK (\{.*\})$/m.exec(output)?.[1];
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const raw = JSON.parse(line) as Record<'requests' | 'duration_us' | 'errors' | 'p50_us' | 'p99_us' | 'max_us', number> & { quantiles_us?: number[] };
  const seconds = raw.duration_us / 1e6;
  return {
    requests: raw.requests,
    seconds,
    perSecond: raw.requests / seconds,
    p50Ms: raw.p50_us / 1000,
    p99Ms: raw.p99_us / 1000,
    maxMs: raw.max_us / 1000,
    errors: raw.errors,
    quantilesMs: raw.quantiles_us?.map((us) => us / 1000),
  };
}

/** `connections` over two threads (one per core of this machine) for `seconds`. */
export async function runWrk(wrk: string, spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sdd-wrk-'));
  try {
    const script = join(dir, 'request.lua');
    writeFileSync(script, wrkScript(spec));
    const args = ['-t2', `-c${spec.connections}`, `-d${spec.seconds}s`, '--timeout', '10s', '-s', script, spec.url];
    const output = await new Promise<string>((resolve, reject) =>
      execFile(wrk, args, { timeout: (spec.seconds + 30) * 1000 }, (error, stdout, stderr) =>
        error ? reject(new Error(`wrk failed: ${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    return parseWrkSummary(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
