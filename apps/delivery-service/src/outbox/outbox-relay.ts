import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryEvent, DeliveryEventBatch, DELIVERY_EVENT_BATCH_MAX, EVENT_INTAKE_PATTERN, EVENT_SUBSCRIBERS, EventSubscriber, subscribersOf } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { runOutsideRequestContext } from '@sdd/common';
import { withReplicaLock } from '@sdd/runtime';
import { OutboxRepository, WaitingEventRow } from './outbox.repository';
import { relayBackoffMs } from './relay-backoff';

interface Lane {
  subscriber: EventSubscriber;
  running?: Promise<void>;
  again: boolean;
  failures: number;
  restUntil: number;
}

interface HandOff {
  offered: number;
  acknowledged: number;
}

/**
 * Hands outbox events to each subscriber, in order, until it acknowledges
 * them. A subscriber acknowledges an event once it has stored it, so an event
 * lost on the way (Redis data loss, a subscriber that crashed or whose
 * database was down) is simply offered again: at least once, never given up.
 * Each subscriber has its own lane, so one that is down delays nobody else.
 * One replica serves a lane at a time (a transaction-scoped advisory lock),
 * so the order per delivery holds however many replicas run. Poked after
 * each commit that wrote events, and every second by OutboxRelayTask.
 */
@Injectable()
export class OutboxRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly lanes: Lane[] = EVENT_SUBSCRIBERS.map((subscriber) => ({ subscriber, again: false, failures: 0, restUntil: 0 }));
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.lanes.map((lane) => lane.running));
  }

  /**
   * Asks for a relay pass soon on the lanes of the subscribers of these
   * event types, just written (every lane when none are named); passes of
   * one lane never overlap. A lane poked for nothing of its own would make a
   * pass for nothing: four statements (begin, lock, read, commit) that were
   * most of the relay's load on Postgres when every lane took every poke.
   */
  poke(types?: readonly string[]): void {
    const subscribers = types ? subscribersOf(types) : EVENT_SUBSCRIBERS;
    for (const lane of this.lanes) if (subscribers.includes(lane.subscriber)) this.pokeLane(lane);
  }

  private pokeLane(lane: Lane): void {
    if (this.stopped) return;
    if (lane.running) {
      lane.again = true;
      return;
    }
    if (Date.now() < lane.restUntil) return;
    // Poked from inside a request: the pass is the relay's own, not bound by that request's deadline.
    lane.running = runOutsideRequestContext(() => this.drain(lane)).finally(() => {
      lane.running = undefined;
      if (lane.again) {
        lane.again = false;
        this.pokeLane(lane);
      }
    });
  }

  private async drain(lane: Lane): Promise<void> {
    try {
      let handOff: HandOff;
      do {
        handOff = await this.handOffBatch(lane.subscriber);
        if (handOff.acknowledged < handOff.offered) {
          throw new Error(`acknowledged ${handOff.acknowledged} of ${handOff.offered} events`);
        }
      } while (!this.stopped && handOff.offered === DELIVERY_EVENT_BATCH_MAX);
      lane.failures = 0;
    } catch (error) {
      lane.failures += 1;
      const restMs = relayBackoffMs(lane.failures);
      lane.restUntil = Date.now() + restMs;
      lane.again = false;
      this.logger.warn(`hand-off to ${lane.subscriber} failed (${lane.failures} in a row), offering again in ${restMs} ms: ${(error as Error).message}`);
    }
  }

  /**
   * Offers the oldest unacknowledged events to the subscriber and records the
   * acknowledgements it returns. The lock is held while the subscriber
   * answers, so no other replica offers the same events meanwhile.
   */
  private async handOffBatch(subscriber: EventSubscriber): Promise<HandOff> {
    const schema = this.dataSource.driver.schema;
    const handOff = await withReplicaLock(this.dataSource, `outbox:${schema}:${subscriber}`, async (manager): Promise<HandOff> => {
      const rows = await this.outbox.waiting(manager, subscriber, DELIVERY_EVENT_BATCH_MAX);
      if (rows.length === 0) return { offered: 0, acknowledged: 0 };
      const batch: DeliveryEventBatch = { events: rows.map(toDeliveryEvent) };
      const receipt = await this.bus.request(EVENT_INTAKE_PATTERN[subscriber], batch);
      const offered = new Set(rows.map((row) => row.id));
      const acknowledged = (receipt?.acknowledged ?? []).filter((id) => offered.has(id));
      await this.outbox.acknowledge(manager, subscriber, acknowledged);
      return { offered: rows.length, acknowledged: acknowledged.length };
    });
    return handOff ?? { offered: 0, acknowledged: 0 };
  }
}

function toDeliveryEvent(row: WaitingEventRow): DeliveryEvent {
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    delivery_id: row.delivery_id,
    merchant_id: row.merchant_id,
    sequence: row.sequence,
    data: row.payload,
  };
}
