import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EventTypeListResource } from '@sdd/public-api';
import { PublishedOpenApiDocument } from '../openapi/published-openapi-document';
import { ApiKeyedController } from '../openapi/decorators';
import { eventTypeCatalog } from './event-type-catalog';

/** The event catalog: answered by the gateway alone, from the OpenAPI document it serves. */
@ApiTags('Events')
@ApiKeyedController()
@Controller('v1/event_types')
export class EventTypesController {
  private catalog: EventTypeListResource | undefined;

  constructor(private readonly document: PublishedOpenApiDocument) {}

  @ApiOperation({
    summary: 'List event types',
    description:
      "Every event type a webhook can receive, when it fires, and the JSON Schema of its `data`: the schema this document gives the event's data, self-contained. docs/events.md shows the same.",
  })
  @ApiOkResponse({ description: 'The event types, in the order they are declared.', type: EventTypeListResource })
  @Get()
  list(): EventTypeListResource {
    this.catalog ??= { data: eventTypeCatalog(this.document.get()) };
    return this.catalog;
  }
}
