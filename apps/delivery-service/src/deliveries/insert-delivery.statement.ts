import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_SUBSCRIPTIONS, EventType } from '@sdd/contracts';
import { AppError, Batcher, currentRequestContext } from '@sdd/common';
import {
  entityBatchInsert,
  EntityBatchInsert,
  entityInsert,
  EntityInsert,
  PreparedStatement,
  preparedStatement,
  runPrepared,
  STATEMENT_BATCHING,
} from '@sdd/persistence';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { DeliveryEntity } from './delivery.entity';

/** A delivery to write with its first event; `deadline`: its caller's, as it was when it asked. */
interface NewDelivery {
  delivery: DeliveryEntity;
  event: OutboxEventEntity;
  deadline: number | undefined;
}

/** Each delivery's outcome in a batch: written, or why not (its own error, not its neighbours'). */
type Outcome = Error | undefined;

/**
 * A new delivery, its first event and that event's hand-offs in one prepared
 * statement (data-modifying CTEs), and the deliveries created in the same
 * moment together in one (one array per column): one round trip and one
 * commit for all of them, on the path every creation takes. A batch that
 * fails (one delivery's idempotency key taken by a concurrent retry) is
 * written again one delivery at a time, so each gets its own answer.
 */
@Injectable()
export class InsertDeliveryStatement {
  private readonly one: PreparedStatement;
  private readonly many: PreparedStatement;
  private readonly delivery: EntityInsert<DeliveryEntity>;
  private readonly event: EntityInsert<OutboxEventEntity>;
  private readonly deliveries: EntityBatchInsert<DeliveryEntity>;
  private readonly events: EntityBatchInsert<OutboxEventEntity>;
  private readonly writes = new Batcher<NewDelivery, Outcome>((rows) => this.write(rows), STATEMENT_BATCHING);

  constructor(private readonly dataSource: DataSource) {
    this.delivery = entityInsert(dataSource, DeliveryEntity);
    this.event = entityInsert(dataSource, OutboxEventEntity);
    this.one = preparedStatement(
      dataSource,
      'insert-delivery',
      `WITH delivery AS (${this.delivery.sql()}), event AS (${this.event.sql(this.delivery.columnCount)})
       ${insertHandoffsSql(this.delivery.columnCount + this.event.columnCount, 'unnest($1::text[]), $2, $3, $4, $5')}`,
    );
    this.deliveries = entityBatchInsert(dataSource, DeliveryEntity);
    this.events = entityBatchInsert(dataSource, OutboxEventEntity);
    this.many = preparedStatement(
      dataSource,
      'insert-deliveries',
      `WITH deliveries AS (${this.deliveries.sql()}), events AS (${this.events.sql(this.deliveries.columnCount)})
       ${insertHandoffsSql(this.deliveries.columnCount + this.events.columnCount, '* FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::int[])')}`,
    );
  }

  /** `event` is the delivery's first, numbered already (`delivery.eventSequence` counts it). */
  async run(delivery: DeliveryEntity, event: OutboxEventEntity): Promise<void> {
    const outcome = await this.writes.add({ delivery, event, deadline: currentRequestContext()?.deadline });
    if (outcome) throw outcome;
  }

  private async write(rows: NewDelivery[]): Promise<Outcome[]> {
    // Past its caller's deadline (the caller answered 503) a delivery is not written: it would be one the
    // merchant was told failed, holding a quote claim that may already be settled.
    const now = Date.now();
    const late = rows.map(({ deadline }) => deadline !== undefined && now > deadline);
    const due = rows.filter((_, i) => !late[i]);
    const written = new Map<NewDelivery, Outcome>();
    if (due.length === 1) written.set(due[0], await this.writeOne(due[0]));
    if (due.length > 1) {
      const outcome = await this.writeMany(due).catch((error: Error) => error);
      const outcomes = outcome ? await Promise.all(due.map((row) => this.writeOne(row))) : due.map(() => undefined);
      due.forEach((row, i) => written.set(row, outcomes[i]));
    }
    return rows.map((row, i) => (late[i] ? AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.') : written.get(row)));
  }

  private writeOne({ delivery, event }: NewDelivery): Promise<Outcome> {
    return runPrepared(this.dataSource, this.one, [
      ...this.delivery.values(delivery),
      ...this.event.values(event),
      EVENT_SUBSCRIPTIONS[event.type as EventType],
      event.id,
      event.createdAt,
      event.deliveryId,
      event.sequence,
    ]).then(
      () => undefined,
      (error: Error) => error,
    );
  }

  /** In id order, as the other batched writes lock rows, so two batches never wait for each other's keys crosswise. */
  private async writeMany(rows: NewDelivery[]): Promise<void> {
    const sorted = [...rows].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    const events = sorted.map(({ event }) => event);
    const handoffs = events.flatMap((event) => EVENT_SUBSCRIPTIONS[event.type as EventType].map((subscriber) => ({ subscriber, event })));
    await runPrepared(this.dataSource, this.many, [
      ...this.deliveries.values(sorted.map(({ delivery }) => delivery)),
      ...this.events.values(events),
      handoffs.map(({ subscriber }) => subscriber),
      handoffs.map(({ event }) => event.id),
      handoffs.map(({ event }) => event.createdAt),
      handoffs.map(({ event }) => event.deliveryId),
      handoffs.map(({ event }) => event.sequence),
    ]);
  }
}

/** The hand-offs' insert after the delivery and event CTEs: `select` (what follows SELECT) names its five parameters $1…$5, renumbered to follow `before`. */
function insertHandoffsSql(before: number, select: string): string {
  return `INSERT INTO {schema}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
       SELECT ${select.replace(/\$(\d)/g, (_, n: string) => `$${before + Number(n)}`)}`;
}
