import { IsArray, IsBoolean, IsEmail, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Max, Min } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { NullableButPresent } from '../bus/message-rules';
import { DeliveryEventReceipt } from '../deliveries/deliveries';
import { DeliveryEventBatch } from '../deliveries/deliveries.bus';
import { PageMessage, ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import {
  EventDetailRecord,
  EventRecordPage,
  EventStreamPage,
  MAX_SECRET_OVERLAP_HOURS,
  RecoveryRecord,
  WebhookAttemptRecord,
  WebhookHealthRecord,
  WebhookRecord,
  WebhookRecordList,
  WebhookWithSecretRecord,
} from './webhooks';

export class CreateWebhookRequest extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  url!: string;

  @IsArray()
  @IsString({ each: true })
  events!: string[];

  @NullableButPresent()
  @IsString()
  description!: string | null;

  /** The merchant account's email (the gateway owns merchants): where the auto-disable notices go. */
  @IsEmail()
  notifyEmail!: string;
}

export class ListWebhooksRequest extends ScopedMessage {}

/** The webhook id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class WebhookRef extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  webhookId!: string;
}

export class UpdateWebhookRequest extends WebhookRef {
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

  /** As on creation: kept up to date with each change. */
  @IsEmail()
  notifyEmail!: string;
}

/** POST /v1/webhooks/{id}/rotate_secret: how long the replaced secret keeps signing (0 = not at all). */
export class RotateWebhookSecretRequest extends WebhookRef {
  @IsInt()
  @Min(0)
  @Max(MAX_SECRET_OVERLAP_HOURS)
  expiresInHours!: number;
}

/**
 * POST /v1/webhooks/{id}/recover: failed deliveries of events created at or
 * after `since` (ISO 8601) are sent again. The dispatcher judges the 7-day
 * window against its own clock (parseRecoverySince); here only the form.
 */
export class RecoverWebhookRequest extends WebhookRef {
  @IsISO8601({ strict: true })
  since!: string;
}

export class ListEventsRequest extends PageMessage {
  @IsOptional()
  @IsString()
  deliveryId?: string;

  @IsOptional()
  @IsString()
  type?: string;
}

/**
 * GET /v1/events/stream: the events stored after `position` (as a previous
 * page returned it); without one, after the event `afterEventId` (the
 * client's Last-Event-ID), or, without either, from now.
 */
export class StreamEventsRequest extends ScopedMessage {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  position?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  afterEventId?: string;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;
}

export class EventRef extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  eventId!: string;
}

export class ResendEventRequest extends EventRef {
  @IsString()
  @IsNotEmpty()
  webhookId!: string;
}

const owner = ServiceName.Webhook;

export const WEBHOOK_PATTERNS = {
  CreateWebhook: busPattern({ name: 'webhook.create', owner, message: CreateWebhookRequest, reply: replyOf<WebhookWithSecretRecord>() }),
  ListWebhooks: busPattern({ name: 'webhook.list', owner, message: ListWebhooksRequest, reply: replyOf<WebhookRecordList>() }),
  UpdateWebhook: busPattern({ name: 'webhook.update', owner, message: UpdateWebhookRequest, reply: replyOf<WebhookRecord>() }),
  DeleteWebhook: busPattern({ name: 'webhook.delete', owner, message: WebhookRef, reply: replyOf<{ id: string }>() }),
  // Calls the merchant's endpoint, which has 10 s to answer, and waits for it.
  PingWebhook: busPattern({ name: 'webhook.send_test', owner, message: WebhookRef, reply: replyOf<WebhookAttemptRecord>(), timeoutMs: 15_000 }),
  ListEvents: busPattern({ name: 'webhook.list_events', owner, message: ListEventsRequest, reply: replyOf<EventRecordPage>() }),
  StreamEvents: busPattern({ name: 'webhook.stream_events', owner, message: StreamEventsRequest, reply: replyOf<EventStreamPage>() }),
  GetEvent: busPattern({ name: 'webhook.get_event', owner, message: EventRef, reply: replyOf<EventDetailRecord>() }),
  // Calls the merchant's endpoint, which has 10 s to answer, and waits for it.
  ResendEvent: busPattern({ name: 'webhook.resend_event', owner, message: ResendEventRequest, reply: replyOf<WebhookAttemptRecord>(), timeoutMs: 15_000 }),
  RotateWebhookSecret: busPattern({ name: 'webhook.rotate_secret', owner, message: RotateWebhookSecretRequest, reply: replyOf<WebhookWithSecretRecord>() }),
  RecoverWebhookDestinations: busPattern({ name: 'webhook.recover_deliveries', owner, message: RecoverWebhookRequest, reply: replyOf<RecoveryRecord>() }),
  GetWebhookHealth: busPattern({ name: 'webhook.health', owner, message: WebhookRef, reply: replyOf<WebhookHealthRecord>() }),
  /**
   * The outbox offers delivery events; the reply acknowledges those stored. A
   * batch is stored and fanned out in a few statements; a slow reply is offered again, never lost.
   */
  IngestDeliveryEvents: busPattern({ name: 'webhook.ingest_delivery_events', owner, message: DeliveryEventBatch, reply: replyOf<DeliveryEventReceipt>(), timeoutMs: 10_000 }),
};
