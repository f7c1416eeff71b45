import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Fastify, { FastifyInstance } from 'fastify';
import { Lifecycle } from '@sdd/runtime';
import { registerDrainHooks } from './drain.hook';
import { tagRequest } from './listeners';

describe('registerDrainHooks', () => {
  let fastify: FastifyInstance;
  let lifecycle: Lifecycle;

  beforeEach(async () => {
    fastify = Fastify();
    lifecycle = new Lifecycle();
    fastify.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-test-listener'] === 'ops') tagRequest(request.raw, 'ops');
      done();
    });
    // Only what the hooks use of the Nest application: its Lifecycle and its Fastify instance.
    const app = { get: () => lifecycle, getHttpAdapter: () => ({ getInstance: () => fastify }) } as unknown as NestFastifyApplication;
    registerDrainHooks(app);
    fastify.get('/v1/thing', async () => ({ ok: true }));
    fastify.get('/health/ready', async () => ({ status: 'shutting_down' }));
    await fastify.ready();
  });

  afterEach(() => fastify.close());

  it('leaves responses alone while the process runs', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/v1/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).not.toBe('close');
  });

  it('still serves while draining, closing each connection after its response', async () => {
    lifecycle.startDraining();
    const response = await fastify.inject({ method: 'GET', url: '/v1/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers.connection).toBe('close');
  });

  it('refuses with the 503 envelope once the listeners close', async () => {
    lifecycle.startClosing();
    const response = await fastify.inject({ method: 'GET', url: '/v1/thing', headers: { 'x-request-id': 'req_drain' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toEqual({
      error: { type: 'api_error', code: 'service_unavailable', message: expect.any(String), param: null, request_id: expect.any(String) },
    });
  });

  it('keeps answering the probes on the ops port while closing', async () => {
    lifecycle.startClosing();
    const response = await fastify.inject({ method: 'GET', url: '/health/ready', headers: { 'x-test-listener': 'ops' } });
    expect(response.statusCode).toBe(200);
  });
});
