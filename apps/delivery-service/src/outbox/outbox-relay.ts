import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { lastValueFrom } from 'rxjs';
import { DataSource, EntityManager, In } from 'typeorm';
import { DeliveryEvent } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { OutboxEventEntity } from './outbox-event.entity';

const BATCH = 100;
/** How often the relay looks even when nobody poked it (events written by another replica, or left by a crash). */
const SWEEP_MS = 1000;

/**
 * Publishes outbox rows to the bus at least once, in order, then marks them
 * sent. One replica relays at a time (a transaction-scoped advisory lock), so
 * the order per delivery holds however many replicas run.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.poke(), SWEEP_MS);
    this.poke();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Asks for a relay pass soon; passes never overlap. */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.relayBatch()) === BATCH);
    } catch (error) {
      this.logger.warn(`outbox relay pass failed, will retry: ${(error as Error).message}`);
    }
  }

  /** Returns how many events it published. */
  private relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const schema = this.dataSource.driver.schema;
      const [{ locked }] = await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [`outbox:${schema}`]);
      if (!locked) return 0;
      const events = await manager
        .createQueryBuilder(OutboxEventEntity, 'e')
        .where('e.published_at IS NULL')
        .orderBy('e.created_at', 'ASC')
        .addOrderBy('e.delivery_id', 'ASC')
        .addOrderBy('e.sequence', 'ASC')
        .limit(BATCH)
        .getMany();
      const merchants = await this.merchantsOf(manager, events);
      for (const event of events) {
        const message: DeliveryEvent = {
          id: event.id,
          type: event.type,
          created_at: event.createdAt.toISOString(),
          delivery_id: event.deliveryId,
          merchant_id: merchants.get(event.deliveryId) as string,
          sequence: event.sequence,
          data: event.payload,
        };
        await lastValueFrom(this.bus.emit(event.type, message), { defaultValue: undefined });
      }
      if (events.length > 0) {
        await manager.query(`UPDATE "${schema}".outbox_events SET published_at = now() WHERE id = ANY($1)`, [events.map((e) => e.id)]);
      }
      return events.length;
    });
  }

  private async merchantsOf(manager: EntityManager, events: OutboxEventEntity[]): Promise<Map<string, string>> {
    const ids = [...new Set(events.map((event) => event.deliveryId))];
    if (ids.length === 0) return new Map();
    const rows = await manager.find(DeliveryEntity, { select: { id: true, merchantId: true }, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row.merchantId]));
  }
}
