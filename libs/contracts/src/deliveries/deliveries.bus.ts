// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsISO8601, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { IsStringRecord, NullableButPresent } from '../bus/message-rules';
import { CATEGORIES, Category } from '../quotes/quotes';
import { PageMessage, ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import {
  CancellationPreviewRecord,
  CreateDeliveryReply,
  DELIVERY_EVENT_BATCH_MAX,
  DeliveryEvent,
  DeliveryRecord,
  DeliveryRecordPage,
  ProofRecord,
  PublicTracking,
  TEST_SCENARIOS,
  TestScenario,
  TrackingSnapshot,
  UNDELIVERABLE_ACTIONS,
  UndeliverableAction,
} from './deliveries';

export class RecipientMessage {
  @IsString()
  @IsNotEmpty()
  name!: string;

  @IsString()
  @IsNotEmpty()
  phone!: string;

  @NullableButPresent()
  @IsString()
  email!: string | null;
}

export class PickupContactMessage {
  @NullableButPresent()
  @IsString()
  name!: string | null;

  @NullableButPresent()
  @IsString()
  phone!: string | null;
}

/** What the merchant sent, after the gateway validated it and normalised phones to E.164. */
export class CreateDeliveryRequest extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  checkoutId?: string;

  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;

  @IsOptional()
  @IsIn(TEST_SCENARIOS)
  testScenario?: TestScenario;

  @IsOptional()
  @IsIn(UNDELIVERABLE_ACTIONS)
  undeliverableAction?: UndeliverableAction;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => RecipientMessage)
  recipient!: RecipientMessage;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PickupContactMessage)
  pickupContact!: PickupContactMessage;

  @NullableButPresent()
  @IsString()
  dropoffNotes!: string | null;

  @NullableButPresent()
  @IsString()
  externalReference!: string | null;

  @NullableButPresent()
  @IsString()
  description!: string | null;

  @IsStringRecord()
  metadata!: Record<string, string>;

  /**
   * Set when the merchant sent an Idempotency-Key: the gateway's name for this
   * request (unique per merchant and mode). At most one delivery is created
   * for it; a retry gets that delivery back.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  idempotencyKey?: string;
}

/** The delivery id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class DeliveryRef extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  deliveryId!: string;
}

export class AdvanceDeliveryRequest extends DeliveryRef {
  @IsOptional()
  @IsString()
  to?: string;
}

export class ListDeliveriesRequest extends PageMessage {
  @IsOptional()
  @IsString()
  status?: string;

  /** Created at or after this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601()
  createdGte?: string;

  /** Created at or before this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601()
  createdLte?: string;

  /** Exact match. */
  @IsOptional()
  @IsString()
  externalReference?: string;
}

/** The public tracking page: the unguessable token alone, no merchant scope. */
export class PublicTrackingRequest {
  @IsString()
  @IsNotEmpty()
  token!: string;
}

/**
 * What the outbox offers a subscriber: events in order, oldest first. Only
 * the batch's shape is checked on arrival: each event (even one that is not
 * an object) is checked on its own by the subscriber (libs/bus
 * delivery-event-batch.ts), which stores the good ones and leaves a bad one
 * unacknowledged rather than refusing the batch.
 */
export class DeliveryEventBatch {
  @IsArray()
  @ArrayMaxSize(DELIVERY_EVENT_BATCH_MAX)
  events!: DeliveryEvent[];
}

const owner = ServiceName.Delivery;

export const DELIVERY_PATTERNS = {
  CreateDelivery: busPattern({ name: 'delivery.create', owner, message: CreateDeliveryRequest, reply: replyOf<CreateDeliveryReply>() }),
  GetDelivery: busPattern({ name: 'delivery.get', owner, message: DeliveryRef, reply: replyOf<DeliveryRecord>() }),
  ListDeliveries: busPattern({ name: 'delivery.list', owner, message: ListDeliveriesRequest, reply: replyOf<DeliveryRecordPage>() }),
  CancelDelivery: busPattern({ name: 'delivery.cancel', owner, message: DeliveryRef, reply: replyOf<DeliveryRecord>() }),
  PreviewCancellation: busPattern({ name: 'delivery.preview_cancellation', owner, message: DeliveryRef, reply: replyOf<CancellationPreviewRecord>() }),
  AdvanceDelivery: busPattern({ name: 'delivery.advance', owner, message: AdvanceDeliveryRequest, reply: replyOf<DeliveryRecord>() }),
  GetTracking: busPattern({ name: 'delivery.tracking', owner, message: DeliveryRef, reply: replyOf<TrackingSnapshot>() }),
  GetPublicTracking: busPattern({ name: 'delivery.public_tracking', owner, message: PublicTrackingRequest, reply: replyOf<PublicTracking>() }),
  GetDeliveryProof: busPattern({ name: 'delivery.get_proof', owner, message: DeliveryRef, reply: replyOf<ProofRecord>() }),
};
