import { AttemptTrigger } from '@sdd/contracts';

/** An attempt as just made: one HTTP request to a message destination. */
export interface AttemptRecord {
  id: string;
  eventId: string;
  endpointId: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the receiver's response body; null when no response came. */
  responseBodyExcerpt: string | null;
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
  response_body_excerpt: string | null;
  next_retry_at: Date | null;
  created_at: Date;
}
