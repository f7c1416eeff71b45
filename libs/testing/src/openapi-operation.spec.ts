import { findOperation, OperationPaths } from './openapi-operation';

const paths: OperationPaths = {
  '/v1/api_keys/roll': { post: {} },
  '/v1/api_keys/{keyId}': { delete: {} },
  '/v1/deliveries': { get: {}, post: {} },
  '/v1/deliveries.list': { get: {} },
  '/v1/deliveries/{deliveryId}': { get: {} },
  '/v1/deliveries/{deliveryId}/tracking': { get: {} },
  '/v1/webhooks/{webhookId}': { patch: {}, delete: {} },
  '/v1/webhooks/{webhookId}/test': { post: {} },
};

describe('findOperation', () => {
  it('finds the operation a path and method reach, with its template', () => {
    expect(findOperation(paths, 'GET', '/v1/deliveries/del_test_1')).toEqual({ path: '/v1/deliveries/{deliveryId}', method: 'get' });
    expect(findOperation(paths, 'GET', '/v1/deliveries/del_1/tracking')).toEqual({ path: '/v1/deliveries/{deliveryId}/tracking', method: 'get' });
    expect(findOperation(paths, 'POST', '/v1/deliveries')).toEqual({ path: '/v1/deliveries', method: 'post' });
  });

  it('prefers a literal segment to a parameter', () => {
    expect(findOperation(paths, 'POST', '/v1/api_keys/roll')).toEqual({ path: '/v1/api_keys/roll', method: 'post' });
    expect(findOperation(paths, 'GET', '/v1/deliveries.list')).toEqual({ path: '/v1/deliveries.list', method: 'get' });
    expect(findOperation(paths, 'POST', '/v1/webhooks/test')).toBeUndefined();
    expect(findOperation(paths, 'DELETE', '/v1/webhooks/test')).toEqual({ path: '/v1/webhooks/{webhookId}', method: 'delete' });
  });

  it('finds nothing for an unknown route, a method the path lacks, or an empty parameter', () => {
    expect(findOperation(paths, 'GET', '/v1/nope')).toBeUndefined();
    expect(findOperation(paths, 'PUT', '/v1/deliveries')).toBeUndefined();
    expect(findOperation(paths, 'GET', '/v1/deliveries/')).toBeUndefined();
    expect(findOperation(paths, 'GET', '/v1/deliveries/a/b')).toBeUndefined();
  });
});
