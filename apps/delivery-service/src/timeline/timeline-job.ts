import { createHash } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { DELIVERY_STATUSES, DeliveryStatus } from '@sdd/contracts';

/** A step of a timeline job: the status it moves to, and when (ms since the epoch). */
export interface TimelineJobStep {
  status: DeliveryStatus;
  dueAt: number;
}

/**
 * The next step of one or more test deliveries on the same schedule, and the
 * steps after it: the job comes due at its first step, runs the step for
 * each delivery, then hands the steps after it, for the deliveries still on
 * their way, to a new job. Each step reads its delivery as it is when it runs.
 */
export interface TimelineJob {
  deliveryIds: string[];
  steps: TimelineJobStep[];
}

/**
 * Deliveries in one job at most: a group merges again at each step, and a
 * job's steps run together and hold the job until the last has been written.
 */
export const MAX_DELIVERIES_PER_JOB = 200;

/** The job of a delivery whose steps are due `delayMs` after `now`, in due order. */
export function timelineJobOf(deliveryId: string, now: Date, delays: ReadonlyArray<{ status: DeliveryStatus; delayMs: number }>): TimelineJob {
  const at = now.getTime();
  const steps = delays.map(({ status, delayMs }) => ({ status, dueAt: at + delayMs })).sort((a, b) => a.dueAt - b.dueAt);
  return { deliveryIds: [deliveryId], steps };
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

/** The job that goes on after `ran` for `deliveryIds` (by default all of the job's): undefined once no step or no delivery is left. */
export function jobAfter(job: TimelineJob, ran: TimelineJobStep, deliveryIds: string[] = job.deliveryIds): TimelineJob | undefined {
  const steps = job.steps.slice(job.steps.indexOf(ran) + 1);
  return steps.length > 0 && deliveryIds.length > 0 ? { deliveryIds, steps } : undefined;
}

/** Same steps, each due within `windowMs` of the group's first member's. */
function joins(group: { first: TimelineJob; job: TimelineJob }, job: TimelineJob, windowMs: number): boolean {
  const { first } = group;
  return (
    first.steps.length === job.steps.length &&
    first.steps.every((step, i) => step.status === job.steps[i].status && Math.abs(job.steps[i].dueAt - step.dueAt) <= windowMs) &&
    group.job.deliveryIds.length + job.deliveryIds.length <= MAX_DELIVERIES_PER_JOB
  );
}

/**
 * Jobs added together, merged: a job joins the group of the earliest job
 * with the same steps, each due within `windowMs` of its own (deliveries of
 * one scenario created within `windowMs` of each other, or groups reaching a
 * step together). A group's step comes at the latest of its members' times:
 * none runs early, none more than `windowMs` late (twice that for a step a
 * scenario moves), and every step of a group costs Redis what one delivery's
 * did. A window of 0 merges nothing.
 */
export function groupTimelineJobs(jobs: readonly TimelineJob[], windowMs: number): TimelineJob[] {
  if (windowMs <= 0) return [...jobs];
  const groups: TimelineJob[] = [];
  /** The latest group opened per sequence of statuses: jobs come in order of their first step, so an older one is out of the window. */
  const open = new Map<string, { first: TimelineJob; job: TimelineJob }>();
  for (const job of [...jobs].sort((a, b) => a.steps[0].dueAt - b.steps[0].dueAt)) {
    const shape = job.steps.map((step) => step.status).join(' ');
    const group = open.get(shape);
    if (group && joins(group, job, windowMs)) {
      group.job.deliveryIds.push(...job.deliveryIds);
      group.job.steps.forEach((step, i) => (step.dueAt = Math.max(step.dueAt, job.steps[i].dueAt)));
    } else {
      const merged = { deliveryIds: [...job.deliveryIds], steps: job.steps.map((step) => ({ ...step })) };
      groups.push(merged);
      open.set(shape, { first: job, job: merged });
    }
  }
  return groups;
}

/**
 * A job's id: its deliveries' and its first step's, so adding a step that has
 * its job already (a reschedule of a step still waiting, a step handed on
 * twice) adds nothing. One delivery's job is `<delivery>.<status>`, what the
 * reconciler adds; a group's names its first delivery, its size and a digest
 * of all of them. BullMQ ids cannot hold ':'.
 */
export function timelineJobId(job: TimelineJob): string {
  const [first] = job.deliveryIds;
  const status = job.steps[0].status;
  if (job.deliveryIds.length === 1) return `${first}.${status}`;
  const digest = createHash('sha1').update(job.deliveryIds.join(' ')).digest('hex').slice(0, 16);
  return `${first}.${status}.${job.deliveryIds.length}-${digest}`;
}

const isStatus = (value: unknown): value is DeliveryStatus => (DELIVERY_STATUSES as readonly unknown[]).includes(value);
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A job's data, checked: a malformed job fails for good rather than being retried. */
export function readTimelineJob(data: unknown): TimelineJob {
  const job = (data ?? {}) as { deliveryIds?: unknown; steps?: unknown };
  const steps = Array.isArray(job.steps) ? (job.steps as Array<Partial<Record<keyof TimelineJobStep, unknown>>>) : undefined;
  const ids = Array.isArray(job.deliveryIds) ? (job.deliveryIds as unknown[]) : undefined;
  if (!ids || ids.length === 0 || !ids.every(isId) || !steps || steps.length === 0 || !steps.every((step) => isStatus(step?.status) && Number.isFinite(step?.dueAt))) {
    throw new UnrecoverableError(`not a timeline job: ${JSON.stringify(data)?.slice(0, 200)}`);
  }
  return { deliveryIds: ids, steps: steps.map((step) => ({ status: step.status as DeliveryStatus, dueAt: step.dueAt as number })) };
}
