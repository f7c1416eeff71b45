import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadInfra, waitFor } from '@sdd/testing';

export type ServerName = 'Postgres' | 'Redis';

export interface ServerProcess {
  pid: number;
  port: number;
}

/** What the supervisor announced for a server, latest first: started, then each restart. */
export function announcedServers(output: string, server: ServerName): ServerProcess[] {
  const started = [...output.matchAll(new RegExp(`${server}: started on port (\\d+) \\(pid (\\d+)`, 'g'))].map((m) => ({ port: Number(m[1]), pid: Number(m[2]) }));
  const restarted = [...output.matchAll(new RegExp(`${server} restarted \\(pid (\\d+), port (\\d+)\\)`, 'g'))].map((m) => ({ pid: Number(m[1]), port: Number(m[2]) }));
  return [...started, ...restarted].reverse();
}

/**
 * Postgres and Redis run the way `npm start` runs them: started by
 * `scripts/infra.js start` in a data directory of their own, with generated
 * passwords, and restarted by its supervisor when they die. The drill kills
 * the real server processes; the supervisor process goes when this one goes
 * (an IPC channel).
 */
export class ServerSupervisor {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly databaseUrl: string,
    readonly redisUrl: string,
  ) {}

  static async start(dataDir: string, database: string): Promise<ServerSupervisor> {
    const infra = loadInfra();
    const env: NodeJS.ProcessEnv = { ...process.env, SDD_DATA_DIR: dataDir };
    // Given servers would be used as they are, not started and supervised.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [join(infra.repoRoot, 'scripts', 'infra.js'), 'start'], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const urls = await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`scripts/infra.js start exited with ${child.exitCode}`);
        const databaseUrl = /^DATABASE_URL=(\S+)$/m.exec(output)?.[1];
        const redisUrl = /^REDIS_URL=(\S+)$/m.exec(output)?.[1];
        return databaseUrl && redisUrl && output.includes('Press Ctrl-C') ? { databaseUrl, redisUrl } : undefined;
      },
      120000,
      100,
    ).catch((error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${output.slice(-2000)}`);
    });
    const supervisor = new ServerSupervisor(child, await ensureDatabase(urls.databaseUrl, database), urls.redisUrl);
    // The URLs carry the passwords: the log keeps the rest.
    child.stdout?.off('data', collect);
    child.stderr?.off('data', collect);
    supervisor.output = output.replace(/^(DATABASE_URL|REDIS_URL)=.*$/gm, '$1=(hidden)');
    const keep = (chunk: Buffer) => (supervisor.output += chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return supervisor;
  }

  /** The supervisor's log (restarts, with the signal each server died of). */
  get log(): string {
    return this.output;
  }

  current(server: ServerName): ServerProcess {
    const [latest] = announcedServers(this.output, server);
    if (!latest) throw new Error(`no ${server} announced`);
    return latest;
  }

  /**
   * SIGKILL of the server's main process (the postmaster, redis-server);
   * resolves once the supervisor has it answering again, on the same port,
   * with how long that took.
   */
  async kill(server: ServerName, timeoutMs = 120000): Promise<{ killed: ServerProcess; restarted: ServerProcess; downMs: number }> {
    const killed = this.current(server);
    const killedAt = Date.now();
    process.kill(killed.pid, 'SIGKILL');
    const restarted = await waitFor(
      () => {
        const latest = this.current(server);
        return latest.pid !== killed.pid ? latest : undefined;
      },
      timeoutMs,
      50,
    );
    if (restarted.port !== killed.port) throw new Error(`${server} came back on another port (${restarted.port}, not ${killed.port})`);
    return { killed, restarted, downMs: Date.now() - killedAt };
  }

  /** Ctrl-C: the supervisor stops its servers and exits. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60000).unref())]);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/** The drill's database beside the one `scripts/infra.js start` makes (tests only run against a *test* database). */
async function ensureDatabase(url: string, database: string): Promise<string> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
  const withDatabase = new URL(url);
  withDatabase.pathname = `/${database}`;
  return withDatabase.toString();
}
