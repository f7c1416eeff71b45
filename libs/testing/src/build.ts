import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadInfra } from './infra';

/** E2e tests run the compiled apps: bring the build up to date (incremental, quick when nothing changed). */
export function buildApps(): void {
  const root = join(__dirname, '../../..');
  const startedAt = new Date();
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  // The dashboard's bundle, which the gateway serves at /dashboard.
  execFileSync(process.execPath, [join(root, 'tools/dashboard/build.js')], { cwd: root, stdio: 'inherit' });
  // `npm start` (and its e2e test) then skips its own build.
  loadInfra().markBuilt(root, startedAt);
}
