import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { toErrorEnvelope } from '../errors/error-envelope';
import { isOpsRequest } from '../http/listeners';
import { RouteTraits } from '../http/route-traits';
import { closeObjectSchemas } from './closed-schemas';
import { API_KEY_SCHEME, DRIVER_SESSION_SCHEME, DRIVER_TOKEN_SCHEME, OPS_SESSION_SCHEME, OPS_TOKEN_SCHEME } from './decorators';
import { documentParameterErrors } from './parameter-errors';
import { documentSessionAuth } from '../members/session-openapi';
import { DRIVER_SESSION_COOKIE, OPS_SESSION_COOKIE } from '../auth/session-cookie';
import { PublishedOpenApiDocument } from './published-openapi-document';

const OPENAPI_PATH = '/v1/openapi.json';
const DOCS_PATH = '/docs';

const DESCRIPTION = [
  'Same-day deliveries for merchants: register, price a route, pay, dispatch a driver, follow it.',
  '',
  'Authenticate with `Authorization: Bearer <API key>`. A `svc_test_…` key selects test mode, a `svc_live_…` key live mode;',
  "the two never see each other's data. Bodies are JSON; unknown fields are refused with 400 `parameter_unknown`.",
  'Every error has the body `{"error": {type, code, message, param, request_id}}`.',
].join('\n');

/**
 * The ops controllers' paths as the document names them (requests are held
 * to their port by route metadata, see ListenerGuard; this only keeps them
 * out of the public API's description).
 */
function isOpsDocumentPath(path: string): boolean {
  return /^\/(health|internal|metrics)(\/|$)/.test(path);
}

/** The document as the public API describes itself; the ops port's routes are not part of it. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Same-Day Delivery API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0-beta')
    .addServer('/')
    .addTag('Merchants', 'Registration, the calling merchant and its API keys.')
    .addTag('Health', 'Whether the service answers.')
    .addTag('Quotes', 'Price a route before creating a delivery.')
    .addTag('Pickup locations', "The merchant's pickup addresses and what each is licensed to hand over.")
    .addTag('Deliveries', 'Create, follow and cancel deliveries.')
    .addTag('Webhooks', 'Endpoints that receive signed events.')
    .addTag('Events', 'The log of events sent to your endpoints, with every attempt.')
    .addTag('Test helpers', 'Test keys only: move test objects through their lifecycle without waiting.')
    .addTag('Checkouts', 'Collect the payment for a quote before creating its delivery.')
    .addTag('Payouts', "Transfers of each delivered delivery's net to the connected account.")
    .addTag('Payment processor', "The payment processor's events.")
    .addTag('Operators', 'The fleet: drivers and their certifications (operator token).')
    .addTag('Drivers', 'The driver app: availability, location, offers and delivery reports (driver token).')
    .addTag('Dashboard', "The dashboard's members: signing in, their sessions (the sdd_session cookie in place of an API key) and the team.")
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'svc_test_… | svc_live_…', description: 'The key selects the mode: test or live.' }, API_KEY_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The operator credential (OPS_API_TOKEN).' }, OPS_TOKEN_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'drv_tok_…', description: "A driver's own token, issued when the driver is created." }, DRIVER_TOKEN_SCHEME)
    .addCookieAuth(
      DRIVER_SESSION_COOKIE.name,
      { type: 'apiKey', in: 'cookie', description: "The driver app's session (POST /v1/driver/sessions): changes carry its `csrf_token` as `X-CSRF-Token`." },
      DRIVER_SESSION_SCHEME,
    )
    .addCookieAuth(
      OPS_SESSION_COOKIE.name,
      { type: 'apiKey', in: 'cookie', description: "The operator console's session (POST /v1/ops/sessions): changes carry its `csrf_token` as `X-CSRF-Token`." },
      OPS_SESSION_SCHEME,
    )
    // Mirrors ApiKeyGuard: a key is needed unless an operation says otherwise, as the public ones do.
    .addSecurityRequirements(API_KEY_SCHEME)
    .build();
  const document = documentSessionAuth(documentParameterErrors(SwaggerModule.createDocument(app, config)));
  document.paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !isOpsDocumentPath(path)));
  // @nestjs/swagger leaves objects open; closed, the document is what a client can rely on (docs/api.md).
  if (document.components?.schemas) document.components.schemas = closeObjectSchemas(document.components.schemas);
  return document;
}

/** Swagger UI from the installed package, so the page works without internet access. */
function docsPage(): { html: string; css: Buffer; js: Buffer } {
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
  return { html, css: readFileSync(join(assets, 'swagger-ui.css')), js: readFileSync(join(assets, 'swagger-ui-bundle.js')) };
}

/** Plain Fastify routes run no Nest guard, so ListenerGuard's rule is applied here: nothing of this on the ops port. */
function publicPortOnly(contentType: string, body: string | Buffer) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (isOpsRequest(request.raw)) {
      const { status, body: envelope } = toErrorEnvelope(AppError.notFound('Unrecognized request URL.'), request.id);
      return reply.code(status).send(envelope);
    }
    return reply.type(contentType).send(body);
  };
}

/**
 * Serves the OpenAPI document and its docs page, both without an API key.
 * The document is built once, from the controllers' decorators, at start-up.
 */
export function setupOpenApi(app: NestFastifyApplication): void {
  const built = buildOpenApiDocument(app);
  app.get(PublishedOpenApiDocument, { strict: false }).publish(built);
  const document = JSON.stringify(built);
  const page = docsPage();
  const fastify = app.getHttpAdapter().getInstance();
  // Public like @Public() routes: the rate limit counts them per client IP without looking a key up.
  const options = { config: { public: true } satisfies RouteTraits };
  fastify.get(OPENAPI_PATH, options, publicPortOnly('application/json; charset=utf-8', document));
  fastify.get(DOCS_PATH, options, publicPortOnly('text/html; charset=utf-8', page.html));
  fastify.get(`${DOCS_PATH}/swagger-ui.css`, options, publicPortOnly('text/css; charset=utf-8', page.css));
  fastify.get(`${DOCS_PATH}/swagger-ui-bundle.js`, options, publicPortOnly('application/javascript; charset=utf-8', page.js));
}
