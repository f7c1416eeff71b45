import { UnrecoverableError } from 'bullmq';
import { DELIVERY_STATUSES, DeliveryStatus } from '@sdd/contracts';

/** A step of a delivery's timeline job: the status it moves to, and when (ms since the epoch). */
export interface TimelineJobStep {
  status: DeliveryStatus;
  dueAt: number;
}

/**
 * A test delivery's job: the steps still ahead, the first one when it comes
 * due. The job runs its due step, then hands the steps after it to a new job
 * (timelineJobId: one id per delivery and step); the step reads the delivery
 * as it is when it runs.
 */
export interface TimelineJob {
  deliveryId: string;
  steps: TimelineJobStep[];
}

/** The job of a delivery whose steps are due `delayMs` after `now`, in due order. */
export function timelineJobOf(deliveryId: string, now: Date, delays: ReadonlyArray<{ status: DeliveryStatus; delayMs: number }>): TimelineJob {
  const at = now.getTime();
  const steps = delays.map(({ status, delayMs }) => ({ status, dueAt: at + delayMs })).sort((a, b) => a.dueAt - b.dueAt);
  return { deliveryId, steps };
}

/**
 * The step to run at `now`: the last one whose time has come, since a step
 * catches the delivery up through those before it (several come due together
 * after a restart); undefined when none has.
 */
export function dueStep(job: TimelineJob, now: number): TimelineJobStep | undefined {
  let due: TimelineJobStep | undefined;
  for (const step of job.steps) if (step.dueAt <= now) due = step;
  return due;
}

/** The job that goes on after `ran`: the steps after it; undefined once none is left. */
export function jobAfter(job: TimelineJob, ran: TimelineJobStep): TimelineJob | undefined {
  const steps = job.steps.slice(job.steps.indexOf(ran) + 1);
  return steps.length > 0 ? { deliveryId: job.deliveryId, steps } : undefined;
}

/**
 * A job's id: the delivery's and its first step's, so scheduling a step
 * that has its job already (a reschedule of a step still waiting, a step
 * handed on twice) adds nothing. BullMQ ids cannot hold ':'.
 */
export function timelineJobId(job: TimelineJob): string {
  return `${job.deliveryId}.${job.steps[0].status}`;
}

const isStatus = (value: unknown): value is DeliveryStatus => (DELIVERY_STATUSES as readonly unknown[]).includes(value);

/** A job's data, checked: a malformed job fails for good rather than being retried. */
export function readTimelineJob(data: unknown): TimelineJob {
  const job = (data ?? {}) as { deliveryId?: unknown; steps?: unknown };
  const steps = Array.isArray(job.steps) ? (job.steps as Array<Partial<Record<keyof TimelineJobStep, unknown>>>) : undefined;
  if (typeof job.deliveryId !== 'string' || job.deliveryId.length === 0 || !steps || !steps.every((step) => isStatus(step?.status) && Number.isFinite(step?.dueAt))) {
    throw new UnrecoverableError(`not a timeline job: ${JSON.stringify(data)?.slice(0, 200)}`);
  }
  return { deliveryId: job.deliveryId, steps: steps.map((step) => ({ status: step.status as DeliveryStatus, dueAt: step.dueAt as number })) };
}
