import { EventTally } from './event-tally';

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
  /** Webhook endpoints the dispatcher disabled (failing at over 90 % for 24 h). */
  disabledEndpoints: number;
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
      `GET /v1/events lists ${events.listed} of ${events.expected} events` +
        (events.receivedUnlisted > 0 ? ` and misses ${events.receivedUnlisted} that were received` : ''),
    );
  }
  const errors = Object.fromEntries(Object.entries(statuses).filter(([label]) => Number(label) >= 500 && label !== '503'));
  if (sum(errors) > 0) reasons.push(`5xx other than 503: ${list(errors)}`);
  const refused = sum(deliveries.refused);
  if (refused > 0) reasons.push(`${refused} of ${deliveries.requested} delivery requests never got a 201 (last answer: ${list(deliveries.refused)})`);
  if (deliveries.extra > 0) reasons.push(`${deliveries.extra} deliveries exist that no 201 returned`);
  return reasons;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
    `restarts: ${list(figures.restarts) || 'none'}; webhook endpoints disabled: ${figures.disabledEndpoints}`,
    `settled: ${figures.settleMs === null ? 'never (deadline passed)' : `${seconds(figures.settleMs)} after the fault ended`}`,
    `VERDICT ${figures.drill}: ${reasons.length === 0 ? 'PASS' : `FAIL: ${reasons.join('; ')}`}`,
  ];
}
