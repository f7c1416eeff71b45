import { BusServer } from '@sdd/bus';
import { DeliveryEvent, DeliveryEventBatch, DeliveryEventReceipt, Pattern, ServiceName } from '@sdd/contracts';

/**
 * Takes the webhook dispatcher's place on the real bus, for tests of what the
 * outbox hands over: it records every offered event (once per id, in arrival
 * order) and acknowledges it, unless told not to.
 */
export class RecordingEventSubscriber {
  private readonly seen = new Map<string, DeliveryEvent>();
  private server?: BusServer;
  /** Offers received, acknowledged or not. */
  offers = 0;
  acknowledging = true;

  async start(redisUrl: string, prefix: string): Promise<this> {
    const server = new BusServer({ redisUrl, prefix, service: ServiceName.Webhook });
    server.addHandler(Pattern.IngestDeliveryEvents, async (batch: DeliveryEventBatch): Promise<DeliveryEventReceipt> => {
      this.offers += 1;
      if (!this.acknowledging) return { acknowledged: [] };
      for (const event of batch.events) if (!this.seen.has(event.id)) this.seen.set(event.id, event);
      return { acknowledged: batch.events.map((event) => event.id) };
    });
    await new Promise<void>((resolve, reject) => server.listen((error?: unknown) => (error ? reject(error) : resolve())));
    this.server = server;
    return this;
  }

  eventsOf(deliveryId: string): DeliveryEvent[] {
    return [...this.seen.values()].filter((event) => event.delivery_id === deliveryId);
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
