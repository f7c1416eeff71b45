/**
 * `npm run drill -- <kill|redis-loss|postgres-outage|receiver-outage|server-loss|overload|primary-loss>`: the
 * whole system under load through one fault, and a verdict. Exit code 0 on
 * PASS, 1 on FAIL. Sizes from the environment (drill-config.ts,
 * docs/reliability.md).
 */
import { join } from 'node:path';
import { loadInfra } from '@sdd/testing';
import { DRILL_NAMES, drillConfig, isDrillName } from './drill-config';
import { runDrill } from './run-drill';
import { report } from './verdict';
import { runSoak } from './soak';
import { SOAK_DRILL, soakConfig } from './soak-config';

async function main(): Promise<number> {
  const name = process.argv[2];
  if (name === SOAK_DRILL) return soak();
  if (!isDrillName(name)) {
    process.stderr.write(`usage: npm run drill -- <${[...DRILL_NAMES, SOAK_DRILL].join('|')}>\n`);
    return 2;
  }
  const dataDir = process.env.DRILL_DATA_DIR ?? join(loadInfra().repoRoot, '.data', 'drill');
  // DRILL_REPLICAS=3: three processes of every app on a Redis Cluster; DRILL_PGBOUNCER=1: through PgBouncer.
  const replicas = Number(process.env.DRILL_REPLICAS ?? 1);
  const { figures, reasons } = await runDrill(drillConfig(name, process.env), { dataDir, replicas, pgBouncer: process.env.DRILL_PGBOUNCER === '1' });
  for (const line of report(figures, reasons)) console.log(line);
  console.log(`RESULT ${JSON.stringify({ ...figures, reasons })}`);
  return reasons.length === 0 ? 0 : 1;
}

/** The soak prints its figures over time and whether each stayed flat after warm-up. */
async function soak(): Promise<number> {
  const dataDir = process.env.DRILL_DATA_DIR ?? join(loadInfra().repoRoot, '.data', 'drill');
  const { verdicts, load, reasons } = await runSoak(soakConfig(process.env), { dataDir });
  for (const { figure, flat, printed } of verdicts) console.log(`${flat ? 'flat ' : 'GROWS'} ${figure}: ${printed.growth} after warm-up (allowed ${printed.allowed})`);
  console.log(reasons.length === 0 ? 'PASS' : `FAIL\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`);
  console.log(`RESULT ${JSON.stringify({ drill: SOAK_DRILL, load, verdicts: verdicts.map(({ figure, flat, printed }) => ({ figure, flat, ...printed })), reasons })}`);
  return reasons.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
