import { ServiceName } from './services';

/**
 * Queue names of the bus. Each is wrapped in a Redis Cluster hash tag, so
 * that every key of one queue (`<BUS_PREFIX>:{name}:wait`, `…:active`, …)
 * lands in one slot, as BullMQ's scripts need, while different queues spread
 * over the cluster's shards. Renaming a queue strands the jobs waiting in the
 * old one: Postgres still holds the work (reconcilers and the outbox re-queue
 * it), but only after their own delays.
 */
export const BusQueue = {
  /** Request/reply messages (`client.send`) for one service; its replicas compete. */
  requests: (service: ServiceName): string => `{${service}.requests}`,
  /** Replies for one client process, a Redis list read by that process only. */
  replies: (clientId: string): string => `replies.${clientId}`,
} as const;

/** Queues a service keeps for its own delayed work (not part of the bus). */
export const ServiceQueue = {
  /** One delayed job per test delivery, re-delayed to each step of its simulated timeline. */
  DeliveryTimeline: '{delivery-service.timeline}',
  /** One job per attempt of an event to one endpoint; retries are delayed jobs. */
  WebhookAttempts: '{webhook-dispatcher.attempts}',
} as const;

/** Service queues (beside the bus's) each app consumes. */
const OWN_QUEUES: Record<ServiceName, readonly string[]> = {
  [ServiceName.Gateway]: [],
  [ServiceName.Quote]: [],
  [ServiceName.Delivery]: [ServiceQueue.DeliveryTimeline],
  [ServiceName.Payment]: [],
  [ServiceName.Webhook]: [ServiceQueue.WebhookAttempts],
};

/** The queues each app takes jobs from: what its queue-depth metrics report and what scales it. The gateway only sends. */
export function queuesConsumedBy(service: ServiceName): string[] {
  return service === ServiceName.Gateway ? [] : [BusQueue.requests(service), ...OWN_QUEUES[service]];
}
