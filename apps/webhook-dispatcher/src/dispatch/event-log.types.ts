import { AttemptTrigger, Mode } from '@sdd/contracts';
import { SealedSecrets } from '../endpoints/signing-secrets';

/**
 * The event log's words. A "message destination" is one event bound for one
 * endpoint (Svix's term): its status, round and attempt count. An attempt is
 * one HTTP request to that destination. "Delivery" is kept for the courier
 * deliveries the events are about (`deliveryId`).
 */

/** An event as the dispatcher keeps it: `body` is the exact JSON every attempt sends. */
export interface StoredEvent {
  id: string;
  merchantId: string;
  mode: Mode;
  type: string;
  deliveryId: string | null;
  body: string;
  createdAt: Date;
}

export type DestinationStatus = 'pending' | 'succeeded' | 'failed';

/** Everything one attempt needs, read in one query. */
export interface AttemptContext {
  status: DestinationStatus;
  /** 0, then one more each time a recovery sent the failed destination again. */
  round: number;
  attemptCount: number;
  nextAttemptAt: Date | null;
  body: string;
  /** `failing`: in a run of failures (auto-disable), so a success must be counted. */
  endpoint: { id: string; url: string; active: boolean; failing: boolean } & SealedSecrets;
}

export interface AttemptRecord {
  id: string;
  eventId: string;
  endpointId: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: Date;
}

/** An `attempts` row as stored. */
export interface AttemptRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  number: number | null;
  trigger: AttemptTrigger;
  succeeded: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_retry_at: Date | null;
  created_at: Date;
}

export interface DestinationRow {
  event_id: string;
  endpoint_id: string;
  round: number;
  status: DestinationStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
}

export interface EventRow {
  id: string;
  body: string;
  created_at: Date;
}
