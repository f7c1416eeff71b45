import { CountRecentDeliveriesRequest, MerchantAccountRequest, MerchantAccountRecord } from './accounts';
import {
  AdvanceDeliveryRequest,
  CreateDeliveryReply,
  CreateDeliveryRequest,
  DeliveryEventBatch,
  DeliveryEventReceipt,
  DeliveryRecord,
  DeliveryRecordPage,
  DeliveryRef,
  ListDeliveriesRequest,
  PeekedQuote,
  ProofRecord,
  PublicTracking,
  PublicTrackingRequest,
  TrackingSnapshot,
} from './deliveries';
import { PingReply } from './health';
import {
  AnswerRerouteRequest,
  RerouteRecordList,
  RerouteRequest,
  ChangeDriverStandingRequest,
  CreatedDriverRecord,
  CreateDriverRequest,
  DriverAssignmentRecord,
  DriverAvailabilityRequest,
  DriverAuthRequest,
  DriverLocationRequest,
  DriverOfferRequest,
  DriverRecord,
  DriverRecordList,
  DriverReportRequest,
  ProofPhotoRecord,
  ProofPhotoRequest,
  ListDriversRequest,
  OfferRecord,
  OfferRecordList,
  RevokedDriverRecord,
  RotateDriverTokenRequest,
  SetCertificationRequest,
  DriverRef,
} from './drivers';
import {
  CheckoutClaimRef,
  CheckoutPage,
  CheckoutPageRequest,
  CheckoutRecord,
  CheckoutRef,
  ConnectLinkRecord,
  ConnectMerchantRequest,
  CreateCheckoutReply,
  CreateCheckoutRequest,
  ListPayoutsRequest,
  ListRefundsRequest,
  PaymentRecord,
  PayoutRecordPage,
  PayTestCheckoutRequest,
  ProcessorEventRequest,
  RecordDeliveryRefundRequest,
  RefundRecordPage,
} from './payments';
import { CreatePickupLocationRequest, ListPickupLocationsRequest, PickupLocationRecord, PickupLocationRecordList } from './locations';
import { Pattern } from './patterns';
import { ClaimedQuote, ClaimQuoteRequest, CreateQuoteRequest, PeekQuoteRequest, QuoteClaimRef, QuoteRecord, QuoteRef } from './quotes';
import { MerchantScope } from './scope';
import { ServiceName } from './services';
import {
  WebhookAttemptRecord,
  CreateWebhookRequest,
  EventDetailRecord,
  EventRecordPage,
  EventRef,
  ListEventsRequest,
  ListWebhooksRequest,
  RecoveryRecord,
  RecoverWebhookRequest,
  ResendEventRequest,
  RotateWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookRecord,
  WebhookRecordList,
  WebhookRef,
  WebhookWithSecretRecord,
} from './webhooks';

/** A health ping carries nothing. */
export type PingRequest = Record<never, never>;

interface Entry<TRequest, TReply, TOwner extends ServiceName> {
  request: TRequest;
  reply: TReply;
  owner: TOwner;
}

type Quote = typeof ServiceName.Quote;
type Delivery = typeof ServiceName.Delivery;
type Payment = typeof ServiceName.Payment;
type Webhook = typeof ServiceName.Webhook;

/**
 * Every request/reply pattern: what it carries, what comes back and which
 * service answers. The runtime tables (PATTERN_ROUTES, BUS_REQUEST_MESSAGES)
 * are typed from it, and the bus client's `request` and the services'
 * `@BusHandler` read it, so a payload or reply of the wrong shape does not compile.
 */
export interface BusContract {
  [Pattern.QuotePing]: Entry<PingRequest, PingReply, Quote>;
  [Pattern.DeliveryPing]: Entry<PingRequest, PingReply, Delivery>;
  [Pattern.PaymentPing]: Entry<PingRequest, PingReply, Payment>;
  [Pattern.WebhookPing]: Entry<PingRequest, PingReply, Webhook>;
  [Pattern.CreateQuote]: Entry<CreateQuoteRequest, QuoteRecord, Quote>;
  [Pattern.GetQuote]: Entry<QuoteRef, QuoteRecord, Quote>;
  [Pattern.ClaimQuote]: Entry<ClaimQuoteRequest, ClaimedQuote, Quote>;
  [Pattern.ExpireQuote]: Entry<QuoteRef, QuoteRecord, Quote>;
  [Pattern.PeekQuote]: Entry<PeekQuoteRequest, PeekedQuote, Quote>;
  [Pattern.ReleaseQuote]: Entry<QuoteClaimRef, { released: boolean }, Quote>;
  [Pattern.CreateDelivery]: Entry<CreateDeliveryRequest, CreateDeliveryReply, Delivery>;
  [Pattern.GetDelivery]: Entry<DeliveryRef, DeliveryRecord, Delivery>;
  [Pattern.ListDeliveries]: Entry<ListDeliveriesRequest, DeliveryRecordPage, Delivery>;
  [Pattern.CancelDelivery]: Entry<DeliveryRef, DeliveryRecord, Delivery>;
  [Pattern.AdvanceDelivery]: Entry<AdvanceDeliveryRequest, DeliveryRecord, Delivery>;
  [Pattern.GetTracking]: Entry<DeliveryRef, TrackingSnapshot, Delivery>;
  [Pattern.GetPublicTracking]: Entry<PublicTrackingRequest, PublicTracking, Delivery>;
  [Pattern.GetMerchantAccount]: Entry<MerchantAccountRequest, MerchantAccountRecord, Payment>;
  [Pattern.CountRecentDeliveries]: Entry<CountRecentDeliveriesRequest, number, Delivery>;
  [Pattern.CreateWebhook]: Entry<CreateWebhookRequest, WebhookWithSecretRecord, Webhook>;
  [Pattern.ListWebhooks]: Entry<ListWebhooksRequest, WebhookRecordList, Webhook>;
  [Pattern.UpdateWebhook]: Entry<UpdateWebhookRequest, WebhookRecord, Webhook>;
  [Pattern.DeleteWebhook]: Entry<WebhookRef, { id: string }, Webhook>;
  [Pattern.PingWebhook]: Entry<WebhookRef, WebhookAttemptRecord, Webhook>;
  [Pattern.ListEvents]: Entry<ListEventsRequest, EventRecordPage, Webhook>;
  [Pattern.GetEvent]: Entry<EventRef, EventDetailRecord, Webhook>;
  [Pattern.ResendEvent]: Entry<ResendEventRequest, WebhookAttemptRecord, Webhook>;
  [Pattern.RotateWebhookSecret]: Entry<RotateWebhookSecretRequest, WebhookWithSecretRecord, Webhook>;
  [Pattern.RecoverWebhookDestinations]: Entry<RecoverWebhookRequest, RecoveryRecord, Webhook>;
  [Pattern.IngestDeliveryEvents]: Entry<DeliveryEventBatch, DeliveryEventReceipt, Webhook>;
  [Pattern.CreatePickupLocation]: Entry<CreatePickupLocationRequest, PickupLocationRecord, Delivery>;
  [Pattern.ListPickupLocations]: Entry<ListPickupLocationsRequest, PickupLocationRecordList, Delivery>;
  [Pattern.CreateCheckout]: Entry<CreateCheckoutRequest, CreateCheckoutReply, Payment>;
  [Pattern.GetCheckout]: Entry<CheckoutRef, CheckoutRecord, Payment>;
  [Pattern.CancelCheckout]: Entry<CheckoutRef, CheckoutRecord, Payment>;
  [Pattern.PayTestCheckout]: Entry<PayTestCheckoutRequest, CheckoutRecord, Payment>;
  [Pattern.GetCheckoutPage]: Entry<CheckoutPageRequest, CheckoutPage, Payment>;
  [Pattern.RefreshCheckoutPage]: Entry<CheckoutPageRequest, CheckoutPage, Payment>;
  [Pattern.ClaimCheckout]: Entry<CheckoutClaimRef, PaymentRecord, Payment>;
  [Pattern.ReleaseCheckout]: Entry<CheckoutClaimRef, { released: boolean }, Payment>;
  [Pattern.ConfirmCheckout]: Entry<CheckoutClaimRef, { confirmed: boolean }, Payment>;
  [Pattern.ConnectMerchant]: Entry<ConnectMerchantRequest, ConnectLinkRecord, Payment>;
  [Pattern.ReceiveProcessorEvent]: Entry<ProcessorEventRequest, { received: boolean }, Payment>;
  [Pattern.ListPayouts]: Entry<ListPayoutsRequest, PayoutRecordPage, Payment>;
  [Pattern.IngestPaymentEvents]: Entry<DeliveryEventBatch, DeliveryEventReceipt, Payment>;
  [Pattern.IngestQuoteEvents]: Entry<DeliveryEventBatch, DeliveryEventReceipt, Quote>;
  [Pattern.CreateDriver]: Entry<CreateDriverRequest, CreatedDriverRecord, Delivery>;
  [Pattern.ListDrivers]: Entry<ListDriversRequest, DriverRecordList, Delivery>;
  [Pattern.SetDriverCertification]: Entry<SetCertificationRequest, DriverRecord, Delivery>;
  [Pattern.SetDriverAvailability]: Entry<DriverAvailabilityRequest, DriverRecord, Delivery>;
  [Pattern.PostDriverLocation]: Entry<DriverLocationRequest, DriverRecord, Delivery>;
  [Pattern.ListDriverOffers]: Entry<DriverAuthRequest, OfferRecordList, Delivery>;
  [Pattern.AcceptOffer]: Entry<DriverOfferRequest, OfferRecord, Delivery>;
  [Pattern.DeclineOffer]: Entry<DriverOfferRequest, OfferRecord, Delivery>;
  [Pattern.ReportDeliveryStatus]: Entry<DriverReportRequest, DriverAssignmentRecord, Delivery>;
  [Pattern.GetDeliveryProof]: Entry<DeliveryRef, ProofRecord, Delivery>;
  [Pattern.AddProofPhoto]: Entry<ProofPhotoRequest, ProofPhotoRecord, Delivery>;
  [Pattern.RerouteDelivery]: Entry<RerouteRequest, DeliveryRecord, Delivery>;
  [Pattern.ListDriverReroutes]: Entry<DriverAuthRequest, RerouteRecordList, Delivery>;
  [Pattern.AnswerReroute]: Entry<AnswerRerouteRequest, DriverAssignmentRecord, Delivery>;
  [Pattern.RevokeDriver]: Entry<DriverRef, RevokedDriverRecord, Delivery>;
  [Pattern.ChangeDriverStanding]: Entry<ChangeDriverStandingRequest, DriverRecord, Delivery>;
  [Pattern.RotateDriverToken]: Entry<RotateDriverTokenRequest, CreatedDriverRecord, Delivery>;
  [Pattern.ListRefunds]: Entry<ListRefundsRequest, RefundRecordPage, Payment>;
  [Pattern.RecordDeliveryRefund]: Entry<RecordDeliveryRefundRequest, { recorded: boolean }, Delivery>;
}

export type PatternRequest<P extends Pattern> = BusContract[P]['request'];
export type PatternReply<P extends Pattern> = BusContract[P]['reply'];
export type PatternOwner<P extends Pattern> = BusContract[P]['owner'];

/** The patterns that act for one merchant in one mode: their request carries its scope. */
export type ScopedPattern = { [P in Pattern]: PatternRequest<P> extends { scope: MerchantScope } ? P : never }[Pattern];

/** A scoped request without its scope: the caller adds the one it acts for. */
export type UnscopedRequest<P extends ScopedPattern> = Omit<PatternRequest<P>, 'scope'>;
