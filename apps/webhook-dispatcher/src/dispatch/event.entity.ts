import { Mode } from '@sdd/contracts';

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

/** An `events` row as read back. */
export interface EventRow {
  id: string;
  body: string;
  created_at: Date;
}
