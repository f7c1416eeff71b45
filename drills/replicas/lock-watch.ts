import { Client } from 'pg';
import { HeldLock, LockTally, tallyLockSamples } from './lock-overlap';

const SAMPLE_MS = 100;

/**
 * Snapshots of the advisory locks held in Postgres, every 100 ms while a
 * drill runs: the lock-guarded tasks (libs/runtime/src/tasks/replica-lock.ts,
 * OneReplicaTask and the outbox relay's lanes) hold theirs for a pass. A lock
 * held by two backends at once would be one task running on two replicas
 * together. Samples, so a short overlap may go unseen; an overlap seen is real.
 * A snapshot that fails (Postgres down) is skipped.
 */
export class LockWatch {
  private readonly samples: HeldLock[][] = [];
  private stopped = false;
  private readonly running: Promise<void>;

  private constructor(private readonly databaseUrl: string) {
    this.running = this.sampleUntilStopped();
  }

  static start(databaseUrl: string): LockWatch {
    return new LockWatch(databaseUrl);
  }

  private async sampleUntilStopped(): Promise<void> {
    let client: Client | undefined;
    while (!this.stopped) {
      try {
        if (!client) {
          client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000 });
          client.on('error', () => undefined);
          await client.connect();
        }
        const { rows } = await client.query<{ key: string; holders: number[] }>(
          `SELECT classid::text || ':' || objid::text || ':' || objsubid::text AS key, array_agg(pid) AS holders
             FROM pg_locks WHERE locktype = 'advisory' AND granted GROUP BY classid, objid, objsubid`,
        );
        this.samples.push(rows);
      } catch {
        await client?.end().catch(() => undefined);
        client = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
    await client?.end().catch(() => undefined);
  }

  async stop(): Promise<LockTally> {
    this.stopped = true;
    await this.running;
    return tallyLockSamples(this.samples);
  }
}
