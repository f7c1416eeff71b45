import { nullableAsJsonSchema, OpenApiConformance } from './openapi-conformance';

const document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/things/{id}': {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': {
            description: 'missing',
            content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } }, additionalProperties: false } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'at', 'note'],
        properties: {
          id: { type: 'string' },
          at: { type: 'string', format: 'date-time' },
          note: { type: 'string', nullable: true },
          owner: { type: 'object', additionalProperties: true, nullable: true, allOf: [{ $ref: '#/components/schemas/Owner' }] },
        },
        additionalProperties: false,
      },
      Owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, additionalProperties: false },
    },
  },
};

const ok = { id: 'th_1', at: '2026-11-23T10:00:00.000Z', note: null };
const observed = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
  method: 'GET',
  pathname: '/v1/things/th_1',
  status,
  contentType,
  text: JSON.stringify(body),
});

describe('OpenApiConformance', () => {
  let conformance: OpenApiConformance;
  beforeAll(async () => {
    conformance = await OpenApiConformance.fromDocument(document);
  });

  it('accepts a response that keeps to its documented schema', () => {
    expect(conformance.mismatch(observed(200, ok))).toBeNull();
    expect(conformance.mismatch(observed(404, { error: 'x' }))).toBeNull();
  });

  it('refuses an undocumented field, a missing one, a wrong format and a wrong type', () => {
    expect(conformance.mismatch(observed(200, { ...ok, extra: 1 }))).toMatch(/additional properties/);
    expect(conformance.mismatch(observed(200, { id: 'th_1', at: ok.at }))).toMatch(/note/);
    expect(conformance.mismatch(observed(200, { ...ok, at: 'yesterday' }))).toMatch(/date-time/);
    expect(conformance.mismatch(observed(200, { ...ok, id: 7 }))).toMatch(/string/);
  });

  it('refuses an undocumented status and a JSON schema answered with something else', () => {
    expect(conformance.mismatch(observed(500, { error: 'x' }))).toMatch(/status not documented/);
    expect(conformance.mismatch(observed(200, ok, 'text/html'))).toMatch(/documented as JSON/);
  });

  it('reads a nullable reference as null or the referenced object, closed as it is', () => {
    expect(conformance.mismatch(observed(200, { ...ok, owner: null }))).toBeNull();
    expect(conformance.mismatch(observed(200, { ...ok, owner: { name: 'Sam' } }))).toBeNull();
    expect(conformance.mismatch(observed(200, { ...ok, owner: { name: 'Sam', phone: '1' } }))).toMatch(/additional properties/);
  });

  it('leaves requests that reached no documented operation to others', () => {
    expect(conformance.mismatch({ ...observed(404, {}), pathname: '/v1/unknown' })).toBeNull();
    expect(conformance.mismatch({ ...observed(404, {}), method: 'POST' })).toBeNull();
  });
});

describe('nullableAsJsonSchema', () => {
  it('turns nullable into null-or-the-schema at every depth, and leaves the rest', () => {
    expect(nullableAsJsonSchema({ type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: 'integer' } } })).toEqual({
      type: 'object',
      properties: { a: { anyOf: [{ type: 'null' }, { type: 'string' }] }, b: { type: 'integer' } },
    });
    expect(nullableAsJsonSchema({ nullable: false, type: 'string' })).toEqual({ type: 'string' });
  });
});
