import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryRecord, EVENT_SUBSCRIPTIONS, EventType, MerchantScope } from '@sdd/contracts';
import { findByStatement, PreparedStatement, preparedStatement, runPrepared, selectEntityStatement, STATEMENT_BATCHING, WritableColumn, writableColumn } from '@sdd/persistence';
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
 * transaction. The caller has checked the state machine.
 */
export async function recordSteps(
  manager: EntityManager,
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
): Promise<string[]> {
  const events = planSteps(delivery, steps, now, publicBaseUrl, changes);
  for (const event of events) await writeEvent(manager, event);
  for (const step of steps) await recordNotification(manager, delivery, step, publicBaseUrl, now);
  await manager.update(DeliveryEntity, { id: delivery.id }, { ...changes, status: delivery.status, updatedAt: now, eventSequence: delivery.eventSequence });
  return events.map((event) => event.type);
}

/** Moves the delivery (in memory) through `steps` and returns their events, in order: what recordSteps writes. */
export function planSteps(
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
): OutboxEventEntity[] {
  Object.assign(delivery, changes);
  const events: OutboxEventEntity[] = [];
  for (const step of steps) {
    for (const type of scenarioEventsBefore(delivery.testScenario, step)) {
      events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl), now));
    }
    delivery.status = step;
    delivery.updatedAt = now;
    const type = eventTypeFor(step);
    if (type) events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl, step === 'delivered' ? now : undefined), now));
  }
  return events;
}

/** `eventTypes`: the events the move wrote, for the relay to wake their subscribers' lanes only. */
export type TransitionResult =
  | { moved: true; delivery: DeliveryRecord; eventTypes: string[] }
  | { moved: false; delivery: DeliveryRecord; from: DeliveryStatus };

/**
 * The one way a delivery's status changes: move only if the state machine
 * allows it (a cancelled delivery stays cancelled), and write the change and
 * its events together. A test delivery (no driver, no notification) is read
 * without a lock and written by one compare-and-set statement, which writes
 * nothing if its status or events moved meanwhile; that, a live delivery,
 * and a step with nothing to do are re-read under a row lock and decided in
 * a transaction.
 */
@Injectable()
export class TransitionDeliveryHandler {
  private readonly findDeliveries: PreparedStatement;
  /** The reads of steps due together (a timeline's burst) in one statement. */
  private readonly reads = new Batcher<string, DeliveryEntity | undefined>((ids) => this.readDeliveries(ids), STATEMENT_BATCHING);
  private readonly moves = new Map<string, { statement: PreparedStatement; columns: WritableColumn[] }>();

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
    const changes = changesFor(delivery);
    const now = this.clock.now();
    const events = planSteps(delivery, steps, now, this.config.PUBLIC_BASE_URL, changes);
    const handoffs = events.flatMap((event) => EVENT_SUBSCRIPTIONS[event.type as EventType].map((subscriber) => ({ subscriber, event })));
    const move = this.moveStatement(Object.keys(changes));
    const moved = await runPrepared(this.dataSource, move.statement, [
      delivery.id,
      delivery.status,
      now,
      delivery.eventSequence,
      from.status,
      from.eventSequence,
      events.map((event) => event.id),
      events.map((event) => event.sequence),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.payload)),
      handoffs.map(({ subscriber }) => subscriber),
      handoffs.map(({ event }) => event.id),
      handoffs.map(({ event }) => event.sequence),
      ...move.columns.map((column) => column.parameter(changes[column.property as keyof DeliveryEntity])),
    ]);
    return moved.length === 1
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
      const where = scope ? { id: deliveryId, merchantId: scope.merchantId, mode: scope.mode } : { id: deliveryId };
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
   * The compare-and-set: the delivery's new status, sequence and changed
   * columns, only if its status and sequence are still those it was read
   * with, and then its events and their hand-offs (none if it did not move).
   * One prepared statement per set of changed columns.
   */
  private moveStatement(changed: string[]): { statement: PreparedStatement; columns: WritableColumn[] } {
    const key = changed.join(',');
    let move = this.moves.get(key);
    if (!move) {
      const columns = changed.map((property) => writableColumn(this.dataSource, DeliveryEntity, property));
      const sets = columns.map((column, i) => `, "${column.name}" = $${14 + i}`).join('');
      const statement = preparedStatement(
        this.dataSource,
        `move-test-delivery:${key}`,
        `WITH moved AS (
           UPDATE {schema}.deliveries SET status = $2, updated_at = $3, event_sequence = $4${sets}
           WHERE id = $1 AND status = $5 AND event_sequence = $6 RETURNING id),
         events AS (
           INSERT INTO {schema}.outbox_events (id, delivery_id, sequence, type, payload, created_at)
           SELECT e.id, moved.id, e.sequence, e.type, e.payload, $3
           FROM moved, unnest($7::text[], $8::int[], $9::text[], $10::jsonb[]) AS e(id, sequence, type, payload)),
         handoffs AS (
           INSERT INTO {schema}.outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
           SELECT h.subscriber, h.event_id, $3, moved.id, h.sequence
           FROM moved, unnest($11::text[], $12::text[], $13::int[]) AS h(subscriber, event_id, sequence))
         SELECT id FROM moved`,
      );
      move = { statement, columns };
      this.moves.set(key, move);
    }
    return move;
  }
}

/** The steps from `from` to `to`: one allowed step, or (catching up) the test flow's path; undefined when it does not move. */
function stepsTo(from: DeliveryStatus, to: DeliveryStatus, catchUp: boolean): DeliveryStatus[] | undefined {
  return canTransition(from, to) ? [to] : catchUp ? testPath(from, to) : undefined;
}
