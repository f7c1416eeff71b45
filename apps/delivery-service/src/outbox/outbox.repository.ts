import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { EVENT_SUBSCRIBERS, EVENT_SUBSCRIPTIONS, EventSubscriber, EventType } from '@sdd/contracts';
import type { DeliveryEvent } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { OutboxEventEntity } from './outbox-event.entity';

/** An event waiting for a subscriber, as the relay offers it. */
export interface WaitingEventRow {
  id: string;
  type: string;
  created_at: Date;
  delivery_id: string;
  merchant_id: string;
  sequence: number;
  payload: DeliveryEvent['data'];
}

export interface SubscriberLag {
  subscriber: string;
  waiting: number;
  oldestAgeMs: number;
}

/** The parameters outboxInsertSql reads: events' columns, then their hand-offs'. */
export const OUTBOX_INSERT_PARAMETERS = 10;

/**
 * The events' insert (`events`, only those of deliveries found in the CTE
 * `onlyFor` when named) and their hand-offs' (`handoffs`, one per subscriber,
 * written only for events that were), as CTEs of a caller's statement so that
 * a delivery's change and its events take one round trip. Parameters from
 * `$first`: the events' id, delivery_id, sequence, type, payload, created_at,
 * then the hand-offs' subscriber, event_id, delivery_id, sequence
 * (outboxInsertParameters). A hand-off is created when its event is.
 */
export function outboxInsertSql(first: number, onlyFor?: string): string {
  const $ = (n: number) => `$${first + n}`;
  return `events AS (
      INSERT INTO {schema}.outbox_events (id, delivery_id, sequence, type, payload, created_at)
      SELECT e.id, e.delivery_id, e.sequence, e.type, e.payload, e.created_at
      FROM unnest(${$(0)}::text[], ${$(1)}::text[], ${$(2)}::int[], ${$(3)}::text[], ${$(4)}::jsonb[], ${$(5)}::timestamptz[])
        AS e(id, delivery_id, sequence, type, payload, created_at)${
          onlyFor
            ? `
      JOIN ${onlyFor} ON ${onlyFor}.id = e.delivery_id`
            : ''
        }
      RETURNING id, created_at),
    handoffs AS (
      INSERT INTO {schema}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
      SELECT h.subscriber, h.event_id, events.created_at, h.delivery_id, h.sequence
      FROM unnest(${$(6)}::text[], ${$(7)}::text[], ${$(8)}::text[], ${$(9)}::int[]) AS h(subscriber, event_id, delivery_id, sequence)
      JOIN events ON events.id = h.event_id)`;
}

/** The OUTBOX_INSERT_PARAMETERS arrays of outboxInsertSql for these events. */
export function outboxInsertParameters(events: readonly OutboxEventEntity[]): unknown[] {
  const handoffs = events.flatMap((event) => EVENT_SUBSCRIPTIONS[event.type as EventType].map((subscriber) => ({ subscriber, event })));
  return [
    events.map((event) => event.id),
    events.map((event) => event.deliveryId),
    events.map((event) => event.sequence),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.payload)),
    events.map((event) => event.createdAt),
    handoffs.map(({ subscriber }) => subscriber),
    handoffs.map(({ event }) => event.id),
    handoffs.map(({ event }) => event.deliveryId),
    handoffs.map(({ event }) => event.sequence),
  ];
}

/** The delivery's next event, numbered after its previous one (the delivery's eventSequence moves on). */
export function nextEvent(delivery: DeliveryEntity, type: EventType, payload: DeliveryEvent['data'], at: Date): OutboxEventEntity {
  delivery.eventSequence += 1;
  return Object.assign(new OutboxEventEntity(), {
    id: newId('evt'),
    deliveryId: delivery.id,
    sequence: delivery.eventSequence,
    type,
    payload,
    createdAt: at,
  });
}

/**
 * The one class that reads and writes the outbox tables: an event with its
 * hand-offs (one per subscriber, open until that subscriber acknowledges it),
 * what waits for a subscriber, acknowledgements, the backlog, and the purge
 * of what every subscriber has. Batched writes elsewhere take its SQL from
 * outboxInsertSql.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get schema(): string {
    return `"${this.dataSource.driver.schema}"`;
  }

  /**
   * Records an event of the delivery inside the caller's transaction,
   * numbered after the delivery's previous one. The caller saves the delivery
   * (with its new eventSequence) in the same transaction.
   */
  async append(manager: EntityManager, delivery: DeliveryEntity, type: EventType, payload: DeliveryEvent['data'], at: Date): Promise<OutboxEventEntity> {
    const event = nextEvent(delivery, type, payload, at);
    await this.write(manager, [event]);
    return event;
  }

  /** Writes events made by nextEvent, with their hand-offs, in the caller's transaction: one statement. */
  async write(manager: EntityManager, events: readonly OutboxEventEntity[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(`WITH ${outboxInsertSql(1).replace(/\{schema\}/g, this.schema)} SELECT 1`, outboxInsertParameters(events));
  }

  /** The oldest events the subscriber has not acknowledged, in hand-off order, with their delivery's merchant. */
  waiting(manager: EntityManager, subscriber: EventSubscriber, limit: number): Promise<WaitingEventRow[]> {
    const s = this.schema;
    return manager.query(
      `SELECT e.id, e.type, e.created_at, e.delivery_id, e.sequence, e.payload, d.merchant_id
       FROM ${s}.outbox_handoffs h
       JOIN ${s}.outbox_events e ON e.id = h.event_id
       JOIN ${s}.deliveries d ON d.id = e.delivery_id
       WHERE h.subscriber = $1 AND h.acknowledged_at IS NULL
       ORDER BY h.created_at, h.delivery_id, h.sequence
       LIMIT $2`,
      [subscriber, limit],
    );
  }

  async acknowledge(manager: EntityManager, subscriber: EventSubscriber, eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await manager.query(
      `UPDATE ${this.schema}.outbox_handoffs SET acknowledged_at = now()
       WHERE subscriber = $1 AND event_id = ANY($2) AND acknowledged_at IS NULL`,
      [subscriber, eventIds],
    );
  }

  /** Per subscriber with anything waiting: how many events and the oldest's age. */
  async backlog(): Promise<SubscriberLag[]> {
    const rows: Array<{ subscriber: string; waiting: number; oldest_age_ms: number }> = await this.dataSource.query(
      `SELECT subscriber, count(*)::int AS waiting,
              (extract(epoch FROM now() - min(created_at)) * 1000)::float8 AS oldest_age_ms
       FROM ${this.schema}.outbox_handoffs
       WHERE acknowledged_at IS NULL
       GROUP BY subscriber`,
    );
    return rows.map((row) => ({ subscriber: row.subscriber, waiting: row.waiting, oldestAgeMs: Math.max(0, Math.round(row.oldest_age_ms)) }));
  }

  /**
   * Deletes up to `limit` events older than `before` that every subscriber
   * has acknowledged, with their hand-offs, found by their primary key
   * (subscriber, event): every subscriber there is, from EVENT_SUBSCRIBERS.
   * Both deletes are one statement, so the foreign key from hand-off to event
   * holds at its end. Answers the driver's result, for deletedCount.
   */
  purgeAcknowledged(manager: EntityManager, before: Date, limit: number): Promise<unknown> {
    const s = this.schema;
    return manager.query(
      `WITH doomed AS (
         SELECT e.id FROM ${s}.outbox_events e
         WHERE e.created_at < $1
           AND NOT EXISTS (SELECT 1 FROM ${s}.outbox_handoffs h
                           WHERE h.subscriber = ANY($2) AND h.event_id = e.id AND h.acknowledged_at IS NULL)
         ORDER BY e.created_at LIMIT ${limit}),
       handoffs AS (DELETE FROM ${s}.outbox_handoffs h USING doomed WHERE h.subscriber = ANY($2) AND h.event_id = doomed.id)
       DELETE FROM ${s}.outbox_events e USING doomed WHERE e.id = doomed.id`,
      [before, EVENT_SUBSCRIBERS],
    );
  }
}
