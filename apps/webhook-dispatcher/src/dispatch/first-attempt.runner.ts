import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { WEBHOOK_TIMEOUT_MS } from './attempt-limits';
import { ATTEMPT_SLOTS, AttemptSlots, Release, SlotTicket } from './attempt-slots';
import { AttemptJob, attemptJobId, AttemptQueue } from './attempt.queue';
import { MakeScheduledAttemptHandler } from './make-scheduled-attempt.handler';
import { FirstAttempt } from './message-send.repository';

/** The longest a first attempt waits for a slot here before it goes to the queue, where any replica can take it. */
export const MAX_WAIT_MS = 5_000;
/** First attempts waiting for a slot here at most, per slot: a replica takes on what it sends in a few round trips, the queue keeps the rest. */
const WAITING_PER_SLOT = 4;
/** A batch's cover job comes due after the longest its attempts can take here (the wait, the request, recording them), so it finds only what a dead replica left. */
export const COVER_AFTER_MS = MAX_WAIT_MS + WEBHOOK_TIMEOUT_MS + 15_000;

interface Waiting extends FirstAttempt {
  since: number;
  ticket: SlotTicket;
}

/**
 * Makes the first attempts of the events this replica just stored, at once
 * and in this process, instead of one queued job each: a job's trips to
 * Redis cost more than the signed request itself. Nothing rests on memory:
 * before the events are acknowledged, one delayed job covers the whole batch
 * (COVER_AFTER_MS later it makes whichever attempt is still unmade: the
 * replica died, or its database was down), and an attempt with no room here
 * (too many waiting, waiting too long, shutting down) is queued as its own
 * job for any replica to take.
 */
@Injectable()
export class FirstAttemptRunner implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FirstAttemptRunner.name);
  /** Attempts waiting for a slot, oldest first (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Waiting>();
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly handler: MakeScheduledAttemptHandler,
    private readonly queue: AttemptQueue,
    @Inject(ATTEMPT_SLOTS) private readonly slots: AttemptSlots,
  ) {}

  /**
   * Covers the attempts with one job, then starts them here as slots free up;
   * those there is no room for are queued. Resolves once every attempt is
   * covered or queued: their events can then be acknowledged. An attempt
   * already waiting or running here (an event offered again) is left to that run.
   */
  async start(firsts: FirstAttempt[]): Promise<void> {
    const fresh = firsts.filter(({ attempt }) => !this.isHeld(attemptJobId(attempt)));
    if (fresh.length === 0) return;
    await this.queue.cover(
      fresh.map(({ attempt }) => attempt),
      new Date(Date.now() + COVER_AFTER_MS),
    );
    const room = Math.max(0, this.closed ? 0 : this.slots.size * WAITING_PER_SLOT - this.waiting.size);
    for (const first of fresh.slice(0, room)) this.begin(first);
    await this.queue.add(fresh.slice(room).map(({ attempt }) => attempt));
  }

  /** Shutting down: nothing new starts here, the waiting go to the queue, the running finish and are recorded. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.handOver([...this.waiting.keys()]);
    await Promise.all(this.running.values());
  }

  /** Whether this attempt waits or runs here now: a cover job or the sweep that meets it leaves it be. */
  holds(attempt: AttemptJob): boolean {
    return this.isHeld(attemptJobId(attempt));
  }

  /**
   * Runs an attempt the queue gave this replica (its own job, or one its cover job found unmade), held like a
   * first attempt while it runs, unless the same attempt already waits or runs here: else a cover job coming
   * due while the job a long wait handed over still waits for a slot, or an event offered again meanwhile,
   * would send it twice. The run that holds it records it and queues what follows.
   */
  async runUnlessHeld(attempt: AttemptJob, run: () => Promise<void>): Promise<void> {
    const key = attemptJobId(attempt);
    if (this.isHeld(key)) return;
    const running = run();
    this.running.set(
      key,
      running.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      await running;
    } finally {
      this.running.delete(key);
    }
  }

  /** Queues the attempts waiting here longer than MAX_WAIT_MS (StaleFirstAttemptsTask), for any replica to take. */
  async queueStale(): Promise<void> {
    const before = Date.now() - MAX_WAIT_MS;
    const stale: string[] = [];
    for (const [key, { since }] of this.waiting) {
      if (since > before) break;
      stale.push(key);
    }
    await this.handOver(stale);
  }

  private isHeld(key: string): boolean {
    return this.waiting.has(key) || this.running.has(key);
  }

  private begin(first: FirstAttempt): void {
    const key = attemptJobId(first.attempt);
    const ticket = this.slots.acquire();
    this.waiting.set(key, { ...first, since: Date.now(), ticket });
    void ticket.granted.then((release) => this.run(key, first, release));
  }

  private run(key: string, { attempt, context }: FirstAttempt, release: Release): void {
    this.waiting.delete(key);
    const running = this.handler
      .execute(attempt, context)
      .catch((error: Error) => {
        this.logger.warn(`first attempt of ${attempt.eventId} to ${attempt.endpointId} failed, left to its cover job: ${error.message}`);
      })
      .finally(() => {
        release();
        this.running.delete(key);
      });
    this.running.set(key, running);
  }

  /** Takes these waiting attempts out of line and queues them; one granted meanwhile runs here after all. */
  private async handOver(keys: string[]): Promise<void> {
    const handed: AttemptJob[] = [];
    for (const key of keys) {
      const entry = this.waiting.get(key);
      if (entry?.ticket.cancel()) {
        this.waiting.delete(key);
        handed.push(entry.attempt);
      }
    }
    if (handed.length === 0) return;
    await this.queue.add(handed).catch((error: Error) => {
      this.logger.warn(`${handed.length} first attempts not queued, left to their cover jobs: ${error.message}`);
    });
  }
}
