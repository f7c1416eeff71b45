// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  CheckoutClaimRef,
  CheckoutCustomer,
  CheckoutPageRequest,
  CheckoutRef,
  ConnectMerchantRequest,
  CreateCheckoutRequest,
  ListPayoutsRequest,
  ListRefundsRequest,
  PayTestCheckoutRequest,
  ProcessorEventRequest,
  RecordDeliveryRefundRequest,
  REFUND_REASONS,
  REFUND_STATUSES,
  RefundReason,
  RefundRecord,
  RefundStatus,
} from '../payments';
import { DELIVERY_ID_PATTERN, NullableButPresent } from './message-rules';
import { PageMessage, ScopedMessage } from './scope.messages';

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

export class CreateCheckoutMessage extends ScopedMessage implements CreateCheckoutRequest {
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

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  idempotencyKey?: string;
}

/** The checkout id comes from the merchant's URL or body: an unknown one is not found, whatever its shape. */
export class CheckoutRefMessage extends ScopedMessage implements CheckoutRef {
  @IsString()
  @IsNotEmpty()
  checkoutId!: string;
}

export class PayTestCheckoutMessage extends CheckoutRefMessage implements PayTestCheckoutRequest {
  @IsString()
  @IsNotEmpty()
  card!: string;
}

export class CheckoutPageMessage implements CheckoutPageRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  checkoutId!: string;
}

export class CheckoutClaimRefMessage extends CheckoutRefMessage implements CheckoutClaimRef {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;

  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  claimant!: string;
}

export class ConnectMerchantMessage extends ScopedMessage implements ConnectMerchantRequest {
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

export class ProcessorEventMessage implements ProcessorEventRequest {
  @IsString()
  @MaxLength(1024 * 1024)
  payload!: string;

  @IsString()
  @MaxLength(4096)
  signature!: string;
}

export class ListPayoutsMessage extends PageMessage implements ListPayoutsRequest {}

export class ListRefundsMessage extends PageMessage implements ListRefundsRequest {}

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

export class RecordDeliveryRefundMessage extends ScopedMessage implements RecordDeliveryRefundRequest {
  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  deliveryId!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => RefundMessage)
  refund!: RefundMessage;
}
