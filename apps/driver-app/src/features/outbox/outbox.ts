/**
 * What the app must not lose when the connection drops: location reports and
 * status steps. Each is kept (localStorage) until the API has answered it, and
 * replayed in the order it was made.
 *
 * Replaying is idempotent: a location sent twice only repeats a position, and
 * a step the API already recorded (the answer was lost with the connection)
 * is refused with 409 `delivery_transition_invalid` and changes nothing, so
 * for a step that was attempted before, that answer means it arrived.
 */
import type { StatusReport } from '../delivery/delivery-steps';

/** What is queued: `attempted` once a send got no answer (it may have arrived). */
export type NewOutboxEntry = { kind: 'location'; lat: number; lng: number } | { kind: 'status'; deliveryId: string; report: StatusReport };
export type OutboxEntry = NewOutboxEntry & { id: string; attempted: boolean };

/** What one send produced: the API's answer (for a step, where the delivery stands after it), or no answer at all. */
export type SendResult = { status: number; code?: string; message?: string; deliveryStatus?: string } | 'no_answer';

export type Verdict = 'done' | 'retry' | 'rejected';

/** Locations beyond this are dropped oldest first: hours offline must not fill the phone's storage; steps are always kept. */
export const MAX_QUEUED_LOCATIONS = 200;

export function verdictOf(entry: OutboxEntry, result: SendResult): Verdict {
  if (result === 'no_answer') return 'retry';
  if (result.status >= 200 && result.status < 300) return 'done';
  // 401: the session ended (signed out, expired, token rotated); what was made waits for the next sign-in.
  if (result.status === 401 || result.status === 429 || result.status >= 500) return 'retry';
  if (entry.kind === 'status' && entry.attempted && result.status === 409 && result.code === 'delivery_transition_invalid') return 'done';
  return 'rejected';
}

export function enqueue(entries: readonly OutboxEntry[], entry: OutboxEntry): OutboxEntry[] {
  const next = [...entries, entry];
  const locations = next.filter((queued) => queued.kind === 'location');
  if (locations.length <= MAX_QUEUED_LOCATIONS) return next;
  const dropped = new Set(locations.slice(0, locations.length - MAX_QUEUED_LOCATIONS).map((queued) => queued.id));
  return next.filter((queued) => !dropped.has(queued.id));
}

export interface ReplayOutcome {
  /** What is left, in order: the first entry that needs a retry and everything after it. */
  remaining: OutboxEntry[];
  /** Refused for good (a wrong PIN, a step the delivery no longer allows): dropped, and told to the driver. */
  rejected: Array<{ entry: OutboxEntry; result: Exclude<SendResult, 'no_answer'> }>;
  /** The answers of what was sent, in order. */
  sent: Array<{ entry: OutboxEntry; result: Exclude<SendResult, 'no_answer'> }>;
}

/**
 * Sends the entries one at a time, in order, and stops at the first that gets
 * no answer (or a 5xx, 429): a later step must never overtake an earlier one.
 */
export async function replay(entries: readonly OutboxEntry[], send: (entry: OutboxEntry) => Promise<SendResult>): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { remaining: [], rejected: [], sent: [] };
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const result = await send(entry);
    const verdict = verdictOf(entry, result);
    if (verdict === 'retry' || result === 'no_answer') {
      outcome.remaining = [{ ...entry, attempted: true }, ...entries.slice(i + 1)];
      return outcome;
    }
    (verdict === 'done' ? outcome.sent : outcome.rejected).push({ entry, result });
  }
  return outcome;
}
