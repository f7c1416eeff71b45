/**
 * The bare BullMQ request/reply loop every bench compares against: a worker
 * that answers, a client awaiting `job.waitUntilFinished` on one shared
 * QueueEvents. The yardstick of issue 16: what one round trip costs on this
 * machine's Redis with no application around it.
 */
import { Job, JobsOptions, Queue, QueueEvents, Worker } from 'bullmq';

const BASELINE_QUEUE = 'bench-baseline';
/** Far above any latency we expect, so a slow request counts in p99 instead of being cut off as an error. */
const TIMEOUT_MS = 30_000;

export interface EchoPayload {
  n: number;
  /** A body of typical request size, so serialisation costs something. */
  body: string;
}

export const BODY = 'x'.repeat(128);

export interface Transport {
  readonly name: 'ours' | 'baseline';
  send(payload: EchoPayload): Promise<EchoPayload>;
  close(): Promise<void>;
}

/**
 * Completed jobs are kept for a minute, not removed at once: waitUntilFinished
 * subscribes to QueueEvents and then checks the job's state, and a job that
 * finished and was deleted before that check is reported as failed ("missing
 * key") instead of resolving with its return value. Keeping completed jobs is
 * what the naive pattern has to pay to be correct, so the baseline pays it.
 */
const BASELINE_JOB: JobsOptions = { removeOnComplete: { age: 60 }, removeOnFail: { age: 60 }, attempts: 1 };

export async function startBaseline(redisUrl: string, prefix: string, inflight: number, concurrency: number): Promise<Transport> {
  // Options rather than a client, so BullMQ opens (and on close() closes) its own connections, as a typical app lets it.
  const connection = { url: redisUrl };
  const worker = new Worker<EchoPayload, EchoPayload>(BASELINE_QUEUE, async (job) => job.data, {
    connection,
    prefix,
    concurrency,
  });
  const queue = new Queue<Job<EchoPayload, EchoPayload, 'echo'>>(BASELINE_QUEUE, { connection, prefix });
  // The naive pattern: one QueueEvents shared by every waiting caller.
  const queueEvents = new QueueEvents(BASELINE_QUEUE, { connection, prefix });
  // Each waiting job adds a listener to the QueueEvents and a 'closing' listener to the Queue;
  // with many in flight Node would warn about a leak that is not one.
  queueEvents.setMaxListeners(inflight * 2 + 10);
  queue.setMaxListeners(inflight * 2 + 10);
  await Promise.all([worker.waitUntilReady(), queue.waitUntilReady(), queueEvents.waitUntilReady()]);
  return {
    name: 'baseline',
    send: async (payload) => {
      const job = await queue.add('echo', payload, BASELINE_JOB);
      return job.waitUntilFinished(queueEvents, TIMEOUT_MS);
    },
    close: async () => {
      await queueEvents.close();
      await queue.close();
      await worker.close();
    },
  };
}
