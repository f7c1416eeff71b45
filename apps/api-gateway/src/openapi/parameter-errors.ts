import type { OpenAPIObject } from '@nestjs/swagger';

const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };
const DESCRIPTION = '`invalid_request_error` / `parameter_invalid`: a path or query parameter is ill-formed text (e.g. `%00`); `param` names it.';
const TOO_LONG_DESCRIPTION = '`invalid_request_error` / `parameter_invalid`: a path parameter is over 100 characters; `param` names it.';

type Operation = { parameters?: Array<{ in?: string }>; responses: Record<string, unknown> };

/**
 * RequestValidationPipe refuses ill-formed text in any path or query
 * parameter with 400, whatever the route: every operation that takes one
 * documents that answer, including routes added later, without a decorator
 * on each. Operations that document their own 400 keep its description.
 */
export function documentParameterErrors(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => {
          const operation = withTooLongPathParameter(value as Operation);
          const takesParameters = operation.parameters?.some((parameter) => parameter.in === 'path' || parameter.in === 'query');
          if (!takesParameters || operation.responses?.['400']) return [method, operation];
          const badRequest = { description: DESCRIPTION, content: { 'application/json': { schema: ERROR_ENVELOPE } } };
          return [method, { ...operation, responses: { ...operation.responses, '400': badRequest } }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}

/** Fastify's router refuses a path parameter over 100 characters before routing, on every route that has one: 414 (errors/fastify-error-map.ts). */
function withTooLongPathParameter(operation: Operation): Operation {
  if (!operation.parameters?.some((parameter) => parameter.in === 'path')) return operation;
  const tooLong = { description: TOO_LONG_DESCRIPTION, content: { 'application/json': { schema: ERROR_ENVELOPE } } };
  return { ...operation, responses: { ...operation.responses, '414': tooLong } };
}
