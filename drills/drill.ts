/**
 * `npm run drill -- <kill|redis-loss|postgres-outage|receiver-outage|server-loss>`: the
 * whole system under load through one fault, and a verdict. Exit code 0 on
 * PASS, 1 on FAIL. Sizes from the environment (drill-config.ts,
 * docs/reliability.md).
 */
import { join } from 'node:path';
import { loadInfra } from '@sdd/testing';
import { DRILL_NAMES, drillConfig, isDrillName } from './drill-config';
import { runDrill } from './run-drill';
import { report } from './verdict';

async function main(): Promise<number> {
  const name = process.argv[2];
  if (!isDrillName(name)) {
    process.stderr.write(`usage: npm run drill -- <${DRILL_NAMES.join('|')}>\n`);
    return 2;
  }
  const dataDir = process.env.DRILL_DATA_DIR ?? join(loadInfra().repoRoot, '.data', 'drill');
  const { figures, reasons } = await runDrill(drillConfig(name, process.env), { dataDir });
  for (const line of report(figures, reasons)) console.log(line);
  console.log(`RESULT ${JSON.stringify({ ...figures, reasons })}`);
  return reasons.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
