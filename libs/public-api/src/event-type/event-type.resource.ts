import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EVENT_TYPES, EventType } from '@sdd/contracts';

@ApiSchema({ name: 'EventType', description: 'An event type: when it fires, and the JSON Schema of its `data`.' })
export class EventTypeResource {
  @ApiProperty({ enum: EVENT_TYPES, example: 'delivery.picked_up' })
  type!: EventType;

  @ApiProperty({ description: 'When the event fires.' })
  description!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "JSON Schema (draft-07) of the event's `data`: the OpenAPI document's schema named by `data_schema_ref`, its references inlined and `nullable` written as JSON Schema.",
  })
  data_schema!: Record<string, unknown>;

  @ApiProperty({ description: 'The schema of this document `data_schema` is derived from.', example: '#/components/schemas/Delivery' })
  data_schema_ref!: string;
}

@ApiSchema({ name: 'EventTypeList', description: 'Every event type a webhook can receive, in the order they are declared.' })
export class EventTypeListResource {
  @ApiProperty({ type: EventTypeResource, isArray: true })
  data!: EventTypeResource[];
}
