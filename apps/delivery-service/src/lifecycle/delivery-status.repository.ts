import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryStatus } from '@sdd/contracts';
import { AppError, Batcher, currentRequestContext, tooLateToCommit } from '@sdd/common';
import {
  entityBatchInsert,
  EntityBatchInsert,
  entityInsert,
  EntityInsert,
  findByStatement,
  PreparedStatement,
  preparedStatement,
  runPrepared,
  selectEntityStatement,
  STATEMENT_BATCHING,
  WritableColumn,
  writableColumn,
} from '@sdd/persistence';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { endOf, pointOf } from '../deliveries/delivery-disclosure';
import { DriverEntity } from '../drivers/driver.entity';
import { NotificationRepository } from '../notifications/notification.repository';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { OUTBOX_INSERT_PARAMETERS, outboxInsertParameters, outboxInsertSql, OutboxRepository } from '../outbox/outbox.repository';
import { canTransition } from './delivery-status';
import { planSteps } from './plan-steps';

/** A delivery to write with its first event; `deadline`: its caller's, as it was when it asked. */
interface NewDelivery {
  delivery: DeliveryEntity;
  event: OutboxEventEntity;
  deadline: number | undefined;
}

/** Each delivery's outcome in a batch: written, or why not (its own error, not its neighbours'). */
type Outcome = Error | undefined;

/** A test delivery's move, planned in memory from what was read: written only if the delivery is still as read. */
export interface PlannedMove {
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

/** The fixed parameters of moveTestDeliveriesSql: the moves' six arrays, then the outbox's. */
const MOVE_PARAMETERS = 6 + OUTBOX_INSERT_PARAMETERS;

/**
 * The one class that changes `deliveries.status`, each change with its
 * events (OutboxRepository's SQL) in the same statement or transaction:
 * - a new delivery with its first event, the creations of one moment in one
 *   statement (`insert`);
 * - test deliveries' moves planned from a read, written by one batched
 *   compare-and-set that writes nothing for a delivery whose status or events
 *   moved meanwhile (`read`, `moveIfUnchanged`);
 * - a move under the row lock the caller holds in its transaction
 *   (`moveLocked`);
 * - live matching's own moves: paid deliveries starting to look for a driver
 *   (`startMatching`), and back to matching when their driver is withdrawn
 *   (`returnToMatching`).
 * The state machine is the callers' (delivery-status.ts); this writes.
 */
@Injectable()
export class DeliveryStatusRepository {
  private readonly insertOne: PreparedStatement;
  private readonly insertMany: PreparedStatement;
  private readonly delivery: EntityInsert<DeliveryEntity>;
  private readonly deliveries: EntityBatchInsert<DeliveryEntity>;
  private readonly inserts = new Batcher<NewDelivery, Outcome>((rows) => this.writeNew(rows), STATEMENT_BATCHING);
  private readonly findDeliveries: PreparedStatement;
  private readonly reads = new Batcher<string, DeliveryEntity | undefined>((ids) => this.readDeliveries(ids), STATEMENT_BATCHING);
  private readonly writers = new Map<string, MoveWriter>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly notifications: NotificationRepository,
  ) {
    this.delivery = entityInsert(dataSource, DeliveryEntity);
    this.insertOne = preparedStatement(dataSource, 'insert-delivery', `WITH delivery AS (${this.delivery.sql()}), ${outboxInsertSql(this.delivery.columnCount + 1)} SELECT 1`);
    this.deliveries = entityBatchInsert(dataSource, DeliveryEntity);
    this.insertMany = preparedStatement(
      dataSource,
      'insert-deliveries',
      `WITH deliveries AS (${this.deliveries.sql()}), ${outboxInsertSql(this.deliveries.columnCount + 1)} SELECT 1`,
    );
    this.findDeliveries = selectEntityStatement(dataSource, DeliveryEntity, 'find-deliveries-to-move', 'id = ANY($1::text[])');
  }

  /**
   * A new delivery, its first event and that event's hand-offs in one
   * prepared statement, and the deliveries created in the same moment
   * together in one (one array per column): one round trip and one commit for
   * all of them, on the path every creation takes. A batch that fails (one
   * delivery's idempotency key taken by a concurrent retry) is written again
   * one delivery at a time, so each gets its own answer. `event` is the
   * delivery's first, numbered already (`delivery.eventSequence` counts it).
   */
  async insert(delivery: DeliveryEntity, event: OutboxEventEntity): Promise<void> {
    const outcome = await this.inserts.add({ delivery, event, deadline: currentRequestContext()?.deadline });
    if (outcome) throw outcome;
  }

  /** The delivery as stored, a copy of its own (the caller plans its move on it); reads asked for together go in one statement. */
  read(deliveryId: string): Promise<DeliveryEntity | undefined> {
    return this.reads.add(deliveryId);
  }

  /** Writes the move if the delivery is still as it was read; answers whether it was written. */
  moveIfUnchanged(move: PlannedMove): Promise<boolean> {
    return this.writerFor(Object.keys(move.changes)).batcher.add(move);
  }

  /**
   * Moves a delivery, already read under a row lock in `manager`'s
   * transaction, through `steps`: each step's event goes to the outbox, and
   * the recipient's notification is recorded, in the same transaction. The
   * caller has checked the state machine. The assigned driver (in `changes`
   * when the move assigns one) is read in the transaction: the events show it
   * as GET does, and a terminal step records where it ended.
   */
  async moveLocked(
    manager: EntityManager,
    delivery: DeliveryEntity,
    steps: DeliveryStatus[],
    { now, publicBaseUrl, changes = {} }: { now: Date; publicBaseUrl: string; changes?: Partial<DeliveryEntity> },
  ): Promise<string[]> {
    const driverId = changes.driverId ?? delivery.driverId;
    const driver = driverId ? await manager.findOneBy(DriverEntity, { id: driverId }) : null;
    const withEnd = { ...changes, ...endOf(steps, now, driver && pointOf(driver)) };
    const events = planSteps(delivery, steps, now, publicBaseUrl, withEnd, driver);
    await this.outbox.write(manager, events);
    for (const step of steps) await this.notifications.record(manager, delivery, step, { publicBaseUrl, now });
    await manager.update(DeliveryEntity, { id: delivery.id }, { ...withEnd, status: delivery.status, updatedAt: now, eventSequence: delivery.eventSequence });
    return events.map((event) => event.type);
  }

  /**
   * Paid live deliveries start looking for a driver (pending: no event), a
   * scheduled one 30 minutes ahead of its time.
   */
  async startMatching(manager: EntityManager, now: Date): Promise<void> {
    assertMove(MATCHING_FROM, MATCHING_TO);
    await manager.query(startMatchingSql().replace(/\{schema\}/g, `"${this.dataSource.driver.schema}"`), [now, MATCHING_TO]);
  }

  /**
   * A delivery whose driver was withdrawn before pickup goes back to
   * matching, which starts afresh (a new deadline and search radius). Not a
   * step of the state machine: no event, as nothing happened to the package.
   */
  async returnToMatching(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<DeliveryEntity> {
    const rematched: Partial<DeliveryEntity> = { status: 'pending', driverId: null, dispatchStartedAt: now, updatedAt: now };
    await manager.update(DeliveryEntity, { id: delivery.id }, rematched);
    return Object.assign(delivery, rematched);
  }

  private async writeNew(rows: NewDelivery[]): Promise<Outcome[]> {
    // Past (or too near) its caller's deadline (the caller answers 503) a delivery is not written: it would
    // be one the merchant was told failed, holding a quote claim that may already be settled.
    const now = Date.now();
    const late = rows.map(({ deadline }) => tooLateToCommit(deadline, now));
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
    return runPrepared(this.dataSource, this.insertOne, [...this.delivery.values(delivery), ...outboxInsertParameters([event])]).then(
      () => undefined,
      (error: Error) => error,
    );
  }

  /** In id order, as the other batched writes lock rows, so two batches never wait for each other's keys crosswise. */
  private async writeMany(rows: NewDelivery[]): Promise<void> {
    const sorted = [...rows].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    await runPrepared(this.dataSource, this.insertMany, [
      ...this.deliveries.values(sorted.map(({ delivery }) => delivery)),
      ...outboxInsertParameters(sorted.map(({ event }) => event)),
    ]);
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
    const rows = await runPrepared<{ id: string }>(this.dataSource, writer.statement, [
      tried.map(({ delivery }) => delivery.id),
      tried.map(({ delivery }) => delivery.status),
      tried.map(({ now }) => now),
      tried.map(({ delivery }) => delivery.eventSequence),
      tried.map(({ from }) => from.status),
      tried.map(({ from }) => from.eventSequence),
      ...outboxInsertParameters(tried.flatMap(({ events }) => events)),
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

const MATCHING_FROM: DeliveryStatus = 'created';
const MATCHING_TO: DeliveryStatus = 'pending';

/**
 * The driver-matching pass's move of paid live deliveries to `pending` ($1
 * now, $2 the new status). The status moved from is written in, not a
 * parameter: the pass finds those few deliveries through the partial index
 * deliveries_live_to_match_idx (mode 'live', status 'created'), which a
 * generic plan could not use for a parameter, and would read every delivery
 * ever made each second instead.
 */
export function startMatchingSql(): string {
  return `UPDATE {schema}.deliveries SET status = $2, dispatch_started_at = $1, updated_at = $1
           WHERE mode = 'live' AND status = '${MATCHING_FROM}' AND (scheduled_at IS NULL OR scheduled_at <= $1::timestamptz + interval '30 minutes')`;
}

/**
 * The batched compare-and-set (`columns`: the changed columns besides status,
 * sequence and time, one array each after the fixed parameters): each
 * delivery's new state only if its status and sequence are still those it was
 * read with, then the events and hand-offs of the deliveries that moved.
 */
export function moveTestDeliveriesSql(columns: Array<Pick<WritableColumn, 'name' | 'type'>>): string {
  const inputs = columns.map((column, i) => `, $${MOVE_PARAMETERS + 1 + i}::${column.type}[]`).join('');
  const names = columns.map((column) => `, "${column.name}"`).join('');
  const sets = columns.map((column) => `, "${column.name}" = m."${column.name}"`).join('');
  return `WITH moves AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::int[]${inputs})
        AS m(id, status, updated_at, event_sequence, from_status, from_sequence${names})),
    moved AS (
      UPDATE {schema}.deliveries d SET status = m.status, updated_at = m.updated_at, event_sequence = m.event_sequence${sets}
      FROM moves m
      WHERE d.id = m.id AND d.status = m.from_status AND d.event_sequence = m.from_sequence RETURNING d.id),
    ${outboxInsertSql(7, 'moved')}
    SELECT id FROM moved`;
}

function assertMove(from: DeliveryStatus, to: DeliveryStatus): void {
  if (!canTransition(from, to)) throw new Error(`${from} → ${to} is not a move of the state machine`);
}
