import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI document as /v1/openapi.json serves it, for the routes that
 * derive from it (GET /v1/event_types). It is built from the whole app once
 * it is assembled (setupOpenApi), so it is handed over rather than injected.
 */
@Injectable()
export class PublishedOpenApiDocument {
  private document: OpenAPIObject | undefined;

  publish(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    // setupOpenApi runs before the server listens: no request comes first.
    if (!this.document) throw new Error('the OpenAPI document is not built yet');
    return this.document;
  }
}
