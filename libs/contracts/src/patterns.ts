import type { BusContract, PatternOwner } from './bus-contract';
import type { DeliveryEventBatch } from './deliveries';
import { EventSubscriber } from './events';
import { ServiceName } from './services';

/** Request/reply patterns (`@MessagePattern`). Never rename one once live. */
export const Pattern = {
  QuotePing: 'quote.ping',
  DeliveryPing: 'delivery.ping',
  PaymentPing: 'payment.ping',
  WebhookPing: 'webhook.ping',
  CreateQuote: 'quote.create',
  GetQuote: 'quote.get',
  ClaimQuote: 'quote.claim',
  ExpireQuote: 'quote.expire',
  PeekQuote: 'quote.peek',
  ReleaseQuote: 'quote.release',
  /** The outbox offers delivery.created to quote-service: it confirms the claim of each delivery written. */
  IngestQuoteEvents: 'quote.ingest_delivery_events',
  CreateDelivery: 'delivery.create',
  GetDelivery: 'delivery.get',
  ListDeliveries: 'delivery.list',
  CancelDelivery: 'delivery.cancel',
  AdvanceDelivery: 'delivery.advance',
  GetTracking: 'delivery.tracking',
  GetPublicTracking: 'delivery.public_tracking',
  GetMerchantAccount: 'payment.get_merchant_account',
  CountRecentDeliveries: 'delivery.count_recent',
  CreateWebhook: 'webhook.create',
  ListWebhooks: 'webhook.list',
  UpdateWebhook: 'webhook.update',
  DeleteWebhook: 'webhook.delete',
  PingWebhook: 'webhook.send_test',
  ListEvents: 'webhook.list_events',
  GetEvent: 'webhook.get_event',
  ResendEvent: 'webhook.resend_event',
  RotateWebhookSecret: 'webhook.rotate_secret',
  RecoverWebhookDestinations: 'webhook.recover_deliveries',
  /** The outbox offers delivery events; the reply acknowledges those stored. */
  IngestDeliveryEvents: 'webhook.ingest_delivery_events',
  CreatePickupLocation: 'delivery.create_pickup_location',
  ListPickupLocations: 'delivery.list_pickup_locations',
  CreateCheckout: 'payment.create_checkout',
  GetCheckout: 'payment.get_checkout',
  CancelCheckout: 'payment.cancel_checkout',
  PayTestCheckout: 'payment.pay_test_checkout',
  GetCheckoutPage: 'payment.get_checkout_page',
  /** The hosted page after the browser confirmed the payment: payment-service asks the processor how it went. */
  RefreshCheckoutPage: 'payment.refresh_checkout_page',
  ClaimCheckout: 'payment.claim_checkout',
  ReleaseCheckout: 'payment.release_checkout',
  ConfirmCheckout: 'payment.confirm_checkout',
  ConnectMerchant: 'payment.connect_merchant',
  ReceiveProcessorEvent: 'payment.receive_processor_event',
  ListPayouts: 'payment.list_payouts',
  /** The outbox offers delivery events to payment-service: money moves on delivered, cancelled and failed. */
  IngestPaymentEvents: 'payment.ingest_delivery_events',
  CreateDriver: 'delivery.create_driver',
  ListDrivers: 'delivery.list_drivers',
  SetDriverCertification: 'delivery.set_driver_certification',
  SetDriverAvailability: 'delivery.driver_availability',
  PostDriverLocation: 'delivery.driver_location',
  ListDriverOffers: 'delivery.driver_offers',
  AcceptOffer: 'delivery.accept_offer',
  DeclineOffer: 'delivery.decline_offer',
  ReportDeliveryStatus: 'delivery.driver_report',
  GetDeliveryProof: 'delivery.get_proof',
  AddProofPhoto: 'delivery.add_proof_photo',
  RerouteDelivery: 'delivery.reroute',
  ListDriverReroutes: 'delivery.driver_reroutes',
  AnswerReroute: 'delivery.answer_reroute',
  RevokeDriver: 'delivery.revoke_driver',
  ChangeDriverStanding: 'delivery.change_driver_standing',
  RotateDriverToken: 'delivery.rotate_driver_token',
  ListRefunds: 'payment.list_refunds',
  /** payment-service reports a delivery's refund made: delivery-service records it with its delivery.refunded event. */
  RecordDeliveryRefund: 'delivery.record_refund',
} as const;
export type Pattern = (typeof Pattern)[keyof typeof Pattern];

/**
 * Which service answers each pattern: the bus client sends the request to that
 * service's queue. Typed by the bus contract: an owner that disagrees with it does not compile.
 */
export const PATTERN_ROUTES: { readonly [P in Pattern]: PatternOwner<P> } = {
  [Pattern.QuotePing]: ServiceName.Quote,
  [Pattern.DeliveryPing]: ServiceName.Delivery,
  [Pattern.PaymentPing]: ServiceName.Payment,
  [Pattern.WebhookPing]: ServiceName.Webhook,
  [Pattern.CreateQuote]: ServiceName.Quote,
  [Pattern.GetQuote]: ServiceName.Quote,
  [Pattern.ClaimQuote]: ServiceName.Quote,
  [Pattern.ExpireQuote]: ServiceName.Quote,
  [Pattern.PeekQuote]: ServiceName.Quote,
  [Pattern.ReleaseQuote]: ServiceName.Quote,
  [Pattern.IngestQuoteEvents]: ServiceName.Quote,
  [Pattern.CreateDelivery]: ServiceName.Delivery,
  [Pattern.GetDelivery]: ServiceName.Delivery,
  [Pattern.ListDeliveries]: ServiceName.Delivery,
  [Pattern.CancelDelivery]: ServiceName.Delivery,
  [Pattern.AdvanceDelivery]: ServiceName.Delivery,
  [Pattern.GetTracking]: ServiceName.Delivery,
  [Pattern.GetPublicTracking]: ServiceName.Delivery,
  [Pattern.GetMerchantAccount]: ServiceName.Payment,
  [Pattern.CountRecentDeliveries]: ServiceName.Delivery,
  [Pattern.CreateWebhook]: ServiceName.Webhook,
  [Pattern.ListWebhooks]: ServiceName.Webhook,
  [Pattern.UpdateWebhook]: ServiceName.Webhook,
  [Pattern.DeleteWebhook]: ServiceName.Webhook,
  [Pattern.PingWebhook]: ServiceName.Webhook,
  [Pattern.ListEvents]: ServiceName.Webhook,
  [Pattern.GetEvent]: ServiceName.Webhook,
  [Pattern.ResendEvent]: ServiceName.Webhook,
  [Pattern.RotateWebhookSecret]: ServiceName.Webhook,
  [Pattern.RecoverWebhookDestinations]: ServiceName.Webhook,
  [Pattern.IngestDeliveryEvents]: ServiceName.Webhook,
  [Pattern.CreatePickupLocation]: ServiceName.Delivery,
  [Pattern.ListPickupLocations]: ServiceName.Delivery,
  [Pattern.CreateCheckout]: ServiceName.Payment,
  [Pattern.GetCheckout]: ServiceName.Payment,
  [Pattern.CancelCheckout]: ServiceName.Payment,
  [Pattern.PayTestCheckout]: ServiceName.Payment,
  [Pattern.GetCheckoutPage]: ServiceName.Payment,
  [Pattern.RefreshCheckoutPage]: ServiceName.Payment,
  [Pattern.ClaimCheckout]: ServiceName.Payment,
  [Pattern.ReleaseCheckout]: ServiceName.Payment,
  [Pattern.ConfirmCheckout]: ServiceName.Payment,
  [Pattern.ConnectMerchant]: ServiceName.Payment,
  [Pattern.ReceiveProcessorEvent]: ServiceName.Payment,
  [Pattern.ListPayouts]: ServiceName.Payment,
  [Pattern.IngestPaymentEvents]: ServiceName.Payment,
  [Pattern.CreateDriver]: ServiceName.Delivery,
  [Pattern.ListDrivers]: ServiceName.Delivery,
  [Pattern.SetDriverCertification]: ServiceName.Delivery,
  [Pattern.SetDriverAvailability]: ServiceName.Delivery,
  [Pattern.PostDriverLocation]: ServiceName.Delivery,
  [Pattern.ListDriverOffers]: ServiceName.Delivery,
  [Pattern.AcceptOffer]: ServiceName.Delivery,
  [Pattern.DeclineOffer]: ServiceName.Delivery,
  [Pattern.ReportDeliveryStatus]: ServiceName.Delivery,
  [Pattern.GetDeliveryProof]: ServiceName.Delivery,
  [Pattern.AddProofPhoto]: ServiceName.Delivery,
  [Pattern.RerouteDelivery]: ServiceName.Delivery,
  [Pattern.ListDriverReroutes]: ServiceName.Delivery,
  [Pattern.AnswerReroute]: ServiceName.Delivery,
  [Pattern.RevokeDriver]: ServiceName.Delivery,
  [Pattern.ChangeDriverStanding]: ServiceName.Delivery,
  [Pattern.RotateDriverToken]: ServiceName.Delivery,
  [Pattern.ListRefunds]: ServiceName.Payment,
  [Pattern.RecordDeliveryRefund]: ServiceName.Delivery,
};

/**
 * Patterns whose handler legitimately takes longer than the bus timeout: they
 * call a merchant's endpoint, which has 10 s to answer, and wait for it.
 */
export const PATTERN_TIMEOUT_MS: Readonly<Partial<Record<Pattern, number>>> = {
  [Pattern.PingWebhook]: 15_000,
  [Pattern.ResendEvent]: 15_000,
  // A batch of events is stored and fanned out in a few statements; a slow reply is offered again, never lost.
  [Pattern.IngestDeliveryEvents]: 10_000,
  // These wait for the payment processor, which may take several seconds (its SDK retries).
  [Pattern.CreateCheckout]: 20_000,
  [Pattern.CancelCheckout]: 20_000,
  [Pattern.PayTestCheckout]: 20_000,
  [Pattern.RefreshCheckoutPage]: 20_000,
  [Pattern.ClaimCheckout]: 15_000,
  [Pattern.ConnectMerchant]: 20_000,
  [Pattern.IngestPaymentEvents]: 10_000,
  // Prices the new route with quote-service first.
  [Pattern.RerouteDelivery]: 10_000,
};

/** Where the outbox hands delivery events to each subscriber. */
export const EVENT_INTAKE_PATTERN: Readonly<Record<EventSubscriber, IntakePattern>> = {
  [ServiceName.Webhook]: Pattern.IngestDeliveryEvents,
  [ServiceName.Payment]: Pattern.IngestPaymentEvents,
  [ServiceName.Quote]: Pattern.IngestQuoteEvents,
};

/** The patterns that take a batch of delivery events. */
export type IntakePattern = { [P in Pattern]: BusContract[P]['request'] extends DeliveryEventBatch ? P : never }[Pattern];

/** The health pings. */
export type PingPattern = typeof Pattern.QuotePing | typeof Pattern.DeliveryPing | typeof Pattern.PaymentPing | typeof Pattern.WebhookPing;

/** The health ping each backend service answers. */
export const PING_PATTERN: Readonly<Record<ServiceName, PingPattern | undefined>> = {
  [ServiceName.Gateway]: undefined,
  [ServiceName.Quote]: Pattern.QuotePing,
  [ServiceName.Delivery]: Pattern.DeliveryPing,
  [ServiceName.Payment]: Pattern.PaymentPing,
  [ServiceName.Webhook]: Pattern.WebhookPing,
};
