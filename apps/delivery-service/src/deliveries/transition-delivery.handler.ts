import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryRecord, EVENT_SUBSCRIPTIONS, EventType, MerchantScope } from '@sdd/contracts';
import { findByStatement, inScope, PreparedStatement, preparedStatement, runPrepared, selectEntityStatement, STATEMENT_BATCHING, WritableColumn, writableColumn } from '@sdd/persistence';
import { Batcher, Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { nextEvent, writeEvent } from '../outbox/append-event';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { recordNotification } from '../notifications/record-notification';
import { OutboxRelay } from '../outbox/outbox-relay';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { deliverySnapshot, toDeliveryRecord } from './delivery.record';
import { DeliveryStatus } from '@sdd/contracts';
import { canTransition, eventTypeFor, nextTestStatus } from './delivery-status';
import { scenarioEventsBefore } from './test-timeline';
import { endOf, pointOf } from './delivery-disclosure';
import { DriverEntity } from '../drivers/driver.entity';


/**
 * The steps from `from` to `to` along the test flow, or undefined when `to`
 * is not ahead. Lets a step that runs late or out of order (several came due
 * together after a restart) bring the delivery up to date, in order, instead
 * of being refused for skipping the steps before it.
 */
export function testPath(from: DeliveryStatus, to: DeliveryStatus): DeliveryStatus[] | undefined {
  const path: DeliveryStatus[] = [];
  for (let at = nextTestStatus(from); at; at = nextTestStatus(at)) {
    path.push(at);
    if (at === to) return path;
  }
  return undefined;
}

/**
 * Moves a delivery, already read under a row lock in `manager`'s transaction,
 * through `steps`: each step's event goes to the outbox in the same
 * transaction. The caller has checked the state machine. The assigned driver
 * (in `changes` when the move assigns one) is read in the transaction: the
 * events show it as GET does, and a terminal step records where it ended.
 */
export async function recordSteps(
  manager: EntityManager,
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
): Promise<string[]> {
  const driverId = changes.driverId ?? delivery.driverId;
  const driver = driverId ? await manager.findOneBy(DriverEntity, { id: driverId }) : null;
  const withEnd = { ...changes, ...endOf(steps, now, driver && pointOf(driver)) };
  const events = planSteps(delivery, steps, now, publicBaseUrl, withEnd, driver);
  for (const event of events) await writeEvent(manager, event);
  for (const step of steps) await recordNotification(manager, delivery, step, publicBaseUrl, now);
  await manager.update(DeliveryEntity, { id: delivery.id }, { ...withEnd, status: delivery.status, updatedAt: now, eventSequence: delivery.eventSequence });
  return events.map((event) => event.type);
}

/**
 * Moves the delivery (in memory) through `steps` and returns their events, in
 * order: what recordSteps writes. `driver`: the assigned driver, shown in the
 * events as GET /v1/deliveries/{id} shows it at each step.
 */
export function planSteps(
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
  driver: DriverEntity | null = null,
): OutboxEventEntity[] {
  Object.assign(delivery, changes);
  const events: OutboxEventEntity[] = [];
  for (const step of steps) {
    for (const type of scenarioEventsBefore(delivery.testScenario, step)) {
      events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl, undefined, driver), now));
    }
    delivery.status = step;
    delivery.updatedAt = now;
    const type = eventTypeFor(step);
    if (type) events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl, step === 'delivered' ? now : undefined, driver), now));
  }
  return events;
}

/** `eventTypes`: the events the move wrote, for the relay to wake their subscribers' lanes only. */
export type TransitionResult =
  | { moved: true; delivery: DeliveryRecord; eventTypes: string[] }
  | { moved: false; delivery: DeliveryRecord; from: DeliveryStatus };

/** A test delivery's move, planned in memory from what was read: written only if the delivery is still as read. */
interface PlannedMove {
  delivery: DeliveryEntity;
  from: { status: DeliveryStatus; eventSequence: number };
  now: Date;
  events: OutboxEventEntity[];
  changes: Partial<DeliveryEntity>;
}

/** The compare-and-set of the moves planned together that change the same columns: one statement for all of them. */
interface MoveWriter {
  columns: WritableColumn[];
  statement: PreparedStatement;
  batcher: Batcher<PlannedMove, boolean>;
}

/**
 * The one way a delivery's status changes: move only if the state machine
 * allows it (a cancelled delivery stays cancelled), and write the change and
 * its events together. A test delivery (no driver, no notification) is read
 * without a lock and written by a compare-and-set, which writes nothing if
 * its status or events moved meanwhile; the reads and the compare-and-sets
 * of steps due together (a timeline's burst) each go in one statement. That
 * a compare-and-set did not write, a live delivery, and a step with nothing
 * to do are re-read under a row lock and decided in a transaction.
 */
@Injectable()
export class TransitionDeliveryHandler {
  private readonly findDeliveries: PreparedStatement;
  private readonly reads = new Batcher<string, DeliveryEntity | undefined>((ids) => this.readDeliveries(ids), STATEMENT_BATCHING);
  private readonly writers = new Map<string, MoveWriter>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.findDeliveries = selectEntityStatement(dataSource, DeliveryEntity, 'find-deliveries-to-move', 'id = ANY($1::text[])');
  }

  /** `catchUp`: also pass through the test-flow steps before `to` (each with its event) when the delivery is behind. */
  async execute(
    deliveryId: string,
    to: DeliveryStatus,
    scope?: MerchantScope,
    catchUp = false,
    changesFor: (delivery: DeliveryEntity) => Partial<DeliveryEntity> = () => ({}),
  ): Promise<TransitionResult> {
    const result = (await this.moveTestDelivery(deliveryId, to, scope, catchUp, changesFor)) ?? (await this.moveLocked(deliveryId, to, scope, catchUp, changesFor));
    if (result.moved) this.relay.poke(result.eventTypes);
    return result;
  }

  /** Undefined when the locked way must decide. */
  private async moveTestDelivery(
    deliveryId: string,
    to: DeliveryStatus,
    scope: MerchantScope | undefined,
    catchUp: boolean,
    changesFor: (delivery: DeliveryEntity) => Partial<DeliveryEntity>,
  ): Promise<TransitionResult | undefined> {
    const delivery = await this.reads.add(deliveryId);
    if (!delivery || delivery.mode !== 'test' || (scope && (delivery.merchantId !== scope.merchantId || delivery.mode !== scope.mode))) return undefined;
    const steps = stepsTo(delivery.status, to, catchUp);
    if (!steps) return undefined;
    const from = { status: delivery.status, eventSequence: delivery.eventSequence };
    const now = this.clock.now();
    // A test delivery has no driver to locate: its end is a time only.
    const changes = { ...changesFor(delivery), ...endOf(steps, now, null) };
    const events = planSteps(delivery, steps, now, this.config.PUBLIC_BASE_URL, changes);
    const moved = await this.writerFor(Object.keys(changes)).batcher.add({ delivery, from, now, events, changes });
    return moved
      ? { moved: true, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), eventTypes: events.map((event) => event.type) }
      : undefined;
  }

  private async readDeliveries(ids: string[]): Promise<Array<DeliveryEntity | undefined>> {
    const found = await findByStatement(this.dataSource, DeliveryEntity, this.findDeliveries, [ids]);
    // A copy each: a caller changes its delivery as it plans the move.
    const byId = new Map(found.map((delivery) => [delivery.id, delivery]));
    return ids.map((id) => {
      const delivery = byId.get(id);
      return delivery && Object.assign(new DeliveryEntity(), delivery);
    });
  }

  private moveLocked(
    deliveryId: string,
    to: DeliveryStatus,
    scope: MerchantScope | undefined,
    catchUp: boolean,
    changesFor: (delivery: DeliveryEntity) => Partial<DeliveryEntity>,
  ): Promise<TransitionResult> {
    return this.dataSource.transaction(async (manager): Promise<TransitionResult> => {
      const where = scope ? { id: deliveryId, ...inScope(scope) } : { id: deliveryId };
      const delivery = await manager.findOne(DeliveryEntity, { where, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw deliveryNotFound();
      const steps = stepsTo(delivery.status, to, catchUp);
      if (!steps) {
        return { moved: false, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), from: delivery.status };
      }
      const eventTypes = await recordSteps(manager, delivery, steps, this.clock.now(), this.config.PUBLIC_BASE_URL, changesFor(delivery));
      return { moved: true, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), eventTypes };
    });
  }

  /**
   * Writes the moves that are still as read; answers, for each, whether it
   * was written. Two moves of one delivery in a batch were planned from the
   * same read: only the first is tried, the other is decided the locked way.
   * The rows go in id order and the plan walks them in that order (a nested
   * loop over the primary key, see delivery-statements.e2e-spec), so batches
   * running at once lock the deliveries they share in the same order.
   */
  private async writeMoves(writer: MoveWriter, moves: PlannedMove[]): Promise<boolean[]> {
    const first = new Map<string, PlannedMove>();
    for (const move of moves) if (!first.has(move.delivery.id)) first.set(move.delivery.id, move);
    const tried = [...first.values()].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    const events = tried.flatMap(({ events }) => events);
    const handoffs = events.flatMap((event) => EVENT_SUBSCRIPTIONS[event.type as EventType].map((subscriber) => ({ subscriber, event })));
    const rows = await runPrepared<{ id: string }>(this.dataSource, writer.statement, [
      tried.map(({ delivery }) => delivery.id),
      tried.map(({ delivery }) => delivery.status),
      tried.map(({ now }) => now),
      tried.map(({ delivery }) => delivery.eventSequence),
      tried.map(({ from }) => from.status),
      tried.map(({ from }) => from.eventSequence),
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
      ...writer.columns.map((column) => tried.map(({ changes }) => column.parameter(changes[column.property as keyof DeliveryEntity]))),
    ]);
    const written = new Set(rows.map((row) => row.id));
    return moves.map((move) => first.get(move.delivery.id) === move && written.has(move.delivery.id));
  }

  /** One prepared statement, and one batcher, per set of changed columns. */
  private writerFor(changed: string[]): MoveWriter {
    const key = changed.join(',');
    let writer = this.writers.get(key);
    if (!writer) {
      const columns = changed.map((property) => writableColumn(this.dataSource, DeliveryEntity, property));
      const statement = preparedStatement(this.dataSource, `move-test-deliveries:${key}`, moveTestDeliveriesSql(columns));
      const created: MoveWriter = { columns, statement, batcher: new Batcher((moves) => this.writeMoves(created, moves), STATEMENT_BATCHING) };
      writer = created;
      this.writers.set(key, writer);
    }
    return writer;
  }
}

/**
 * The batched compare-and-set (`columns`: the changed columns besides status,
 * sequence and time, one array each after the 16 fixed parameters): each
 * delivery's new state only if its status and sequence are still those it was
 * read with, then the events and hand-offs of the deliveries that moved.
 */
export function moveTestDeliveriesSql(columns: Array<Pick<WritableColumn, 'name' | 'type'>>): string {
  const inputs = columns.map((column, i) => `, $${17 + i}::${column.type}[]`).join('');
  const names = columns.map((column) => `, "${column.name}"`).join('');
  const sets = columns.map((column) => `, "${column.name}" = m."${column.name}"`).join('');
  return `WITH moves AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::int[]${inputs})
        AS m(id, status, updated_at, event_sequence, from_status, from_sequence${names})),
    moved AS (
      UPDATE {schema}.deliveries d SET status = m.status, updated_at = m.updated_at, event_sequence = m.event_sequence${sets}
      FROM moves m
      WHERE d.id = m.id AND d.status = m.from_status AND d.event_sequence = m.from_sequence RETURNING d.id),
    events AS (
      INSERT INTO {schema}.outbox_events (id, delivery_id, sequence, type, payload, created_at)
      SELECT e.id, e.delivery_id, e.sequence, e.type, e.payload, e.created_at
      FROM unnest($7::text[], $8::text[], $9::int[], $10::text[], $11::jsonb[], $12::timestamptz[]) AS e(id, delivery_id, sequence, type, payload, created_at)
      JOIN moved ON moved.id = e.delivery_id),
    handoffs AS (
      INSERT INTO {schema}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
      SELECT h.subscriber, h.event_id, m.updated_at, h.delivery_id, h.sequence
      FROM unnest($13::text[], $14::text[], $15::text[], $16::int[]) AS h(subscriber, event_id, delivery_id, sequence)
      JOIN moved ON moved.id = h.delivery_id
      JOIN moves m ON m.id = h.delivery_id)
    SELECT id FROM moved`;
}

/** The steps from `from` to `to`: one allowed step, or (catching up) the test flow's path; undefined when it does not move. */
function stepsTo(from: DeliveryStatus, to: DeliveryStatus, catchUp: boolean): DeliveryStatus[] | undefined {
  return canTransition(from, to) ? [to] : catchUp ? testPath(from, to) : undefined;
}
