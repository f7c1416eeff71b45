import { Ajv } from 'ajv';
import { jsonSchemaOf } from './json-schema-of';

const document = {
  components: {
    schemas: {
      Stop: { type: 'object', properties: { city: { type: 'string', example: 'Toronto' } }, required: ['city'], additionalProperties: false },
      Delivery: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          stops: { type: 'array', items: { $ref: '#/components/schemas/Stop' } },
          driver: { type: 'object', nullable: true, allOf: [{ $ref: '#/components/schemas/Stop' }] },
          note: { type: 'string', nullable: true },
          example: { type: 'integer' },
        },
        required: ['id', 'stops', 'driver', 'note'],
        additionalProperties: false,
      },
      Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
    },
  },
};

describe('jsonSchemaOf', () => {
  const schema = jsonSchemaOf(document, '#/components/schemas/Delivery');

  it('inlines every reference, writes nullable as null-or-the-schema and drops OpenAPI examples (not a field named example)', () => {
    expect(schema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        id: { type: 'string' },
        stops: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } },
        driver: {
          anyOf: [{ type: 'null' }, { type: 'object', allOf: [{ type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }] }],
        },
        note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
        example: { type: 'integer' },
      },
      required: ['id', 'stops', 'driver', 'note'],
      additionalProperties: false,
    });
  });

  it('gives a schema a JSON Schema validator holds values to as the document says', () => {
    const validate = new Ajv({ strict: true }).compile(schema);
    expect(validate({ id: 'del_1', stops: [{ city: 'Toronto' }], driver: null, note: null })).toBe(true);
    expect(validate({ id: 'del_1', stops: [{ city: 'Toronto' }], driver: { city: 'Ottawa' }, note: 'x', example: 3 })).toBe(true);
    expect(validate({ id: 'del_1', stops: [{}], driver: null, note: null })).toBe(false);
    expect(validate({ id: 'del_1', stops: [], driver: null, note: null, extra: 1 })).toBe(false);
    expect(validate({ id: 'del_1', stops: [], driver: { town: 'x' }, note: null })).toBe(false);
  });

  it('refuses a reference it cannot inline: unknown, outside the components, or to itself', () => {
    expect(() => jsonSchemaOf(document, '#/components/schemas/Nope')).toThrow('#/components/schemas/Nope is not a schema of the document');
    expect(() => jsonSchemaOf(document, '#/paths/x')).toThrow('only references to component schemas are inlined');
    expect(() => jsonSchemaOf(document, '#/components/schemas/Loop')).toThrow('Loop refers to itself');
  });
});
