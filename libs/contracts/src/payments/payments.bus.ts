// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { DELIVERY_ID_PATTERN, NullableButPresent } from '../bus/message-rules';
import { DeliveryEventReceipt } from '../deliveries/deliveries';
import { DeliveryEventBatch } from '../deliveries/deliveries.bus';
import { PageMessage, ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import {
  CHECKOUT_STATUSES,
  CheckoutCustomer,
  CheckoutPage,
  CheckoutRecord,
  CheckoutRecordPage,
  CheckoutStatus,
  ConnectLinkRecord,
  CreateCheckoutReply,
  PaymentRecord,
  PayoutRecordPage,
  REFUND_REASONS,
  REFUND_STATUSES,
  RefundReason,
  RefundRecord,
  RefundRecordPage,
  RefundStatus,
} from './payments';

const HTTP_URL = /^https?:\/\/[^\s]+$/;

export class CheckoutCustomerMessage implements CheckoutCustomer {
  @NullableButPresent()
  @IsString()
  name!: string | null;

  @NullableButPresent()
  @IsEmail()
  email!: string | null;

  @NullableButPresent()
  @IsString()
  phone!: string | null;
}

export class CreateCheckoutRequest extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;

  @IsInt()
  @Min(0)
  itemsSubtotal!: number;

  @NullableButPresent()
  @Matches(HTTP_URL)
  successUrl!: string | null;

  @NullableButPresent()
  @Matches(HTTP_URL)
  cancelUrl!: string | null;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckoutCustomerMessage)
  customer!: CheckoutCustomerMessage;

  @NullableButPresent()
  @IsString()
  @IsNotEmpty()
  stripeVersion!: string | null;

  /** The gateway's request token for an idempotent request: every attempt names the same checkout. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  idempotencyKey?: string;
}

/** The checkout id comes from the merchant's URL or body: an unknown one is not found, whatever its shape. */
export class CheckoutRef extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  checkoutId!: string;
}

export class PayTestCheckoutRequest extends CheckoutRef {
  /** A test card number (4242…, 4000…0002, 4000 0027 6000 3184), spaces allowed. */
  @IsString()
  @IsNotEmpty()
  card!: string;
}

/** The hosted payment page reaches a checkout by its id alone (no API key). */
export class CheckoutPageRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  checkoutId!: string;
}

/** Delivery-service claims a paid checkout for one delivery (the claimant) before it writes it. */
export class CheckoutClaimRef extends CheckoutRef {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;

  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  claimant!: string;
}

export class ConnectMerchantRequest extends ScopedMessage {
  @IsEmail()
  email!: string;

  @IsString()
  @IsNotEmpty()
  businessName!: string;

  @NullableButPresent()
  @Matches(HTTP_URL)
  returnUrl!: string | null;

  @NullableButPresent()
  @Matches(HTTP_URL)
  refreshUrl!: string | null;
}

/** A processor event as the gateway received it: verified by payment-service against the raw body. */
export class ProcessorEventRequest {
  @IsString()
  @MaxLength(1024 * 1024)
  payload!: string;

  @IsString()
  @MaxLength(4096)
  signature!: string;
}

/** GET /v1/checkouts: a page, optionally of one status (as the merchant sees it: `expired` and `refunded` included), optionally of the one delivery a checkout paid for. */
export class ListCheckoutsRequest extends PageMessage {
  @IsOptional()
  @IsIn(CHECKOUT_STATUSES)
  status?: CheckoutStatus;

  @IsOptional()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  deliveryId?: string;
}

export class ListPayoutsRequest extends PageMessage {}

export class ListRefundsRequest extends PageMessage {}

export class RefundMessage implements RefundRecord {
  @IsString()
  @IsNotEmpty()
  id!: string;

  @NullableButPresent()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  deliveryId!: string | null;

  @IsString()
  @IsNotEmpty()
  checkoutId!: string;

  @IsInt()
  @Min(1)
  amount!: number;

  @IsString()
  @IsNotEmpty()
  currency!: string;

  @IsIn(REFUND_REASONS)
  reason!: RefundReason;

  @IsIn(REFUND_STATUSES)
  status!: RefundStatus;

  @NullableButPresent()
  @IsString()
  processorRefundId!: string | null;

  @IsString()
  @IsNotEmpty()
  createdAt!: string;
}

/** payment-service tells delivery-service that a delivery's refund was made: delivery-service records it and its event. */
export class RecordDeliveryRefundRequest extends ScopedMessage {
  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  deliveryId!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => RefundMessage)
  refund!: RefundMessage;
}

const owner = ServiceName.Payment;

export const PAYMENT_PATTERNS = {
  // These wait for the payment processor, which may take several seconds (its SDK retries).
  CreateCheckout: busPattern({ name: 'payment.create_checkout', owner, message: CreateCheckoutRequest, reply: replyOf<CreateCheckoutReply>(), timeoutMs: 20_000 }),
  GetCheckout: busPattern({ name: 'payment.get_checkout', owner, message: CheckoutRef, reply: replyOf<CheckoutRecord>() }),
  CancelCheckout: busPattern({ name: 'payment.cancel_checkout', owner, message: CheckoutRef, reply: replyOf<CheckoutRecord>(), timeoutMs: 20_000 }),
  PayTestCheckout: busPattern({ name: 'payment.pay_test_checkout', owner, message: PayTestCheckoutRequest, reply: replyOf<CheckoutRecord>(), timeoutMs: 20_000 }),
  GetCheckoutPage: busPattern({ name: 'payment.get_checkout_page', owner, message: CheckoutPageRequest, reply: replyOf<CheckoutPage>() }),
  /** The hosted page after the browser confirmed the payment: payment-service asks the processor how it went. */
  RefreshCheckoutPage: busPattern({ name: 'payment.refresh_checkout_page', owner, message: CheckoutPageRequest, reply: replyOf<CheckoutPage>(), timeoutMs: 20_000 }),
  ClaimCheckout: busPattern({ name: 'payment.claim_checkout', owner, message: CheckoutClaimRef, reply: replyOf<PaymentRecord>(), timeoutMs: 15_000 }),
  ReleaseCheckout: busPattern({ name: 'payment.release_checkout', owner, message: CheckoutClaimRef, reply: replyOf<{ released: boolean }>() }),
  ConfirmCheckout: busPattern({ name: 'payment.confirm_checkout', owner, message: CheckoutClaimRef, reply: replyOf<{ confirmed: boolean }>() }),
  ConnectMerchant: busPattern({ name: 'payment.connect_merchant', owner, message: ConnectMerchantRequest, reply: replyOf<ConnectLinkRecord>(), timeoutMs: 20_000 }),
  ReceiveProcessorEvent: busPattern({ name: 'payment.receive_processor_event', owner, message: ProcessorEventRequest, reply: replyOf<{ received: boolean }>() }),
  ListCheckouts: busPattern({ name: 'payment.list_checkouts', owner, message: ListCheckoutsRequest, reply: replyOf<CheckoutRecordPage>() }),
  ListPayouts: busPattern({ name: 'payment.list_payouts', owner, message: ListPayoutsRequest, reply: replyOf<PayoutRecordPage>() }),
  ListRefunds: busPattern({ name: 'payment.list_refunds', owner, message: ListRefundsRequest, reply: replyOf<RefundRecordPage>() }),
  /** The outbox offers delivery events to payment-service: money moves on delivered, cancelled and failed. */
  IngestPaymentEvents: busPattern({ name: 'payment.ingest_delivery_events', owner, message: DeliveryEventBatch, reply: replyOf<DeliveryEventReceipt>(), timeoutMs: 10_000 }),
  /** payment-service reports a delivery's refund made: delivery-service records it with its delivery.refunded event. */
  RecordDeliveryRefund: busPattern({ name: 'delivery.record_refund', owner: ServiceName.Delivery, message: RecordDeliveryRefundRequest, reply: replyOf<{ recorded: boolean }>() }),
};
