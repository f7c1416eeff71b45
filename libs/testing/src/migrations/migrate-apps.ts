import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../repo-root';

/** Lines of the migration process's output kept for the error when it fails. */
const LINES_KEPT = 40;

/**
 * Runs the migrations of `apps` on `env` (the system's database and schema prefix) in one process of
 * the compiled `migrate-apps.command`; throws with its exit and last lines when they fail.
 * Asynchronous: a test's own relay or server in the calling process keeps serving meanwhile.
 */
export async function migrateApps(apps: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const root = repoRoot();
  const command = join(root, 'dist', 'libs', 'testing', 'src', 'migrations', 'migrate-apps.command.js');
  const child = spawn(process.execPath, ['-r', join(root, 'tools', 'register-paths.js'), command, ...apps], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  if (code !== 0) throw new Error(`Migrations of ${apps.join(', ')} failed (${signal ? `signal ${signal}` : `exit ${code}`})\n${output.slice(-LINES_KEPT).join('\n')}`);
}
