import type { OpenAPIObject } from '@nestjs/swagger';
import { documentSessionAuth } from './session-openapi';

const envelope = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };

function documentWith(paths: OpenAPIObject['paths']): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 't', version: '1' }, security: [{ api_key: [] }], paths, components: { securitySchemes: {} } };
}

describe('documentSessionAuth', () => {
  it('offers the session cookie on every keyed operation, with the 403 and 400 only a session gets', () => {
    const document = documentSessionAuth(
      documentWith({
        '/v1/deliveries': {
          get: { responses: { '200': { description: 'ok' } } },
          post: { responses: { '400': { description: 'Bad body.', ...envelope } } },
        },
      }),
    );
    const { get, post } = document.paths['/v1/deliveries'];
    expect(get?.security).toEqual([{ api_key: [] }, { session_cookie: [] }]);
    expect(get?.responses['403']).toMatchObject({ description: expect.stringContaining('csrf_token_invalid'), ...envelope });
    expect(get?.responses['400']).toMatchObject({ description: expect.stringContaining('Dashboard-Mode') });
    expect(post?.responses['400']).toMatchObject({ description: expect.stringMatching(/^Bad body\. With a session/) });
    expect(document.components?.securitySchemes?.session_cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sdd_session' });
  });

  it('leaves public, operator and session-only operations as they are', () => {
    const document = documentSessionAuth(
      documentWith({
        '/v1/health': { get: { security: [], responses: { '200': { description: 'ok' } } } },
        '/v1/ops/drivers': { get: { security: [{ ops_token: [] }], responses: { '200': { description: 'ok' } } } },
        '/v1/dashboard/session': { get: { security: [{ session_cookie: [] }], responses: { '200': { description: 'ok' } } } },
      }),
    );
    expect(document.paths['/v1/health'].get?.security).toEqual([]);
    expect(document.paths['/v1/ops/drivers'].get?.security).toEqual([{ ops_token: [] }]);
    expect(document.paths['/v1/dashboard/session'].get?.security).toEqual([{ session_cookie: [] }]);
    expect(document.paths['/v1/health'].get?.responses['403']).toBeUndefined();
  });
});
