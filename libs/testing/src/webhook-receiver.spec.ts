import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { X509Certificate } from 'node:crypto';
import { testCertificate, WebhookReceiver } from './webhook-receiver';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function post(url: string, body: string, options: { ca?: string; agent?: Agent; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', ca: options.ca, agent: options.agent, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('WebhookReceiver', () => {
  let receiver: WebhookReceiver;

  afterEach(async () => {
    await receiver?.close();
  });

  it('receives a POST over HTTPS with its own CA and records it', async () => {
    receiver = await WebhookReceiver.start();
    const before = Date.now();
    const body = JSON.stringify({ id: 'evt_1', note: 'café ☕' });
    const answer = await post(receiver.url('/hooks/a?x=1'), body, { ca: receiver.ca, headers: { 'X-Test': 'yes' } });

    expect(answer.status).toBe(200);
    expect(receiver.count).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(webhook.rawBody).toBe(body);
    expect(webhook.path).toBe('/hooks/a?x=1');
    expect(webhook.headers['x-test']).toBe('yes');
    expect(webhook.receivedAt).toBeGreaterThanOrEqual(before);
    expect(webhook.receivedAt).toBeLessThanOrEqual(Date.now());
  });

  it('serves localhost on 127.0.0.1 and ::1 with a certificate valid for both', async () => {
    receiver = await WebhookReceiver.start();
    expect(receiver.url()).toBe(`https://localhost:${receiver.port}/`);
    for (const host of ['127.0.0.1', '[::1]', 'localhost']) {
      await expect(post(`https://${host}:${receiver.port}/`, '{}', { ca: receiver.ca })).resolves.toMatchObject({ status: 200 });
    }
    expect(receiver.count).toBe(3);
  });

  it('refuses connections while paused and answers again on the same port once resumed', async () => {
    receiver = await WebhookReceiver.start();
    const url = receiver.url('/down');
    await expect(post(url, '{}', { ca: receiver.ca })).resolves.toMatchObject({ status: 200 });

    await receiver.pause();
    // A fresh agent: a kept-alive socket of the first request would fail as "socket hang up" instead.
    await expect(post(url, '{}', { ca: receiver.ca, agent: new Agent() })).rejects.toThrow(/ECONNREFUSED/);
    await receiver.resume();

    await expect(post(url, '{}', { ca: receiver.ca })).resolves.toMatchObject({ status: 200 });
    expect(receiver.url('/down')).toBe(url);
    expect(existsSync(receiver.caFile)).toBe(true);
    expect(receiver.count).toBe(2);
  });

  it('is refused by a client that does not trust its CA', async () => {
    receiver = await WebhookReceiver.start();
    await expect(post(receiver.url(), '{}')).rejects.toThrow(/self-signed certificate/);
    expect(receiver.count).toBe(0);
  });

  it('writes its CA to a file for NODE_EXTRA_CA_CERTS and removes it on close', async () => {
    receiver = await WebhookReceiver.start();
    const { caFile, ca } = receiver;
    expect(readFileSync(caFile, 'utf8')).toBe(ca);
    await receiver.close();
    expect(existsSync(caFile)).toBe(false);
  });

  it('uses one certificate per process, valid for the test host names', async () => {
    const [first, second] = await Promise.all([testCertificate(), testCertificate()]);
    expect(second).toBe(first);
    const certificate = new X509Certificate(first.cert);
    expect(certificate.subjectAltName).toBe('DNS:localhost, DNS:pinned.example, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(certificate.checkHost('pinned.example')).toBe('pinned.example');
    expect(certificate.checkIP('::1')).toBe('::1');
    expect(certificate.checkHost('other.example')).toBeUndefined();
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 86_400_000);

    receiver = await WebhookReceiver.start();
    const other = await WebhookReceiver.start();
    try {
      expect(other.ca).toBe(receiver.ca);
      expect(other.caFile).not.toBe(receiver.caFile);
      expect(other.port).not.toBe(receiver.port);
    } finally {
      await other.close();
    }
    expect(existsSync(receiver.caFile)).toBe(true);
  });

  it('answers as told, and as told again after reply() changes it', async () => {
    receiver = await WebhookReceiver.start({
      reply: (webhook) => ({ status: 503, headers: { 'Retry-After': '120' }, body: `no ${webhook.path}` }),
    });
    await expect(post(receiver.url('/x'), '{}', { ca: receiver.ca })).resolves.toMatchObject({
      status: 503,
      headers: { 'retry-after': '120' },
      body: 'no /x',
    });
    receiver.reply(async () => ({ status: 204 }));
    await expect(post(receiver.url('/x'), '{}', { ca: receiver.ca })).resolves.toMatchObject({ status: 204, body: '' });
    expect(receiver.count).toBe(2);
  });

  it('answers 500 with the error when the reply function throws', async () => {
    receiver = await WebhookReceiver.start({
      reply: () => {
        throw new Error('broken reply');
      },
    });
    await expect(post(receiver.url(), '{}', { ca: receiver.ca })).resolves.toMatchObject({ status: 500, body: 'Error: broken reply' });
  });

  it('holds a reply back for delayMs', async () => {
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 200, delayMs: 200 }) });
    const started = Date.now();
    await post(receiver.url(), '{}', { ca: receiver.ca });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('closes promptly with a reply still held back and a kept-alive connection open', async () => {
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 200, delayMs: 60_000 }) });
    const agent = new Agent({ ca: receiver.ca, keepAlive: true });
    const outcome = expect(post(receiver.url(), '{}', { agent })).rejects.toThrow('socket hang up');
    await receiver.waitFor((received) => received.length === 1);
    const started = Date.now();
    await receiver.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await outcome;
    agent.destroy();
  });

  it('only counts when not recording', async () => {
    receiver = await WebhookReceiver.start({ record: false });
    const agent = new Agent({ ca: receiver.ca, keepAlive: true });
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(receiver.url(), `{"i":${i}}`, { agent })));
    agent.destroy();
    expect(receiver.count).toBe(20);
    expect(receiver.received).toEqual([]);
  });

  it('waitFor resolves once the predicate holds and fails after its timeout', async () => {
    receiver = await WebhookReceiver.start();
    const waiting = receiver.waitFor((received) => received.some((webhook) => webhook.rawBody === '"second"'), 5000);
    await post(receiver.url(), '"first"', { ca: receiver.ca });
    await post(receiver.url(), '"second"', { ca: receiver.ca });
    await expect(waiting).resolves.toBeUndefined();
    await expect(receiver.waitFor((received) => received.length > 2, 100)).rejects.toThrow(/timed out after 100 ms/);
  });
});
