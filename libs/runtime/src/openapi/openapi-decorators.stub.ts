/**
 * What the apps get for `@nestjs/swagger` when they run (openapi-decorators-off.ts): the
 * OpenAPI document is built once, at build time, by the gateway's write-openapi, so at
 * runtime the decorators only have to leave the classes as they are. Loading the real
 * package cost every app ~2.4 MB of live heap (lodash, js-yaml, its explorers) and the
 * gateway the document's construction at each start.
 *
 * Two exports keep their meaning because code reads them at runtime: `ApiSchema` records a
 * class's public name as @nestjs/swagger does, and `getSchemaPath` reads it, so a reference
 * (`#/components/schemas/Delivery`) is the one the document has.
 */

/** @nestjs/swagger's own metadata key for `ApiSchema` (its DECORATORS.API_SCHEMA). */
const API_SCHEMA = 'swagger/apiSchema';

type ModelOrName = string | (abstract new (...args: never[]) => unknown);

function ApiSchema(options?: { name?: string; description?: string }): ClassDecorator {
  return (target) => {
    const previous = (Reflect.getMetadata(API_SCHEMA, target) as unknown[] | undefined) ?? [];
    Reflect.defineMetadata(API_SCHEMA, [...previous, options ?? {}], target);
  };
}

function getSchemaPath(model: ModelOrName): string {
  if (typeof model === 'string') return `#/components/schemas/${model}`;
  const schemas = (Reflect.getOwnMetadata(API_SCHEMA, model) as Array<{ name?: string }> | undefined) ?? [];
  return `#/components/schemas/${schemas.at(-1)?.name ?? model.name}`;
}

/** A decorator factory whose decorators change nothing. */
const documentationOnly = () => () => undefined;

/** Every documentation decorator the code uses (openapi-decorators.stub.spec.ts holds the list to the imports). */
export const DOCUMENTATION_DECORATORS = [
  'ApiAcceptedResponse',
  'ApiBearerAuth',
  'ApiBody',
  'ApiConsumes',
  'ApiCookieAuth',
  'ApiCreatedResponse',
  'ApiExcludeController',
  'ApiExtraModels',
  'ApiHeader',
  'ApiOkResponse',
  'ApiOperation',
  'ApiProperty',
  'ApiPropertyOptional',
  'ApiResponse',
  'ApiServiceUnavailableResponse',
  'ApiTags',
] as const;

/** The module the apps load in place of `@nestjs/swagger`. */
export const OPENAPI_DECORATORS_STUB: Readonly<Record<string, unknown>> = Object.freeze({
  ...Object.fromEntries(DOCUMENTATION_DECORATORS.map((name) => [name, documentationOnly])),
  ApiSchema,
  getSchemaPath,
});
