import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { DELIVERY_EVENT_BATCH_MAX, DeliveryEventBatch } from '../deliveries';
import {
  CreateWebhookRequest,
  EventRef,
  ListEventsRequest,
  ListWebhooksRequest,
  MAX_SECRET_OVERLAP_HOURS,
  RecoverWebhookRequest,
  ResendEventRequest,
  RotateWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookRef,
} from '../webhooks';
import { NullableButPresent } from './message-rules';
import { PageMessage, ScopedMessage } from './scope.messages';

export class CreateWebhookMessage extends ScopedMessage implements CreateWebhookRequest {
  @IsString()
  @IsNotEmpty()
  url!: string;

  @IsArray()
  @IsString({ each: true })
  events!: string[];

  @NullableButPresent()
  @IsString()
  description!: string | null;

  @IsEmail()
  notifyEmail!: string;
}

export class ListWebhooksMessage extends ScopedMessage implements ListWebhooksRequest {}

/** The webhook id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class WebhookRefMessage extends ScopedMessage implements WebhookRef {
  @IsString()
  @IsNotEmpty()
  webhookId!: string;
}

export class UpdateWebhookMessage extends WebhookRefMessage implements UpdateWebhookRequest {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  url?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  events?: string[];

  @IsOptional()
  @IsString()
  description?: string | null;

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsEmail()
  notifyEmail!: string;
}

export class RotateWebhookSecretMessage extends WebhookRefMessage implements RotateWebhookSecretRequest {
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_OVERLAP_HOURS)
  expiresInHours!: number;
}

/** The dispatcher judges the 7-day window against its own clock (parseRecoverySince); here only the form. */
export class RecoverWebhookMessage extends WebhookRefMessage implements RecoverWebhookRequest {
  @IsISO8601({ strict: true })
  since!: string;
}

export class ListEventsMessage extends PageMessage implements ListEventsRequest {

  @IsOptional()
  @IsString()
  delivery_id?: string;

  @IsOptional()
  @IsString()
  type?: string;
}

export class EventRefMessage extends ScopedMessage implements EventRef {
  @IsString()
  @IsNotEmpty()
  eventId!: string;
}

export class ResendEventMessage extends EventRefMessage implements ResendEventRequest {
  @IsString()
  @IsNotEmpty()
  webhookId!: string;
}

/**
 * The outbox's offer. Only its shape is checked here: each event (even one
 * that is not an object) is checked on its own by the dispatcher
 * (libs/bus delivery-event-batch.ts), which stores the good ones and leaves a bad one
 * unacknowledged rather than refusing the batch.
 */
export class DeliveryEventBatchMessage implements Omit<DeliveryEventBatch, 'events'> {
  @IsArray()
  @ArrayMaxSize(DELIVERY_EVENT_BATCH_MAX)
  events!: unknown[];
}
