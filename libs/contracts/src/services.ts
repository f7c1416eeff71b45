/** The deployables. A service's name is also the root of its queue names. */
export const ServiceName = {
  Gateway: 'api-gateway',
  Quote: 'quote-service',
  Delivery: 'delivery-service',
  Payment: 'payment-service',
  Webhook: 'webhook-dispatcher',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

/** The services the gateway talks to over the bus. */
export const BACKEND_SERVICES: readonly ServiceName[] = [ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook];
