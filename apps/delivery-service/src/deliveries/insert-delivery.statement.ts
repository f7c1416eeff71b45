import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_SUBSCRIPTIONS, EventType } from '@sdd/contracts';
import { entityInsert, EntityInsert, PreparedStatement, preparedStatement, runPrepared } from '@sdd/persistence';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { DeliveryEntity } from './delivery.entity';

/**
 * A new delivery, its first event and that event's hand-offs as one prepared
 * statement (data-modifying CTEs): one round trip and one commit instead of a
 * transaction of five statements, on the path every creation takes.
 */
@Injectable()
export class InsertDeliveryStatement {
  private readonly deliveries: EntityInsert<DeliveryEntity>;
  private readonly events: EntityInsert<OutboxEventEntity>;
  private readonly statement: PreparedStatement;

  constructor(private readonly dataSource: DataSource) {
    this.deliveries = entityInsert(dataSource, DeliveryEntity);
    this.events = entityInsert(dataSource, OutboxEventEntity);
    const handoffs = this.deliveries.columnCount + this.events.columnCount;
    this.statement = preparedStatement(
      dataSource,
      'insert-delivery',
      `WITH delivery AS (${this.deliveries.sql()}), event AS (${this.events.sql(this.deliveries.columnCount)})
       INSERT INTO {schema}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
       SELECT unnest($${handoffs + 1}::text[]), $${handoffs + 2}, $${handoffs + 3}, $${handoffs + 4}, $${handoffs + 5}`,
    );
  }

  /** `event` is the delivery's first, numbered already (`delivery.eventSequence` counts it). */
  async run(delivery: DeliveryEntity, event: OutboxEventEntity): Promise<void> {
    const subscribers = EVENT_SUBSCRIPTIONS[event.type as EventType];
    await runPrepared(this.dataSource, this.statement, [
      ...this.deliveries.values(delivery),
      ...this.events.values(event),
      subscribers,
      event.id,
      event.createdAt,
      event.deliveryId,
      event.sequence,
    ]);
  }
}
