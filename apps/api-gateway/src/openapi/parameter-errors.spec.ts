import type { OpenAPIObject } from '@nestjs/swagger';
import { documentParameterErrors } from './parameter-errors';

const ok = { '200': { description: 'ok' } };
const document = {
  openapi: '3.0.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v1/things/{id}': { get: { parameters: [{ name: 'id', in: 'path' }], responses: ok } },
    '/v1/things': {
      get: { parameters: [{ name: 'limit', in: 'query' }], responses: { ...ok, '400': { description: 'own' } } },
      post: { responses: ok },
    },
  },
} as unknown as OpenAPIObject;

describe('documentParameterErrors', () => {
  const result = documentParameterErrors(document).paths as Record<string, Record<string, { responses: Record<string, { description: string }> }>>;

  it('adds the 400 envelope to an operation that takes a path or query parameter', () => {
    expect(result['/v1/things/{id}'].get.responses['400']).toEqual({
      description: expect.stringContaining('parameter_invalid'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });

  it("keeps an operation's own 400 and leaves operations without parameters alone", () => {
    expect(result['/v1/things'].get.responses['400']).toEqual({ description: 'own' });
    expect(result['/v1/things'].post.responses).toEqual(ok);
  });

  it('adds the 414 envelope to every operation with a path parameter, and to no other', () => {
    expect(result['/v1/things/{id}'].get.responses['414']).toEqual({
      description: expect.stringContaining('over 100 characters'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
    expect(result['/v1/things'].get.responses['414']).toBeUndefined();
    expect(result['/v1/things'].post.responses['414']).toBeUndefined();
  });
});
