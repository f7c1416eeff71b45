import { PatternRequest } from '../bus-contract';
import { Pattern } from '../patterns';
import { CountRecentDeliveriesMessage, MerchantAccountMessage } from './accounts.messages';
import { AdvanceDeliveryMessage, CreateDeliveryMessage, DeliveryRefMessage, ListDeliveriesMessage, PublicTrackingMessage } from './deliveries.messages';
import { PingMessage } from './health.messages';
import { CreatePickupLocationMessage, ListPickupLocationsMessage } from './locations.messages';
import { BusMessageClass } from './message-rules';
import {
  AnswerRerouteMessage,
  RerouteMessage,
  ChangeDriverStandingMessage,
  CreateDriverMessage,
  DriverAuthMessage,
  DriverAvailabilityMessage,
  DriverLocationMessage,
  DriverOfferMessage,
  DriverRefMessage,
  DriverReportMessage,
  ListDriversMessage,
  RotateDriverTokenMessage,
  ProofPhotoMessage,
  SetCertificationMessage,
} from './drivers.messages';
import {
  CheckoutClaimRefMessage,
  CheckoutPageMessage,
  CheckoutRefMessage,
  ConnectMerchantMessage,
  CreateCheckoutMessage,
  ListPayoutsMessage,
  ListRefundsMessage,
  PayTestCheckoutMessage,
  ProcessorEventMessage,
  RecordDeliveryRefundMessage,
} from './payments.messages';
import { ClaimQuoteMessage, CreateQuoteMessage, PeekQuoteMessage, QuoteClaimRefMessage, QuoteRefMessage } from './quotes.messages';
import {
  CreateWebhookMessage,
  DeliveryEventBatchMessage,
  EventRefMessage,
  ListEventsMessage,
  ListWebhooksMessage,
  RecoverWebhookMessage,
  ResendEventMessage,
  RotateWebhookSecretMessage,
  UpdateWebhookMessage,
  WebhookRefMessage,
} from './webhooks.messages';

type FieldsOf<T> = { [K in keyof T]: unknown };

/**
 * The class every request pattern's payload must satisfy. Keyed by every
 * pattern: a new pattern does not compile until it names its message class,
 * so no handler can receive an unchecked payload; and the class must declare
 * every field of the request type the bus contract gives that pattern, so a
 * field renamed on one side does not compile. (Field types may be looser: the
 * event batch takes its events as `unknown` and checks them one by one.)
 */
export const BUS_REQUEST_MESSAGES: { readonly [P in Pattern]: BusMessageClass<FieldsOf<PatternRequest<P>>> } = {
  [Pattern.QuotePing]: PingMessage,
  [Pattern.DeliveryPing]: PingMessage,
  [Pattern.PaymentPing]: PingMessage,
  [Pattern.WebhookPing]: PingMessage,
  [Pattern.CreateQuote]: CreateQuoteMessage,
  [Pattern.GetQuote]: QuoteRefMessage,
  [Pattern.ClaimQuote]: ClaimQuoteMessage,
  [Pattern.ExpireQuote]: QuoteRefMessage,
  [Pattern.PeekQuote]: PeekQuoteMessage,
  [Pattern.ReleaseQuote]: QuoteClaimRefMessage,
  [Pattern.CreateDelivery]: CreateDeliveryMessage,
  [Pattern.GetDelivery]: DeliveryRefMessage,
  [Pattern.ListDeliveries]: ListDeliveriesMessage,
  [Pattern.CancelDelivery]: DeliveryRefMessage,
  [Pattern.AdvanceDelivery]: AdvanceDeliveryMessage,
  [Pattern.GetTracking]: DeliveryRefMessage,
  [Pattern.GetPublicTracking]: PublicTrackingMessage,
  [Pattern.GetMerchantAccount]: MerchantAccountMessage,
  [Pattern.CountRecentDeliveries]: CountRecentDeliveriesMessage,
  [Pattern.CreateWebhook]: CreateWebhookMessage,
  [Pattern.ListWebhooks]: ListWebhooksMessage,
  [Pattern.UpdateWebhook]: UpdateWebhookMessage,
  [Pattern.DeleteWebhook]: WebhookRefMessage,
  [Pattern.PingWebhook]: WebhookRefMessage,
  [Pattern.RotateWebhookSecret]: RotateWebhookSecretMessage,
  [Pattern.RecoverWebhookDestinations]: RecoverWebhookMessage,
  [Pattern.ListEvents]: ListEventsMessage,
  [Pattern.GetEvent]: EventRefMessage,
  [Pattern.ResendEvent]: ResendEventMessage,
  [Pattern.IngestDeliveryEvents]: DeliveryEventBatchMessage,
  [Pattern.CreatePickupLocation]: CreatePickupLocationMessage,
  [Pattern.ListPickupLocations]: ListPickupLocationsMessage,
  [Pattern.CreateCheckout]: CreateCheckoutMessage,
  [Pattern.GetCheckout]: CheckoutRefMessage,
  [Pattern.CancelCheckout]: CheckoutRefMessage,
  [Pattern.PayTestCheckout]: PayTestCheckoutMessage,
  [Pattern.GetCheckoutPage]: CheckoutPageMessage,
  [Pattern.RefreshCheckoutPage]: CheckoutPageMessage,
  [Pattern.ClaimCheckout]: CheckoutClaimRefMessage,
  [Pattern.ReleaseCheckout]: CheckoutClaimRefMessage,
  [Pattern.ConfirmCheckout]: CheckoutClaimRefMessage,
  [Pattern.ConnectMerchant]: ConnectMerchantMessage,
  [Pattern.ReceiveProcessorEvent]: ProcessorEventMessage,
  [Pattern.ListPayouts]: ListPayoutsMessage,
  [Pattern.IngestPaymentEvents]: DeliveryEventBatchMessage,
  [Pattern.IngestQuoteEvents]: DeliveryEventBatchMessage,
  [Pattern.CreateDriver]: CreateDriverMessage,
  [Pattern.ListDrivers]: ListDriversMessage,
  [Pattern.SetDriverCertification]: SetCertificationMessage,
  [Pattern.SetDriverAvailability]: DriverAvailabilityMessage,
  [Pattern.PostDriverLocation]: DriverLocationMessage,
  [Pattern.ListDriverOffers]: DriverAuthMessage,
  [Pattern.AcceptOffer]: DriverOfferMessage,
  [Pattern.DeclineOffer]: DriverOfferMessage,
  [Pattern.ReportDeliveryStatus]: DriverReportMessage,
  [Pattern.GetDeliveryProof]: DeliveryRefMessage,
  [Pattern.AddProofPhoto]: ProofPhotoMessage,
  [Pattern.RerouteDelivery]: RerouteMessage,
  [Pattern.ListDriverReroutes]: DriverAuthMessage,
  [Pattern.AnswerReroute]: AnswerRerouteMessage,
  [Pattern.RevokeDriver]: DriverRefMessage,
  [Pattern.ChangeDriverStanding]: ChangeDriverStandingMessage,
  [Pattern.RotateDriverToken]: RotateDriverTokenMessage,
  [Pattern.ListRefunds]: ListRefundsMessage,
  [Pattern.RecordDeliveryRefund]: RecordDeliveryRefundMessage,
};
