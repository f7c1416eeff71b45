import { busPattern, replyOf } from '../bus/bus-pattern';
import { ServiceName } from '../services';
import { PingReply } from './health';

/** A health ping carries nothing: any field on it is refused. */
export class PingRequest {}

const ping = <const TName extends string, TOwner extends ServiceName>(name: TName, owner: TOwner) => busPattern({ name, owner, message: PingRequest, reply: replyOf<PingReply>() });

/** Each backend service's health ping. */
export const HEALTH_PATTERNS = {
  QuotePing: ping('quote.ping', ServiceName.Quote),
  DeliveryPing: ping('delivery.ping', ServiceName.Delivery),
  PaymentPing: ping('payment.ping', ServiceName.Payment),
  WebhookPing: ping('webhook.ping', ServiceName.Webhook),
};
