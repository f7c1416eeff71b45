import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { verifyWebhook } from '@sdd/signing';
import { forwardEvent } from './forward-event';

describe('forwardEvent', () => {
  let server: Server;
  let url: string;
  const received: Array<{ body: string; signature: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: request.headers['service-signature'] as string | undefined });
        response.writeHead(request.url === '/fail' ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the body as given, signed so that the webhook verifier accepts it with the session secret', async () => {
    const body = '{"id":"evt_1","type":"delivery.delivered","created_at":"2026-11-27T12:00:00.000Z","data":{},"sequence":5}';
    const result = await forwardEvent(`${url}/hooks`, 'whsec_session', body);
    expect(result.status).toBe(200);
    const last = received.at(-1);
    expect(last?.body).toBe(body);
    expect(verifyWebhook(last?.body ?? '', last?.signature, 'whsec_session')).toEqual({ valid: true, timestamp: expect.any(Number) });
    expect(verifyWebhook(last?.body ?? '', last?.signature, 'whsec_other')).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it("reports the local answer's status, and a refused connection as no answer", async () => {
    expect((await forwardEvent(`${url}/fail`, 's', '{}')).status).toBe(500);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await forwardEvent(`http://127.0.0.1:${port}/hooks`, 's', '{}');
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/ECONNREFUSED/);
  });
});
