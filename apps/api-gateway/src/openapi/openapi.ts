import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { toErrorEnvelope } from '../errors/error-envelope';
import { isOpsRequest } from '../http/listeners';
import { RouteTraits } from '../http/route-traits';
import { PublishedOpenApiDocument } from './published-openapi-document';

const OPENAPI_PATH = '/v1/openapi.json';
const DOCS_PATH = '/docs';

type Body = string | Buffer;

/**
 * Swagger UI from the installed package, so the page works without internet access. Its
 * script and stylesheet (1.7 MB) are read when asked for, not kept in every gateway's memory.
 */
function docsPage(): { html: string; css: () => Promise<Buffer>; js: () => Promise<Buffer> } {
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'));
  // validatorUrl: null keeps the page from sending the document to validator.swagger.io.
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Same-Day Delivery API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
</script>
</body>
</html>
`;
  return { html, css: () => readFile(join(assets, 'swagger-ui.css')), js: () => readFile(join(assets, 'swagger-ui-bundle.js')) };
}

/** Plain Fastify routes run no Nest guard, so ListenerGuard's rule is applied here: nothing of this on the ops port. */
function publicPortOnly(contentType: string, body: () => Body | Promise<Body>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (isOpsRequest(request.raw)) {
      const { status, body: envelope } = toErrorEnvelope(AppError.notFound('Unrecognized request URL.'), request.id);
      return reply.code(status).send(envelope);
    }
    return reply.type(contentType).send(await body());
  };
}

/**
 * Serves the OpenAPI document and its docs page, both without an API key. The document is
 * the one the build wrote from the controllers' decorators (PublishedOpenApiDocument).
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  const document = app.get(PublishedOpenApiDocument, { strict: false }).text;
  const page = docsPage();
  const fastify = app.getHttpAdapter().getInstance();
  // Public like @Public() routes: the rate limit counts them per client IP without looking a key up.
  const options = { config: { public: true } satisfies RouteTraits };
  fastify.get(
    OPENAPI_PATH,
    options,
    publicPortOnly('application/json; charset=utf-8', () => document),
  );
  fastify.get(
    DOCS_PATH,
    options,
    publicPortOnly('text/html; charset=utf-8', () => page.html),
  );
  fastify.get(`${DOCS_PATH}/swagger-ui.css`, options, publicPortOnly('text/css; charset=utf-8', page.css));
  fastify.get(`${DOCS_PATH}/swagger-ui-bundle.js`, options, publicPortOnly('application/javascript; charset=utf-8', page.js));
}
