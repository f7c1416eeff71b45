import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Batcher, createRedis, measureOnScrape, Metrics } from '@sdd/common';
import { DeliveryStatus, ServiceQueue } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { stepDelays, stepDelaysAfter, TEST_TIMELINE, TimelineSteps } from './test-timeline';

/** A step whose time has come, as the timer hands it out: `dueAt` when it was due (or when its last lease ran out). */
export interface DueStep {
  member: string;
  deliveryId: string;
  status: DeliveryStatus;
  dueAt: number;
}

/**
 * Takes up to ARGV[2] steps due by ARGV[1] and leases them until ARGV[3] (their
 * score moves there: a step whose runner dies comes due again then), and says
 * when the next one is due. One round trip for a whole batch of steps.
 */
const CLAIM_DUE_LUA = `local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[2])
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], ARGV[3], due[i]) end
local nextDue = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {due, nextDue[2] or false}`;

type TimerConnection = Redis & { claimDue(key: string, now: number, limit: number, leaseUntil: number): Promise<[string[], string | null]> };

/** The timer's backlog at one instant. */
export interface TimelineBacklog {
  /** Steps whose time has come that no runner holds. */
  due: number;
  /** Steps not yet due, and steps leased to a runner. */
  scheduled: number;
  /** How long the oldest due step has waited; 0 when none is due. */
  oldestDueAgeMs: number;
}

/** A step in the timer: the delivery and the status it moves to. Delivery ids hold no '|'. */
export function stepMember(deliveryId: string, status: DeliveryStatus): string {
  if (deliveryId.includes('|')) throw new RangeError(`delivery id ${deliveryId} cannot be part of a step`);
  return `${deliveryId}|${status}`;
}

export function parseStepMember(member: string): { deliveryId: string; status: DeliveryStatus } | undefined {
  const at = member.lastIndexOf('|');
  if (at <= 0 || at === member.length - 1) return undefined;
  return { deliveryId: member.slice(0, at), status: member.slice(at + 1) as DeliveryStatus };
}

/**
 * The steps of test deliveries' simulated timelines, in one Redis sorted set
 * scored by when each is due (not a BullMQ job per step: three scripts per
 * step were a third of a sustained creation's cost, issue 16). Redis
 * (appendonly) keeps them across restarts; when it loses them anyway, the
 * timeline reconciler schedules them again from the delivery's own record.
 */
@Injectable()
export class TimelineQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connection: TimerConnection;
  readonly key: string;
  /** Told the earliest due time of the steps this process schedules, so its runner need not poll for them. */
  onScheduled?: (dueAt: number) => void;
  /** Steps run together are taken out of the set together. */
  private readonly removals = new Batcher<string, void>((members) => this.remove(members), { maxSize: 500, maxConcurrent: 2 });
  private stopMeasuring: () => void = () => undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig) {
    const connection = createRedis(config.REDIS_URL, { maxRetriesPerRequest: 3, connectionName: 'delivery-timeline-producer' });
    connection.defineCommand('claimDue', { numberOfKeys: 1, lua: CLAIM_DUE_LUA });
    this.connection = connection as TimerConnection;
    this.key = `${config.BUS_PREFIX}:${ServiceQueue.DeliveryTimeline}:due`;
  }

  async schedule(deliveryId: string, startAt: Date, now: Date, steps: TimelineSteps = TEST_TIMELINE): Promise<void> {
    await this.add(deliveryId, now, stepDelays(startAt, now, this.config.TIMELINE_SPEED, steps));
  }

  /**
   * Schedules again the steps after `current`, for a delivery whose next step
   * is overdue: lost with Redis data, or never added (a crash or a Redis
   * error right after the commit). A step still in the set keeps its time.
   */
  async reschedule(deliveryId: string, startAt: Date, now: Date, current: DeliveryStatus, steps: TimelineSteps = TEST_TIMELINE): Promise<void> {
    await this.add(deliveryId, now, stepDelaysAfter(startAt, now, this.config.TIMELINE_SPEED, current, steps));
  }

  /** Up to `limit` due steps, each leased for `leaseMs`, and when the next step (or lease) is due, if any. */
  async claimDue(now: number, limit: number, leaseMs: number): Promise<{ steps: DueStep[]; nextDueAt: number | undefined }> {
    const [flat, nextDue] = await this.connection.claimDue(this.key, now, limit, now + leaseMs);
    const steps: DueStep[] = [];
    for (let i = 0; i < flat.length; i += 2) {
      const step = parseStepMember(flat[i]);
      if (step) steps.push({ member: flat[i], ...step, dueAt: Number(flat[i + 1]) });
    }
    return { steps, nextDueAt: nextDue === null ? undefined : Number(nextDue) };
  }

  /** A leased step's score is its lease's end, so it counts as scheduled until the lease runs out. One round trip. */
  async backlog(now: number): Promise<TimelineBacklog> {
    const replies = await this.connection.multi().zcount(this.key, '-inf', now).zcard(this.key).zrange(this.key, 0, 0, 'WITHSCORES').exec();
    const [due, all, first] = (replies ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    }) as [number, number, string[]];
    const firstDueAt = first.length === 2 ? Number(first[1]) : undefined;
    return { due, scheduled: all - due, oldestDueAgeMs: firstDueAt !== undefined && firstDueAt <= now ? now - firstDueAt : 0 };
  }

  /** Measured at each metrics scrape: every replica reports the one shared set, like the queue depths. */
  onApplicationBootstrap(): void {
    this.stopMeasuring = measureOnScrape(async () => {
      const { due, scheduled, oldestDueAgeMs } = await this.backlog(Date.now());
      Metrics.timelineSteps.set({ state: 'due' }, due);
      Metrics.timelineSteps.set({ state: 'scheduled' }, scheduled);
      Metrics.timelineOldestDueAge.set(oldestDueAgeMs / 1000);
    });
  }

  /** A step that ran (or never can): out of the set. */
  done(member: string): Promise<void> {
    return this.removals.add(member);
  }

  private async add(deliveryId: string, now: Date, steps: Array<{ status: DeliveryStatus; delayMs: number }>): Promise<void> {
    if (steps.length === 0) return;
    const at = now.getTime();
    await this.connection.zadd(this.key, 'NX', ...steps.flatMap(({ status, delayMs }) => [at + delayMs, stepMember(deliveryId, status)]));
    this.onScheduled?.(at + Math.min(...steps.map(({ delayMs }) => delayMs)));
  }

  private async remove(members: string[]): Promise<void[]> {
    await this.connection.zrem(this.key, ...members);
    return members.map(() => undefined);
  }

  /** Last: running handlers (bus, timeline runner) may still schedule steps while they finish. */
  async onApplicationShutdown(): Promise<void> {
    this.stopMeasuring();
    await this.connection.quit().catch(() => undefined);
  }
}
