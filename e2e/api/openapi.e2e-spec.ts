import type { OpenAPIObject } from '@nestjs/swagger';
import { dereference, validate } from '@readme/openapi-parser';
import { Ajv, type AnySchemaObject } from 'ajv';
import addFormats from 'ajv-formats';
import { ServiceName } from '@sdd/contracts';
import { TestSystem } from '@sdd/testing';

type ParserInput = Parameters<typeof validate>[0];

const validBody = () => ({
  business_name: 'Maple Eats',
  email: `owner+${Math.random().toString(36).slice(2)}@maple.ca`,
  phone: '+1 416 555 0100',
  address: { street: '100 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9' },
});

describe('OpenAPI document and docs page (real gateway)', () => {
  const system = new TestSystem();
  let document: OpenAPIObject;
  /** The same document with every $ref resolved, to validate real bodies against. */
  let resolved: OpenAPIObject;
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  // OpenAPI 3.0 annotation that JSON Schema does not define; Ajv knows `nullable` itself.
  ajv.addVocabulary(['example']);

  beforeAll(async () => {
    // No backend service runs here, so a short health timeout makes /v1/health answer 503 quickly.
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery, ServiceName.Payment], env: { HEALTH_TIMEOUT_MS: '200' } });
    const response = await fetch(`${system.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenAPIObject;
    resolved = (await dereference(structuredClone(document) as ParserInput)) as unknown as OpenAPIObject;
  }, 60000);

  afterAll(() => system.stop());

  function expectDocumented(path: string, method: 'get' | 'post', status: number, body: unknown): void {
    const operation = resolved.paths[path]?.[method];
    const response = operation?.responses[String(status)] as { content?: Record<string, { schema?: unknown }> } | undefined;
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON body for ${status}`);
    const check = ajv.compile(schema as AnySchemaObject);
    expect({ valid: check(body), errors: check.errors ?? null, body }).toEqual({ valid: true, errors: null, body });
  }

  async function call(method: 'GET' | 'POST', path: string, options: { body?: unknown; key?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const response = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function register(): Promise<{ api_keys: { test: string; live: string } }> {
    const { status, body } = await call('POST', '/v1/merchants/register', { body: validBody() });
    expect(status).toBe(201);
    return body as { api_keys: { test: string; live: string } };
  }

  it('serves a valid OpenAPI 3 document without a key', async () => {
    const response = await fetch(`${system.baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(document.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(document) as ParserInput);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.info).toMatchObject({ title: 'Same-Day Delivery API', version: '1.0.0-beta' });
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('lists every public endpoint with its methods, and no ops route', () => {
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods('/v1/merchants/register')).toEqual(['post']);
    expect(methods('/v1/merchants/me')).toEqual(['get']);
    expect(methods('/v1/api_keys/roll')).toEqual(['post']);
    expect(methods('/v1/health')).toEqual(['get']);
    expect(methods('/v1/webhooks/{webhookId}/rotate_secret')).toEqual(['post']);
    expect(methods('/v1/webhooks/{webhookId}/recover')).toEqual(['post']);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/v1/'))).toEqual([]);
  });

  it('documents the documented error statuses of each endpoint with the envelope', () => {
    const statuses = (path: string, method: 'get' | 'post') => Object.keys(document.paths[path][method]?.responses ?? {});
    expect(statuses('/v1/merchants/register', 'post')).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
    expect(statuses('/v1/merchants/me', 'get')).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(statuses('/v1/api_keys/roll', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '429']));
    expect(statuses('/v1/health', 'get')).toEqual(expect.arrayContaining(['200', '503']));
    expect(statuses('/v1/webhooks/{webhookId}/rotate_secret', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
    expect(statuses('/v1/webhooks/{webhookId}/recover', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '429']));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries((operation as { responses: object }).responses)) {
          if (Number(status) < 400) continue;
          const schema = (response as { content: Record<string, { schema: unknown }> }).content['application/json'].schema;
          expect({ path, method, status, schema }).toEqual({ path, method, status, schema: { $ref: '#/components/schemas/ErrorEnvelope' } });
        }
      }
    }
  });

  it('asks for the bearer API key on every operation except the public, operator and driver ones', () => {
    const schemes = Object.entries(document.components?.securitySchemes ?? {});
    expect(schemes.map(([name]) => name).sort()).toEqual(['api_key', 'driver_session', 'driver_token', 'ops_session', 'ops_token', 'session_cookie']);
    for (const [name, scheme] of schemes) {
      const cookies: Record<string, string> = { session_cookie: 'sdd_session', driver_session: 'sdd_driver_session', ops_session: 'sdd_ops_session' };
      const expected = cookies[name] ? { type: 'apiKey', in: 'cookie', name: cookies[name] } : { type: 'http', scheme: 'bearer' };
      expect(scheme).toEqual(expect.objectContaining(expected));
    }
    // decisions.md, Public routes: registration, health and the payment processor's webhook endpoint; and signing in to the dashboard.
    const publicOperations = [
      'post /v1/merchants/register',
      'get /v1/health',
      'post /v1/stripe/webhook',
      'post /v1/dashboard/sessions',
      'post /v1/dashboard/sign_in_links',
      'post /v1/dashboard/invitations/accept',
    ];
    // Every keyed operation takes a dashboard session in the key's place; the dashboard's own routes take the session only.
    // The driver API takes the driver token or the driver app's session in its place; the session is begun with the token and then used alone.
    // The operator API likewise, with the operator token and the operator console's session.
    const opsSessionRoutes: Record<string, string[]> = { '/v1/ops/sessions': ['ops_token'], '/v1/ops/sessions/current': ['ops_session'] };
    const schemesOf = (path: string) =>
      path.startsWith('/v1/ops/')
        ? (opsSessionRoutes[path] ?? ['ops_token', 'ops_session'])
        : path === '/v1/driver/sessions'
          ? ['driver_token']
          : path === '/v1/driver/sessions/current'
            ? ['driver_session']
            : path.startsWith('/v1/driver/')
              ? ['driver_token', 'driver_session']
              : path.startsWith('/v1/dashboard/')
                ? ['session_cookie']
                : ['api_key', 'session_cookie'];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const security = (operation as { security?: unknown }).security ?? document.security;
        const expected = publicOperations.includes(`${method} ${path}`) ? [] : schemesOf(path).map((scheme) => ({ [scheme]: [] }));
        expect({ operation: `${method} ${path}`, security }).toEqual({ operation: `${method} ${path}`, security: expected });
      }
    }
  });

  it('describes the real responses of registration', async () => {
    const created = await call('POST', '/v1/merchants/register', { body: validBody() });
    expect(created.status).toBe(201);
    expectDocumented('/v1/merchants/register', 'post', 201, created.body);

    const invalid = await call('POST', '/v1/merchants/register', { body: { ...validBody(), email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expectDocumented('/v1/merchants/register', 'post', 400, invalid.body);

    const body = validBody();
    await call('POST', '/v1/merchants/register', { body });
    const duplicate = await call('POST', '/v1/merchants/register', { body });
    expect(duplicate.status).toBe(409);
    expectDocumented('/v1/merchants/register', 'post', 409, duplicate.body);
  });

  it('describes the real responses of /v1/merchants/me', async () => {
    const { api_keys } = await register();
    const ok = await call('GET', '/v1/merchants/me', { key: api_keys.live });
    expect(ok.status).toBe(200);
    expectDocumented('/v1/merchants/me', 'get', 200, ok.body);

    const unauthorized = await call('GET', '/v1/merchants/me');
    expect(unauthorized.status).toBe(401);
    expectDocumented('/v1/merchants/me', 'get', 401, unauthorized.body);
  });

  it('describes the real responses of the key roll and of health', async () => {
    const { api_keys } = await register();
    const rolled = await call('POST', '/v1/api_keys/roll', { body: {}, key: api_keys.test });
    expect(rolled.status).toBe(201);
    expectDocumented('/v1/api_keys/roll', 'post', 201, rolled.body);

    const invalid = await call('POST', '/v1/api_keys/roll', { body: { expires_in_hours: 500 }, key: api_keys.test });
    expect(invalid.status).toBe(400);
    expectDocumented('/v1/api_keys/roll', 'post', 400, invalid.body);

    const unavailable = await call('GET', '/v1/health');
    expect(unavailable.status).toBe(503);
    expectDocumented('/v1/health', 'get', 503, unavailable.body);
  });

  it('documents a JSON schema for the success of every operation, closed to undocumented fields', () => {
    for (const [path, item] of Object.entries(resolved.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation as { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }).responses;
        const success = Object.keys(responses).filter((status) => status.startsWith('2'));
        // GET /v1/events/stream answers server-sent events: text/event-stream, its frames in the description; the only one.
        const mediaType = path === '/v1/events/stream' ? 'text/event-stream' : 'application/json';
        const schemas = success.map((status) => responses[status].content?.[mediaType]?.schema);
        expect({ path, method, success: success.length, schemas: schemas.every(Boolean) }).toEqual({ path, method, success: 1, schemas: true });
      }
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const { properties, additionalProperties } = schema as { properties?: object; additionalProperties?: unknown };
      if (properties) expect({ name, additionalProperties }).toEqual({ name, additionalProperties: false });
    }
  });

  it('documents the deliveries, tracking, webhook and test helper routes with their schemas and errors', () => {
    const success = (path: string, method: string, status: string) =>
      (document.paths[path] as Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>)[method].responses[status].content[
        'application/json'
      ].schema;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(success('/v1/deliveries', 'post', '201')).toEqual(ref('CreatedDelivery'));
    expect(success('/v1/deliveries', 'get', '200')).toEqual(ref('DeliveryList'));
    expect(success('/v1/deliveries/{deliveryId}', 'get', '200')).toEqual(ref('Delivery'));
    expect(success('/v1/deliveries/{deliveryId}/tracking', 'get', '200')).toEqual(ref('Tracking'));
    expect(success('/v1/deliveries/{deliveryId}/cancel', 'post', '200')).toEqual(ref('Delivery'));
    expect(success('/v1/test_helpers/deliveries/{deliveryId}/advance', 'post', '200')).toEqual(ref('Delivery'));
    expect(success('/v1/webhooks', 'post', '201')).toEqual(ref('WebhookWithSecret'));
    expect(success('/v1/webhooks', 'get', '200')).toEqual(ref('WebhookList'));
    expect(success('/v1/webhooks/{webhookId}', 'patch', '200')).toEqual(ref('Webhook'));
    expect(success('/v1/webhooks/{webhookId}', 'delete', '200')).toEqual(ref('DeletedWebhook'));
    expect(success('/v1/webhooks/{webhookId}/recover', 'post', '200')).toEqual(ref('WebhookRecovery'));
    const statuses = (path: string, method: 'get' | 'post' | 'patch') => Object.keys(document.paths[path][method]?.responses ?? {});
    expect(statuses('/v1/deliveries', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '402', '404', '409', '410', '413', '415', '422', '429', '503']));
    expect(statuses('/v1/deliveries/{deliveryId}/tracking', 'get')).toEqual(expect.arrayContaining(['200', '401', '404', '429', '503']));
    expect(statuses('/v1/test_helpers/deliveries/{deliveryId}/advance', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '413', '415', '429', '503']));
    expect(statuses('/v1/webhooks/{webhookId}', 'patch')).toEqual(expect.arrayContaining(['200', '400', '401', '404', '413', '415', '429', '503']));
  });

  it('marks the legacy list deprecated, and nothing else', () => {
    const deprecated = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => (operation as { deprecated?: boolean }).deprecated === true)
        .map(([method]) => `${method} ${path}`),
    );
    expect(deprecated).toEqual(['get /v1/deliveries.list']);
  });

  it('documents every event envelope with its sequence, in the log and on its own (issue 11)', () => {
    // `data` is held to the schemas EventEnvelope names (a whole Delivery for a delivery event): a ping's is the shortest.
    const envelope = {
      id: 'evt_2hQ7mWc9XbL4pT1vN8kR5sZa',
      type: 'webhook.test',
      created_at: '2026-11-20T10:00:00.000Z',
      data: { webhook_id: 'wh_2hQ7mWc9XbL4pT1vN8kR5sZa', message: 'A test event sent from the API; it needs no action.' },
      sequence: 0,
    };
    expectDocumented('/v1/events', 'get', 200, { data: [envelope], has_more: false, next_cursor: null });
    expectDocumented('/v1/events/{eventId}', 'get', 200, { ...envelope, deliveries: [] });
    const schema = resolved.components?.schemas?.EventEnvelope as { required?: string[]; properties?: Record<string, unknown> };
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'type', 'created_at', 'data', 'sequence']));
    expect(schema.properties?.sequence).toMatchObject({ type: 'integer', minimum: 0 });
  });

  it('documents the routes without body fields as taking none, or {}, and their 400', () => {
    for (const [path, method] of [
      ['/v1/deliveries/{deliveryId}/cancel', 'post'],
      ['/v1/webhooks/{webhookId}/test', 'post'],
      ['/v1/webhooks/{webhookId}', 'delete'],
      ['/v1/test_helpers/quotes/{quoteId}/expire', 'post'],
    ] as const) {
      const operation = resolved.paths[path]?.[method];
      expect({ path, requestBody: operation?.requestBody }).toMatchObject({
        path,
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: {}, additionalProperties: false } } } },
      });
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });

  it('serves the docs page and its assets without a key, with nothing fetched from elsewhere', async () => {
    const page = await fetch(`${system.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('/v1/openapi.json');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const response = await fetch(`${system.baseUrl}${asset[1]}`);
      expect({ asset: asset[1], status: response.status }).toEqual({ asset: asset[1], status: 200 });
    }
  });

  it('keeps the document and the docs page off the ops port', async () => {
    for (const path of ['/v1/openapi.json', '/docs']) {
      const response = await fetch(`${system.opsUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
