import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { ATTEMPT_TRIGGERS, AttemptTrigger, DESTINATION_STATUSES } from '@sdd/contracts';
import { DeliveryResource } from '../delivery/delivery.resource';
import { DeliveredEventDataResource, WebhookTestEventDataResource } from './event-data.resource';

@ApiExtraModels(DeliveryResource, DeliveredEventDataResource, WebhookTestEventDataResource)
@ApiSchema({ name: 'EventEnvelope', description: 'The body of a webhook request, and an entry of the event log.' })
export class EventEnvelopeResource {
  @ApiProperty({ pattern: '^evt_[0-9A-Za-z]{24}$', example: 'evt_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ description: 'An event type, or `webhook.test`.', example: 'delivery.picked_up' })
  type!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  // Which of these each type carries is GET /v1/event_types' `data_schema` (EVENT_TYPE_CATALOG).
  @ApiProperty({
    anyOf: [{ $ref: getSchemaPath(DeliveryResource) }, { $ref: getSchemaPath(DeliveredEventDataResource) }, { $ref: getSchemaPath(WebhookTestEventDataResource) }],
    description:
      "The delivery as GET /v1/deliveries/{id} returned it then (DeliveredEventData, with `delivered_at`, on delivery.delivered); WebhookTestEventData for `webhook.test`. GET /v1/event_types gives each type's schema.",
  })
  data!: object;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'The event’s number within its delivery: 1, 2, 3… in the order the delivery changed. Retries can reorder arrivals; order by this. 0 for `webhook.test`.',
    example: 3,
  })
  sequence!: number;
}

@ApiSchema({ name: 'EventList' })
export class EventListResource {
  @ApiProperty({ type: EventEnvelopeResource, isArray: true })
  data!: EventEnvelopeResource[];

  @ApiProperty()
  has_more!: boolean;

  @ApiProperty({ type: String, nullable: true })
  next_cursor!: string | null;
}

@ApiSchema({ name: 'WebhookAttempt', description: 'One HTTP request to one endpoint.' })
export class AttemptResource {
  @ApiProperty({ pattern: '^att_[0-9A-Za-z]{24}$' })
  id!: string;

  @ApiProperty()
  event_id!: string;

  @ApiProperty()
  webhook_id!: string;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 4, description: 'null for a resend or a test.' })
  number!: number | null;

  @ApiProperty({ enum: ATTEMPT_TRIGGERS })
  trigger!: AttemptTrigger;

  @ApiProperty()
  succeeded!: boolean;

  @ApiProperty({ type: 'integer', nullable: true })
  status_code!: number | null;

  @ApiProperty({ type: 'integer' })
  duration_ms!: number;

  @ApiProperty({ type: String, nullable: true })
  error!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The start of the endpoint's response body (its first 1 KiB as UTF-8, control characters removed); null when no response came.",
  })
  response_body_excerpt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_retry_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

@ApiSchema({ name: 'EventDelivery', description: 'The event’s delivery to one endpoint.' })
export class EventDeliveryResource {
  @ApiProperty()
  webhook_id!: string;

  @ApiProperty({ enum: DESTINATION_STATUSES })
  status!: (typeof DESTINATION_STATUSES)[number];

  @ApiProperty({ type: 'integer' })
  attempt_count!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_attempt_at!: string | null;

  @ApiProperty({ type: AttemptResource, isArray: true })
  attempts!: AttemptResource[];
}

@ApiSchema({ name: 'EventDetail' })
export class EventDetailResource extends EventEnvelopeResource {
  @ApiProperty({ type: EventDeliveryResource, isArray: true })
  deliveries!: EventDeliveryResource[];
}
