import { firstValueFrom } from 'rxjs';
import { QuoteRecord, ServiceName } from '@sdd/contracts';
import { BusClient, BusServer } from '@sdd/bus';
import { KeyScope } from './api-key-cache';
import { MonolithWork } from './monolith.app';
import { MonolithStore } from './monolith.store';
import { QuoteRequest } from './quote-request';

/**
 * The monolith anchor split in two by the design card's one hop: the front
 * (Fastify, keys, body) sends the work over our bus (@sdd/bus: BullMQ on
 * Redis, as the gateway calls a service) to a store process that does it.
 * What it loses against the process per core is what the hop costs; what the
 * services lose against it is everything else they do.
 */
export const MonolithPattern = { Quote: 'monolith.quote', Delivery: 'monolith.delivery' } as const;

/** The one request queue both patterns go to: the store answers both. */
export const MONOLITH_STORE_QUEUE = ServiceName.Quote;
export const MONOLITH_ROUTES = { [MonolithPattern.Quote]: MONOLITH_STORE_QUEUE, [MonolithPattern.Delivery]: MONOLITH_STORE_QUEUE };

interface QuoteMessage {
  request: QuoteRequest;
  scope: KeyScope;
}

interface DeliveryMessage {
  id: string;
  scope: KeyScope;
}

/** The front's side: keys from its own Postgres pool (as the gateway reads keys itself), the rest across the hop. */
export function overBusWork(client: BusClient, keys: MonolithStore): MonolithWork {
  return {
    keyScope: (keyHash) => keys.keyScope(keyHash),
    quote: (request, scope) => firstValueFrom(client.send<QuoteRecord, QuoteMessage>(MonolithPattern.Quote, { request, scope })),
    delivery: (id, scope) => firstValueFrom(client.send<unknown, DeliveryMessage>(MonolithPattern.Delivery, { id, scope })),
  };
}

/** The store's side: the in-process work, answered on the bus (a delivery not found travels as null). */
export function serveOverBus(server: BusServer, work: MonolithWork): void {
  server.addHandler(MonolithPattern.Quote, ({ request, scope }: QuoteMessage) => work.quote(request, scope));
  server.addHandler(MonolithPattern.Delivery, async ({ id, scope }: DeliveryMessage) => (await work.delivery(id, scope)) ?? null);
}
