import { AnswerTally } from './answer-log';
import { EventTally } from './event-tally';
import { LockTally } from './replicas/lock-overlap';
import { ANSWER_BOUND_MS, OverloadFigures, RECOVERY_BOUND_MS } from './overload-watch';

export interface DeliveryTally {
  /** Delivery requests the merchants made (each with its own Idempotency-Key). */
  requested: number;
  /** Requests answered 201 (first time or replayed). */
  accepted: number;
  /** Requests with no 201 by their deadline, by their last answer. */
  refused: Record<string, number>;
  /** Accepted deliveries that reached `delivered`. */
  delivered: number;
  /** Accepted deliveries not delivered at the end, by status (`missing`: not listed at all). */
  stuck: Record<string, number>;
  /** Listed deliveries that no 201 returned: created by a request whose answer never came, or a second time. */
  extra: number;
}

export interface DrillFigures {
  drill: string;
  /** What was done, e.g. "postgres down 20.0 s". */
  fault: string;
  deliveries: DeliveryTally;
  events: EventTally;
  /** Every HTTP answer the drill got (load and checks), by status. */
  statuses: Record<string, number>;
  /** The 5xx among them by status and route. */
  serverErrors: Record<string, number>;
  /** From the end of the fault until everything was delivered, received and listed; null if that never happened. */
  settleMs: number | null;
  /** Restarts by supervision, by app. */
  restarts: Record<string, number>;
  /** Of those, the exits at the V8 heap limit (docs/decisions/0010-v8-heap-limits.md), by app. */
  heapLimitDeaths: Record<string, number>;
  /** Each app's peak resident memory over the drill, MB (its processes' high-water marks). */
  peakResidentMb: Record<string, number>;
  /** Webhook endpoints the dispatcher disabled (failing at over 90 % for 24 h). */
  disabledEndpoints: number;
  /** Every answer's time, judged by the overload drill only (the other faults make requests wait on purpose). */
  answers: AnswerTally;
  /** Why connections failed (the socket error), by cause. */
  connectionErrorCauses?: Record<string, number>;
  /** The overload drill's: idle latency, recovery, shedding. */
  overload?: OverloadFigures;
  /** The replicated drills' (several processes of every app): what shows each piece of work done once. */
  replicas?: ReplicaFigures;
}

export interface ReplicaFigures {
  processesPerApp: number;
  /** Connections the balancer passed to each gateway process. */
  gatewayConnections: number[];
  /** The advisory locks of the lock-guarded tasks, from pg_locks snapshots (replicas/lock-watch.ts). */
  locks: LockTally;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([label, n]) => `${label} ×${n}`)
    .join(', ');

/** Why the drill fails; empty when it passes. */
export function judge(figures: DrillFigures): string[] {
  const { deliveries, events, statuses } = figures;
  const reasons: string[] = [];
  const stuck = sum(deliveries.stuck);
  if (stuck > 0) reasons.push(`${stuck} of ${deliveries.accepted} accepted deliveries never reached delivered (${list(deliveries.stuck)})`);
  if (events.received < events.expected) {
    reasons.push(`${events.expected - events.received} of ${events.expected} events never reached the receiver with a valid signature`);
  }
  if (events.badSignatures > 0) reasons.push(`${events.badSignatures} receipts with a bad signature`);
  if (events.listed < events.expected || events.receivedUnlisted > 0) {
    reasons.push(
      `GET /v1/events lists ${events.listed} of ${events.expected} events` + (events.receivedUnlisted > 0 ? ` and misses ${events.receivedUnlisted} that were received` : ''),
    );
  }
  const errors = Object.fromEntries(Object.entries(statuses).filter(([label]) => Number(label) >= 500 && label !== '503'));
  if (sum(errors) > 0) reasons.push(`5xx other than 503: ${list(errors)}`);
  // Never a fault a drill injects: the heap limits are sized to leave the live set room under any load.
  if (sum(figures.heapLimitDeaths) > 0) reasons.push(`apps died at their V8 heap limit: ${list(figures.heapLimitDeaths)}`);
  const refused = sum(deliveries.refused);
  // Under overload a delivery request may be refused to the end (503 after 503): the system owes it an answer in time, not a delivery.
  if (figures.overload) reasons.push(...judgeOverload(figures));
  else if (refused > 0) reasons.push(`${refused} of ${deliveries.requested} delivery requests never got a 201 (last answer: ${list(deliveries.refused)})`);
  if (deliveries.extra > 0) reasons.push(`${deliveries.extra} deliveries exist that no 201 returned`);
  if (figures.replicas) reasons.push(...judgeReplicas(figures, figures.replicas));
  return reasons;
}

/**
 * Several processes of every app: each state change emitted once (one event
 * id per delivery and type), each lock-guarded task on one replica at a time.
 * The balancer's connections per gateway are printed, not judged: the
 * merchants keep their connections open, so a short drill may open only a
 * few, and which gateway gets them is the rotation's business.
 */
function judgeReplicas({ events }: DrillFigures, { locks }: ReplicaFigures): string[] {
  const reasons: string[] = [];
  if (events.doubleEmitted > 0) reasons.push(`${events.doubleEmitted} (delivery, event type) pairs emitted under two event ids: a step applied twice`);
  if (locks.overlaps > 0) reasons.push(`in ${locks.overlaps} of ${locks.samples} pg_locks snapshots a task's advisory lock was held by two backends at once`);
  if (locks.locks === 0) reasons.push(`no advisory lock was seen held in ${locks.samples} pg_locks snapshots: the check of the lock-guarded tasks saw nothing`);
  return reasons;
}

/** The overload drill's own criteria: every answer within 2 s, no connection closed under a request, no restart, back to idle within 10 s. */
function judgeOverload({ answers, restarts, overload }: DrillFigures): string[] {
  const reasons: string[] = [];
  if (answers.late > 0) reasons.push(`${answers.late} of ${answers.answers} requests were not answered within ${ANSWER_BOUND_MS / 1000} s (slowest ${answers.slowestMs} ms)`);
  if (answers.timeouts > 0) reasons.push(`${answers.timeouts} requests got no answer at all`);
  if (answers.connectionErrors > 0) reasons.push(`${answers.connectionErrors} requests had their connection closed or refused`);
  if (answers.refusalsWithoutRetryAfter > 0) reasons.push(`${answers.refusalsWithoutRetryAfter} 429/503 answers without Retry-After`);
  if (sum(restarts) > 0) reasons.push(`apps restarted: ${list(restarts)}`);
  const recovery = overload?.recoveryMs ?? null;
  if (recovery === null || recovery > RECOVERY_BOUND_MS) {
    reasons.push(
      `latency was not back to its idle figure (${overload?.idleMs} ms) within ${RECOVERY_BOUND_MS / 1000} s after the burst (${recovery === null ? 'never' : seconds(recovery)})`,
    );
  }
  return reasons;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function overloadLines({ answers, overload, connectionErrorCauses }: DrillFigures): string[] {
  if (!overload) return [];
  const { shedding } = overload;
  return [
    `answers: ${answers.answers}, slowest ${answers.slowestMs} ms, over ${ANSWER_BOUND_MS / 1000} s ${answers.late}, no answer ${answers.timeouts}, ` +
      `connections closed ${answers.connectionErrors}${answers.connectionErrors ? ` (${list(connectionErrorCauses ?? {})})` : ''}, ` +
      `429/503 without Retry-After ${answers.refusalsWithoutRetryAfter}`,
    shedding.startedAfterS === null
      ? `shedding: none at ${overload.offeredPerSecond} deliveries/s offered`
      : `shedding: ${shedding.shed} refused (503), from ${shedding.startedAfterS} s into the burst; served (2xx/s) when it started ${shedding.servedPerSecondAtStart}, ` +
        `while shedding ${shedding.servedPerSecondWhileShedding}; offered ${overload.offeredPerSecond} deliveries/s (${2 * overload.offeredPerSecond} requests/s)`,
    `latency: idle ${overload.idleMs} ms; back to idle ${overload.recoveryMs === null ? 'never' : `${seconds(overload.recoveryMs)} after the burst`}; ` +
      `the load generator's own event-loop delay p99 ${overload.generatorDelayMs.p99} ms, max ${overload.generatorDelayMs.max} ms`,
  ];
}

function replicaLines({ replicas }: DrillFigures): string[] {
  if (!replicas) return [];
  const { processesPerApp, gatewayConnections, locks } = replicas;
  return [
    `replicas: ${processesPerApp} processes of every app; balancer connections per gateway ${gatewayConnections.join('/')}; ` +
      `advisory locks: ${locks.locks} seen held by ${locks.backends} backends in ${locks.samples} snapshots, held by two at once in ${locks.overlaps}`,
  ];
}

/** The figures and the verdict as printed; the last line is the verdict. */
export function report(figures: DrillFigures, reasons: readonly string[]): string[] {
  const { deliveries, events } = figures;
  return [
    `drill ${figures.drill}: ${figures.fault}`,
    `deliveries: requested ${deliveries.requested}, accepted (201) ${deliveries.accepted}, delivered ${deliveries.delivered}, ` +
      `stuck ${sum(deliveries.stuck)}${sum(deliveries.stuck) ? ` (${list(deliveries.stuck)})` : ''}, ` +
      `never accepted ${sum(deliveries.refused)}${sum(deliveries.refused) ? ` (${list(deliveries.refused)})` : ''}, extra ${deliveries.extra}`,
    `events: expected ${events.expected}, received ${events.received}, listed ${events.listed}, received but unlisted ${events.receivedUnlisted}, ` +
      `receipts ${events.receipts}, duplicate receipts ${events.duplicateReceipts}, bad signatures ${events.badSignatures}, emitted twice ${events.doubleEmitted}`,
    `http: ${list(figures.statuses) || 'none'}${Object.keys(figures.serverErrors).length ? `; 5xx: ${list(figures.serverErrors)}` : ''}`,
    `restarts: ${list(figures.restarts) || 'none'} (at the heap limit: ${list(figures.heapLimitDeaths) || 'none'}); webhook endpoints disabled: ${figures.disabledEndpoints}`,
    `peak resident memory, MB: ${
      Object.entries(figures.peakResidentMb)
        .map(([app, mb]) => `${app} ${mb}`)
        .join(', ') || 'not read'
    }`,
    ...overloadLines(figures),
    ...replicaLines(figures),
    `settled: ${figures.settleMs === null ? 'never (deadline passed)' : `${seconds(figures.settleMs)} after the fault ended`}`,
    `VERDICT ${figures.drill}: ${reasons.length === 0 ? 'PASS' : `FAIL: ${reasons.join('; ')}`}`,
  ];
}
