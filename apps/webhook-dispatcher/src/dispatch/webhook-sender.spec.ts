import type { LookupAddress, LookupOptions } from 'node:dns';
import { createServer as createHttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { signPayload, SIGNATURE_HEADER, verifyWebhook } from '@sdd/signing';
import { freePort, testCertificate, WebhookReceiver } from '@sdd/testing';
import { createWebhookAgent, describeSendError, MAX_RESPONSE_BODY_BYTES, pinnedLookup, WebhookRequest, WebhookSender, WEBHOOK_USER_AGENT } from './webhook-sender';

const SECRET = 'whsec_test';
const BODY = JSON.stringify({ id: 'evt_1', type: 'delivery.created', data: { note: 'café ☕ – 5€' } });

function webhook(url: string, overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return { url, body: BODY, signature: signPayload(SECRET, BODY, 1_700_000_000), addresses: [], timeoutMs: 5000, ...overrides };
}

/** A TLS server with the test certificate whose handler a test writes freely (stalls, partial bodies). */
async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  host = '::',
): Promise<{ server: Server; port: number; connections: () => number }> {
  const { key, cert } = await testCertificate();
  const server = createServer({ key, cert }, handler);
  let connections = 0;
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen({ port: 0, host, ipv6Only: false }, resolve));
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

const servers: { close(callback: () => void): unknown; closeAllConnections(): void }[] = [];
let receiver: WebhookReceiver;
let sender: WebhookSender;

beforeEach(async () => {
  receiver = await WebhookReceiver.start();
  sender = new WebhookSender({ agent: createWebhookAgent({ ca: receiver.ca }) });
});

afterEach(async () => {
  sender.close();
  await receiver.close();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});

describe('WebhookSender', () => {
  it('posts the exact signed body with the expected headers and reports a 2xx', async () => {
    const started = Date.now();
    const response = await sender.send(webhook(receiver.url('/hooks/orders?x=1')));

    expect(response).toEqual({ statusCode: 200, durationMs: expect.any(Number), error: null, retryAfter: undefined, bodyExcerpt: '' });
    expect(Number.isInteger(response.durationMs)).toBe(true);
    expect(response.durationMs).toBeLessThanOrEqual(Date.now() - started + 1);
    expect(receiver.received).toHaveLength(1);
    const [received] = receiver.received;
    expect(received.path).toBe('/hooks/orders?x=1');
    expect(received.rawBody).toBe(BODY);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['user-agent']).toBe('SameDay-Webhooks/1.0');
    expect(WEBHOOK_USER_AGENT).toBe('SameDay-Webhooks/1.0');
    // Bytes, not characters: the body has multi-byte characters.
    expect(received.headers['content-length']).toBe(String(Buffer.byteLength(BODY)));
    expect(Buffer.byteLength(BODY)).toBeGreaterThan(BODY.length);
    expect(received.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(webhook('').signature);
    expect(verifyWebhook(received.rawBody, received.headers['service-signature'] as string, SECRET, { now: 1_700_000_000 })).toEqual({
      valid: true,
      timestamp: 1_700_000_000,
    });
    expect(received.headers['transfer-encoding']).toBeUndefined();
  });

  it('sends a body given as bytes (one Buffer shared by an event’s endpoints) exactly as a string body, and the same Buffer again', async () => {
    const bytes = Buffer.from(BODY);
    const signature = signPayload(SECRET, bytes, 1_700_000_000);
    expect(signature).toBe(webhook('').signature);
    await sender.send(webhook(receiver.url('/a'), { body: bytes, signature }));
    await sender.send(webhook(receiver.url('/b'), { body: bytes, signature }));

    expect(receiver.received.map((received) => received.rawBody)).toEqual([BODY, BODY]);
    expect(receiver.received[1].headers['content-length']).toBe(String(bytes.length));
    expect(bytes.toString()).toBe(BODY);
  });

  it('reports a 500 and passes Retry-After through as it came', async () => {
    receiver.reply(() => ({ status: 500, headers: { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }, body: 'oops' }));
    await expect(sender.send(webhook(receiver.url()))).resolves.toMatchObject({
      statusCode: 500,
      error: null,
      retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT',
      bodyExcerpt: 'oops',
    });
    receiver.reply(() => ({ status: 429, headers: { 'Retry-After': '120' } }));
    await expect(sender.send(webhook(receiver.url()))).resolves.toMatchObject({ statusCode: 429, error: null, retryAfter: '120' });
  });

  it('returns a redirect instead of following it', async () => {
    receiver.reply((request) => (request.path === '/moved' ? { status: 308, headers: { Location: receiver.url('/new') } } : { status: 200 }));
    await expect(sender.send(webhook(receiver.url('/moved')))).resolves.toMatchObject({ statusCode: 308, error: null });
    receiver.reply(() => ({ status: 302, headers: { Location: 'https://example.com/' } }));
    await expect(sender.send(webhook(receiver.url('/moved')))).resolves.toMatchObject({ statusCode: 302, error: null });
    expect(receiver.received.map((request) => request.path)).toEqual(['/moved', '/moved']);
  });

  it('gives up with "timeout" when no response comes within timeoutMs', async () => {
    receiver.reply(() => ({ status: 200, delayMs: 60_000 }));
    const response = await sender.send(webhook(receiver.url(), { timeoutMs: 300 }));
    expect(response).toMatchObject({ statusCode: null, error: 'timeout', retryAfter: undefined });
    expect(response.durationMs).toBeGreaterThanOrEqual(299);
    expect(response.durationMs).toBeLessThan(1000);
  });

  it('counts the body against the same deadline, keeping the status that came', async () => {
    const { port } = await startServer((_request, response) => {
      response.writeHead(200, { 'Content-Length': '1000', 'Retry-After': '5' });
      response.write('partial');
    });
    const response = await sender.send(webhook(`https://localhost:${port}/`, { timeoutMs: 300 }));
    expect(response).toMatchObject({ statusCode: 200, error: 'timeout', retryAfter: '5' });
    expect(response.durationMs).toBeGreaterThanOrEqual(299);
    expect(response.durationMs).toBeLessThan(1000);
  });

  it('stops reading a response body after 64 KiB and reports the response', async () => {
    const { port } = await startServer((request, response) => {
      request.resume();
      response.writeHead(200); // chunked, no end in sight
      response.write(Buffer.alloc(MAX_RESPONSE_BODY_BYTES + 16 * 1024, 'a'));
    });
    expect(MAX_RESPONSE_BODY_BYTES).toBe(65_536);
    const response = await sender.send(webhook(`https://localhost:${port}/`, { timeoutMs: 5000 }));
    expect(response).toMatchObject({ statusCode: 200, error: null, bodyExcerpt: 'a'.repeat(1024) });
    expect(response.durationMs).toBeLessThan(2000);
  });

  it('reads a body within the limit to its end and reuses the connection', async () => {
    const { port, connections } = await startServer((request, response) => {
      request.resume();
      response.end(Buffer.alloc(MAX_RESPONSE_BODY_BYTES - 1, 'a'));
    });
    for (let i = 0; i < 3; i += 1) {
      await expect(sender.send(webhook(`https://localhost:${port}/`))).resolves.toMatchObject({ statusCode: 200, error: null });
    }
    expect(connections()).toBe(1);
  });

  it('reports a connection cut in the middle of the body, keeping the status', async () => {
    const { port } = await startServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'Content-Length': '1000' });
      response.write('partial', () => setTimeout(() => response.socket?.destroy(), 20));
    });
    await expect(sender.send(webhook(`https://localhost:${port}/`))).resolves.toMatchObject({ statusCode: 200, error: 'connection reset', bodyExcerpt: 'partial' });
  });

  it('reports a connection closed before any response', async () => {
    const { port } = await startServer((request) => request.socket.destroy());
    await expect(sender.send(webhook(`https://localhost:${port}/`))).resolves.toMatchObject({
      statusCode: null,
      error: 'connection reset',
      retryAfter: undefined,
      bodyExcerpt: null,
    });
  });

  it('reports a refused connection', async () => {
    const port = await freePort();
    await expect(sender.send(webhook(`https://127.0.0.1:${port}/`))).resolves.toMatchObject({
      statusCode: null,
      error: 'connection refused',
    });
  });

  it('refuses a receiver whose certificate it does not trust, sending nothing', async () => {
    const untrusting = new WebhookSender();
    try {
      await expect(untrusting.send(webhook(receiver.url()))).resolves.toMatchObject({
        statusCode: null,
        error: 'certificate error: self-signed certificate',
      });
    } finally {
      untrusting.close();
    }
    expect(receiver.count).toBe(0);
  });

  it('reports a server that does not speak TLS', async () => {
    const plain = createHttpServer((_request, response) => response.end('plain'));
    servers.push(plain);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const response = await sender.send(webhook(`https://127.0.0.1:${(plain.address() as AddressInfo).port}/`));
    expect(response.statusCode).toBeNull();
    expect(response.error).toMatch(/^TLS error: [a-z0-9 ]+$/);
    expect(response.error).not.toBe('TLS error: handshake failed');
  });

  it('never throws on a URL it cannot send to', async () => {
    await expect(sender.send(webhook('not a url'))).resolves.toMatchObject({ statusCode: null, error: 'invalid URL' });
    await expect(sender.send(webhook('http://localhost/'))).resolves.toMatchObject({ statusCode: null, error: 'URL must use https' });
  });

  it('resolves the host name itself when no addresses are given', async () => {
    const response = await sender.send(webhook('https://nowhere.invalid/', { timeoutMs: 3000 }));
    expect(response.statusCode).toBeNull();
    expect(response.error).toMatch(/^(host not found|host name lookup failed|timeout)$/);
  });

  describe('with vetted addresses', () => {
    it('connects to them for a name no DNS knows, checking the certificate against the name', async () => {
      for (const address of ['127.0.0.1', '::1']) {
        const url = `https://pinned.example:${receiver.port}/hook`;
        await expect(sender.send(webhook(url, { addresses: [address] }))).resolves.toMatchObject({ statusCode: 200, error: null });
      }
      expect(receiver.received.map((request) => request.headers.host)).toEqual([`pinned.example:${receiver.port}`, `pinned.example:${receiver.port}`]);
    });

    it('checks the certificate against the host name, not the address', async () => {
      // 127.0.0.1 is in the certificate; other.example is not.
      const response = await sender.send(webhook(`https://other.example:${receiver.port}/`, { addresses: ['127.0.0.1'] }));
      expect(response).toMatchObject({ statusCode: null, error: 'certificate does not match the host name' });
      expect(receiver.count).toBe(0);
    });

    it('connects nowhere else, even where DNS would lead', async () => {
      const { port } = await startServer((request, response) => {
        request.resume();
        response.end();
      }, '127.0.0.1');
      // localhost resolves to where the server listens, 127.0.0.2 does not. A sender
      // of its own, so no kept-alive socket from the first request serves the second.
      const resolving = new WebhookSender({ agent: createWebhookAgent({ ca: receiver.ca }) });
      try {
        await expect(resolving.send(webhook(`https://localhost:${port}/`))).resolves.toMatchObject({ statusCode: 200 });
      } finally {
        resolving.close();
      }
      await expect(sender.send(webhook(`https://localhost:${port}/`, { addresses: ['127.0.0.2'] }))).resolves.toMatchObject({
        statusCode: null,
        error: 'connection refused',
      });
    });

    it('works when Node asks for one address rather than all', async () => {
      const oneAddress = new WebhookSender({ agent: createWebhookAgent({ ca: receiver.ca, autoSelectFamily: false }) });
      try {
        await expect(oneAddress.send(webhook(`https://pinned.example:${receiver.port}/`, { addresses: ['::1', '127.0.0.1'] }))).resolves.toMatchObject({
          statusCode: 200,
          error: null,
        });
      } finally {
        oneAddress.close();
      }
    });
  });

  it('close() drops the kept-alive connections', async () => {
    const { server, port, connections } = await startServer((request, response) => {
      request.resume();
      response.end();
    });
    await sender.send(webhook(`https://localhost:${port}/`));
    const open = (): Promise<number> => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(connections()).toBe(1);
    expect(await open()).toBe(1);
    sender.close();
    const deadline = Date.now() + 2000;
    while ((await open()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await open()).toBe(0);
  });
});

describe('createWebhookAgent', () => {
  it('keeps connections alive, many per receiver', () => {
    const agent = createWebhookAgent();
    try {
      expect(agent.options.keepAlive).toBe(true);
      expect(agent.maxSockets).toBe(256);
    } finally {
      agent.destroy();
    }
  });

  it('lets options add to the defaults', () => {
    const agent = createWebhookAgent({ ca: 'PEM' });
    try {
      expect(agent.options).toMatchObject({ keepAlive: true, maxSockets: 256, ca: 'PEM' });
    } finally {
      agent.destroy();
    }
  });
});

describe('pinnedLookup', () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

  function lookup(addresses: readonly string[], options: LookupOptions): { answer: Promise<Answer>; synchronous: boolean } {
    let called = false;
    const answer = new Promise<Answer>((resolve) =>
      pinnedLookup(addresses)('pinned.example', options, (error, address, family) => {
        called = true;
        resolve({ error, address, family });
      }),
    );
    return { answer, synchronous: called };
  }

  const both = ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '93.184.215.15'];

  it('answers all addresses with their families when asked for all', async () => {
    await expect(lookup(both, { all: true }).answer).resolves.toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        { address: '93.184.215.15', family: 4 },
      ],
      family: undefined,
    });
  });

  it('answers the first address when asked for one', async () => {
    await expect(lookup(both, {}).answer).resolves.toEqual({ error: null, address: '93.184.215.14', family: 4 });
    await expect(lookup(['::1', '127.0.0.1'], { family: 0 }).answer).resolves.toEqual({ error: null, address: '::1', family: 6 });
  });

  it('keeps to a family that is asked for', async () => {
    await expect(lookup(both, { family: 6 }).answer).resolves.toEqual({
      error: null,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
    await expect(lookup(both, { family: 'IPv6', all: true }).answer).resolves.toMatchObject({
      address: [{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
    });
    await expect(lookup(both, { family: 'IPv4', all: true }).answer).resolves.toMatchObject({
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '93.184.215.15', family: 4 },
      ],
    });
  });

  it('fails like DNS when no address of the family is there', async () => {
    const { error } = await lookup(['93.184.215.14'], { family: 6 }).answer;
    expect(error).toMatchObject({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND pinned.example' });
    expect(describeSendError(error)).toBe('host not found');
  });

  it('answers asynchronously, as dns.lookup does', async () => {
    const { answer, synchronous } = lookup(both, {});
    expect(synchronous).toBe(false);
    await answer;
  });
});

describe('describeSendError', () => {
  const withCode = (code: string, message = `connect ${code} 10.0.0.1:443`): Error => Object.assign(new Error(message), { code });

  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['EPIPE', 'connection reset'],
    ['ETIMEDOUT', 'connection timed out'],
    ['EHOSTUNREACH', 'host unreachable'],
    ['ENETUNREACH', 'network unreachable'],
    ['ENOTFOUND', 'host not found'],
    ['EAI_AGAIN', 'host name lookup failed'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'certificate does not match the host name'],
    ['ERR_INVALID_URL', 'invalid URL'],
    ['ERR_INVALID_PROTOCOL', 'URL must use https'],
  ])('says %s as "%s", without the address', (code, expected) => {
    expect(describeSendError(withCode(code))).toBe(expected);
  });

  it.each([
    ['CERT_HAS_EXPIRED', 'certificate has expired'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'unable to get local issuer certificate'],
    ['CERT_NOT_YET_VALID', 'certificate is not yet valid'],
    ['INVALID_CA', 'invalid CA certificate'],
  ])('says certificate failure %s with its own message', (code, message) => {
    expect(describeSendError(withCode(code, message))).toBe(`certificate error: ${message}`);
  });

  it.each([
    [
      'EPROTO',
      'write EPROTO 806CCCDE167F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n',
      'TLS error: wrong version number',
    ],
    [
      'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
      'C0B7:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../ssl/record/rec_layer_s3.c:1586:SSL alert number 40\n',
      'TLS error: sslv3 alert handshake failure',
    ],
    ['EPROTO', 'error:0A00042E:SSL routines::tlsv1 alert protocol version', 'TLS error: tlsv1 alert protocol version'],
    ['EPROTO', 'write EPROTO', 'TLS error: handshake failed'],
  ])('keeps the reason of an OpenSSL %s failure and drops the rest', (code, message, expected) => {
    expect(describeSendError(withCode(code, message))).toBe(expected);
  });

  it('keeps an unknown code and drops its message, which may hold an address', () => {
    expect(describeSendError(withCode('EADDRNOTAVAIL'))).toBe('network error (EADDRNOTAVAIL)');
  });

  it('reads the code of an aggregate error from happy eyeballs, which has no message', () => {
    const aggregate = Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: 'ECONNREFUSED' });
    expect(describeSendError(aggregate)).toBe('connection refused');
  });

  it('falls back to the message, or a generic one, without a code', () => {
    expect(describeSendError(new Error('socket hang up'))).toBe('socket hang up');
    expect(describeSendError(new AggregateError([]))).toBe('request failed');
    expect(describeSendError({ code: 42, message: 'odd' })).toBe('odd');
    expect(describeSendError('a string')).toBe('a string');
    expect(describeSendError(null)).toBe('null');
  });
});
