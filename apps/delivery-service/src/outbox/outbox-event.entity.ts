import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeliveryEvent } from '@sdd/contracts';

/**
 * A domain event written in the same transaction as the state change that
 * caused it, so that no change is ever without its event; the relay hands it
 * to each subscriber (outbox_handoffs) until that subscriber acknowledges it.
 */
@Entity({ name: 'outbox_events' })
export class OutboxEventEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'text' })
  deliveryId!: string;

  @Column({ type: 'integer' })
  sequence!: number;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: DeliveryEvent['data'];

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
