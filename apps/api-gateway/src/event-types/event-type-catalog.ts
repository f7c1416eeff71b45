import { getSchemaPath } from '@nestjs/swagger';
import { EVENT_TYPES } from '@sdd/contracts';
import { EVENT_TYPE_CATALOG, EventTypeResource } from '@sdd/public-api';
import { jsonSchemaOf, SchemaDocument } from '../openapi/json-schema-of';

/** Every event type of the contracts, in their order, with its data schema taken from the OpenAPI document the gateway serves. */
export function eventTypeCatalog(document: SchemaDocument): EventTypeResource[] {
  return EVENT_TYPES.map((type) => {
    const { description, data } = EVENT_TYPE_CATALOG[type];
    const ref = getSchemaPath(data);
    return { type, description, data_schema: jsonSchemaOf(document, ref), data_schema_ref: ref };
  });
}
