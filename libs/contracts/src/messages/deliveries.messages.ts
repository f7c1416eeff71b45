// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { AdvanceDeliveryRequest, CreateDeliveryRequest, DeliveryRef, ListDeliveriesRequest, PublicTrackingRequest, TEST_SCENARIOS, TestScenario, UNDELIVERABLE_ACTIONS, UndeliverableAction } from '../deliveries';
import { CATEGORIES, Category } from '../quotes';
import { IsStringRecord, NullableButPresent } from './message-rules';
import { PageMessage, ScopedMessage } from './scope.messages';

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

export class CreateDeliveryMessage extends ScopedMessage implements CreateDeliveryRequest {
  @IsString()
  @IsNotEmpty()
  quote_id!: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  checkout_id?: string;

  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;

  @IsOptional()
  @IsIn(TEST_SCENARIOS)
  test_scenario?: TestScenario;

  @IsOptional()
  @IsIn(UNDELIVERABLE_ACTIONS)
  undeliverable_action?: UndeliverableAction;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => RecipientMessage)
  recipient!: RecipientMessage;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PickupContactMessage)
  pickup_contact!: PickupContactMessage;

  @NullableButPresent()
  @IsString()
  dropoff_notes!: string | null;

  @NullableButPresent()
  @IsString()
  external_reference!: string | null;

  @NullableButPresent()
  @IsString()
  description!: string | null;

  @IsStringRecord()
  metadata!: Record<string, string>;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  idempotency_key?: string;
}

/** The delivery id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class DeliveryRefMessage extends ScopedMessage implements DeliveryRef {
  @IsString()
  @IsNotEmpty()
  deliveryId!: string;
}

export class AdvanceDeliveryMessage extends DeliveryRefMessage implements AdvanceDeliveryRequest {
  @IsOptional()
  @IsString()
  to?: string;
}

export class ListDeliveriesMessage extends PageMessage implements ListDeliveriesRequest {

  @IsOptional()
  @IsString()
  status?: string;
}

/** The public tracking page: the token alone, no merchant scope. */
export class PublicTrackingMessage implements PublicTrackingRequest {
  @IsString()
  @IsNotEmpty()
  token!: string;
}
