import { closeObjectSchemas } from './closed-schemas';

describe('closeObjectSchemas', () => {
  it('closes objects with properties, at every depth', () => {
    const schema = {
      type: 'object',
      properties: { stop: { type: 'object', properties: { city: { type: 'string' } } }, tags: { type: 'array', items: { properties: {} } } },
    };
    expect(closeObjectSchemas(schema)).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        stop: { type: 'object', additionalProperties: false, properties: { city: { type: 'string' } } },
        tags: { type: 'array', items: { properties: {}, additionalProperties: false } },
      },
    });
  });

  it('keeps an explicit additionalProperties and leaves maps and references alone', () => {
    const schema = {
      data: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: true },
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      ref: { $ref: '#/components/schemas/Delivery' },
    };
    expect(closeObjectSchemas(schema)).toEqual(schema);
  });

  it('does not change its argument', () => {
    const schema = { properties: { id: { type: 'string' } } };
    closeObjectSchemas(schema);
    expect(schema).toEqual({ properties: { id: { type: 'string' } } });
  });
});
