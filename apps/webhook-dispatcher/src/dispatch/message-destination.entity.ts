/**
 * The event log's words. A "message destination" is one event bound for one
 * endpoint (Svix's term): its status, round and attempt count. An attempt is
 * one HTTP request to that destination (attempt.entity.ts). "Delivery" is
 * kept for the courier deliveries the events are about (`deliveryId`).
 */

export type DestinationStatus = 'pending' | 'succeeded' | 'failed';

/** A `message_destinations` row as stored. */
export interface DestinationRow {
  event_id: string;
  endpoint_id: string;
  round: number;
  status: DestinationStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
}
