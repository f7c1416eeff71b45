import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { closeObjectSchemas } from './closed-schemas';
import { API_KEY_SCHEME, DRIVER_SESSION_SCHEME, DRIVER_TOKEN_SCHEME, OPS_SESSION_SCHEME, OPS_TOKEN_SCHEME } from './decorators';
import { documentParameterErrors } from './parameter-errors';
import { documentSessionAuth } from '../members/session-openapi';
import { DRIVER_SESSION_COOKIE, OPS_SESSION_COOKIE } from '../auth/session-cookie';

/*
 * Build time only (write-openapi): the apps run with @nestjs/swagger's decorators stubbed
 * (@sdd/runtime/openapi-decorators-off), so the document can only be built from the real package.
 */

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
