import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Where the build writes the document (write-openapi, run by tools/dashboard/build.js): dist/openapi/openapi.json. */
export const OPENAPI_DOCUMENT_FILE = join(__dirname, '..', '..', '..', '..', 'openapi', 'openapi.json');

/** The document as /v1/openapi.json serves it: the build's file, compact. */
export function publishedDocumentText(file: string): string {
  let written: string;
  try {
    written = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`the OpenAPI document ${file} is missing (${(error as Error).message}): run npm run build`);
  }
  return JSON.stringify(JSON.parse(written));
}

/**
 * The OpenAPI document as /v1/openapi.json serves it, for that route and the ones that
 * derive from it (GET /v1/event_types, which keeps what it derives). The gateway does not
 * build it: the build did (write-openapi), with the real @nestjs/swagger, which the apps do
 * not load (@sdd/runtime/openapi-decorators-off). Kept as text, parsed when asked for.
 */
@Injectable()
export class PublishedOpenApiDocument {
  readonly text = publishedDocumentText(OPENAPI_DOCUMENT_FILE);

  get(): OpenAPIObject {
    return JSON.parse(this.text) as OpenAPIObject;
  }
}
