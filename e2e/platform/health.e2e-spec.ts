import { ServiceName } from '@sdd/contracts';
import { TestSystem, waitFor } from '@sdd/testing';

describe('health (whole system, real processes)', () => {
  const system = new TestSystem();

  beforeAll(async () => {
    await system.start({ env: { HEALTH_TIMEOUT_MS: '1000' } });
  }, 90000);

  afterAll(() => system.stop());

  it('GET /v1/health answers 200 {status: "ok"} without a key, after reaching every service', async () => {
    const response = await fetch(`${system.baseUrl}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{24}$/);
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const response = await fetch(`${system.baseUrl}/v1/health`, { headers: { 'X-Request-Id': 'merchant-trace-42' } });
    expect(response.headers.get('x-request-id')).toBe('merchant-trace-42');
  });

  it('shows per-service detail on the ops port only', async () => {
    const response = await fetch(`${system.opsUrl}/internal/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; services: Array<{ service: string; status: string; latency_ms: number }> };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => s.service).sort()).toEqual([ServiceName.Delivery, ServiceName.Payment, ServiceName.Quote, ServiceName.Webhook].sort());
    for (const service of body.services) {
      expect(service.status).toBe('ok');
      expect(service.latency_ms).toBeGreaterThanOrEqual(0);
      expect(service.latency_ms).toBeLessThan(1000);
    }

    const hidden = await fetch(`${system.baseUrl}/internal/health`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: { code: string } }).error.code).toBe('resource_missing');
    expect((await fetch(`${system.baseUrl}/health/ready`)).status).toBe(404);
    expect((await fetch(`${system.opsUrl}/v1/health`)).status).toBe(404);
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const response = await fetch(`${system.baseUrl}/v1/nowhere`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: expect.any(String),
      param: null,
      request_id: response.headers.get('x-request-id'),
    });
  });

  it('answers 503 service_unavailable when one service is down, and 200 again once it is back', async () => {
    expect(await system.stopApp(ServiceName.Webhook)).toBe(0);

    const started = Date.now();
    const response = await fetch(`${system.baseUrl}/v1/health`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable', param: null });
    expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toContain('webhook');

    const detail = (await (await fetch(`${system.opsUrl}/internal/health`)).json()) as {
      status: string;
      services: Array<{ service: string; status: string }>;
    };
    expect(detail.status).toBe('degraded');
    expect(detail.services.find((s) => s.service === ServiceName.Webhook)?.status).toBe('unavailable');

    await system.startApp(ServiceName.Webhook);
    const recovered = await waitFor(async () => {
      const r = await fetch(`${system.baseUrl}/v1/health`);
      return r.status === 200 ? r : undefined;
    }, 10000);
    expect(await recovered.json()).toEqual({ status: 'ok' });
  });

  it('shuts a service down cleanly on SIGTERM', async () => {
    expect(await system.stopApp(ServiceName.Payment, 'SIGTERM')).toBe(0);
    await system.startApp(ServiceName.Payment);
  });
});
