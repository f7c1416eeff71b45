/**
 * `npm run bench`: every bench, one after the other (each starts its own
 * system), then one table of their headline figures beside the bare BullMQ
 * round trip measured in the HTTP bench's run (see summary.ts). Each bench's
 * own report goes to the terminal as it runs; BENCH_* variables pass through.
 * Exits non-zero when a bench failed, not when a target is missed: the table
 * says that.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BenchResults, formatTable, summaryRows } from './summary';

const BENCHES: Array<{ name: keyof BenchResults; script: string; env?: Record<string, string> }> = [
  { name: 'http', script: 'http/http.bench.js' },
  { name: 'bus', script: 'bus/bus.bench.js' },
  // Issue 16's creations "sustained with every timeline running": 5,000 at speed 8 take ~12 s, each delivery's steps within 10 s
  // of its creation, so the steps run beside the creations for most of the window (1,000 took 3 s, mostly the apps' JIT warming up).
  { name: 'deliveries', script: 'deliveries/deliveries.bench.js', env: { BENCH_DELIVERIES: '5000', BENCH_RETRIEVES: '1000' } },
  // Issue 16's 10,000 active deliveries: the creations take ~45 s, so the 80 s timeline (speed 1) keeps every one active at once.
  { name: 'timelines', script: 'deliveries/deliveries.bench.js', env: { BENCH_DELIVERIES: '10000', BENCH_TIMELINE_SPEED: '1', BENCH_RETRIEVES: '10000' } },
  { name: 'webhooks', script: 'webhooks/webhooks.bench.js' },
  // Issue 35's cost as data grows: the empty database's figures, then the same after seeding BENCH_SEED_DELIVERIES/BENCH_SEED_EVENTS (1 M / 10 M).
  { name: 'growth', script: 'growth/growth.bench.js' },
];

const repoRoot = join(__dirname, '..', '..');

/** Runs one compiled bench, echoing its output; resolves with its RESULT line's JSON, if it printed one. */
function runOne(script: string, env: Record<string, string> = {}): Promise<{ code: number | null; result?: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', join(repoRoot, 'tools', 'register-paths.js'), join(__dirname, script)], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = /^RESULT (\{.*\})$/m.exec(output)?.[1];
      resolve({ code, result: line ? JSON.parse(line) : undefined });
    });
  });
}

async function main(): Promise<void> {
  const results: BenchResults = {};
  const failed: string[] = [];
  for (const { name, script, env } of BENCHES) {
    process.stderr.write(`\n== bench ${name} ==\n`);
    const { code, result } = await runOne(script, env);
    if (code !== 0 || result === undefined) failed.push(`${name} (exit ${code})`);
    if (result !== undefined) Object.assign(results, { [name]: result });
  }
  process.stdout.write(`\n== issue 16 figures, one run each, ${new Date().toISOString()} ==\n${formatTable(summaryRows(results))}\n`);
  if (failed.length > 0) {
    process.stdout.write(`failed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
