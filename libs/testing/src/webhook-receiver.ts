import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, Server } from 'node:https';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generate } from 'selfsigned';
import { waitFor } from './wait-for';

export interface ReceivedWebhook {
  /** Date.now() when the request's headers arrived. */
  receivedAt: number;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The request target: path and query. */
  path: string;
}

export type Reply = { status: number; headers?: Record<string, string>; delayMs?: number; body?: string };
export type ReplyFn = (request: ReceivedWebhook) => Reply | Promise<Reply>;

export interface WebhookReceiverOptions {
  /** How to answer; 200 with an empty body unless given. */
  reply?: ReplyFn;
  /** Keep every request in `received` (default). The bench turns it off and only reads `count`. */
  record?: boolean;
}

export interface TestCertificate {
  /** PEM private key. */
  key: string;
  /** PEM certificate, self-signed: also the CA a client must trust. */
  cert: string;
}

/** Names the certificate is valid for: `pinned.example` lets a test connect by a name no DNS knows. */
export const TEST_CERTIFICATE_HOSTS = ['localhost', 'pinned.example', '127.0.0.1', '::1'] as const;

let certificate: Promise<TestCertificate> | undefined;

/**
 * A self-signed certificate for {@link TEST_CERTIFICATE_HOSTS}, made once per
 * process: every receiver a test file starts shares it, so one CA file serves
 * an app started before the receivers are.
 */
export function testCertificate(): Promise<TestCertificate> {
  certificate ??= generateCertificate();
  return certificate;
}

async function generateCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    // EC keys take milliseconds where RSA takes up to a second.
    keyType: 'ec',
    algorithm: 'sha256',
    // An hour back, so a clock a little behind in a child process still sees it valid.
    notBeforeDate: new Date(Date.now() - 3_600_000),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: TEST_CERTIFICATE_HOSTS.map((host) => (isIP(host) === 0 ? { type: 2, value: host } : { type: 7, ip: host })),
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** Writes `pem` to a file of its own temporary directory, for NODE_EXTRA_CA_CERTS; remove the directory when done. */
export async function writeCaFile(pem: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'sdd-webhook-ca-'));
  const file = join(directory, 'ca.pem');
  await writeFile(file, pem);
  return file;
}

/**
 * A real HTTPS server standing in for a merchant's webhook endpoint, so e2e
 * tests and the bench exercise the dispatcher's TLS, signing and timeouts as
 * they run in production. The dispatcher must trust `caFile`
 * (NODE_EXTRA_CA_CERTS) and allow-list `localhost`.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Requests received, recorded or not. */
  count = 0;
  private replyFn: ReplyFn;
  private readonly record: boolean;
  /** Replies held back by `delayMs`: cleared on close, or they would keep the process alive. */
  private readonly delays = new Set<NodeJS.Timeout>();
  /** Where `resume()` listens again: the port the endpoint was registered with. */
  private pausedPort?: number;

  private constructor(
    private readonly server: Server,
    readonly ca: string,
    readonly caFile: string,
    options: WebhookReceiverOptions,
  ) {
    this.replyFn = options.reply ?? (() => ({ status: 200 }));
    this.record = options.record ?? true;
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void this.handle(request, response));
  }

  static async start(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
    const { key, cert } = await testCertificate();
    const caFile = await writeCaFile(cert);
    // Idle connections stay open well past the client's reuse, or a bench
    // would race the server closing a socket the client just picked up.
    const server = createServer({ key, cert, keepAlive: true, keepAliveTimeout: 30_000 });
    const receiver = new WebhookReceiver(server, cert, caFile, options);
    try {
      await receiver.listen();
    } catch (error) {
      await rm(dirname(caFile), { recursive: true, force: true });
      throw error;
    }
    return receiver;
  }

  get port(): number {
    const address = this.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('WebhookReceiver is not listening');
    return address.port;
  }

  url(path = '/'): string {
    return `https://localhost:${this.port}${path}`;
  }

  /** Changes how later requests are answered, e.g. to make an endpoint recover. */
  reply(fn: ReplyFn): void {
    this.replyFn = fn;
  }

  /** Resolves once `predicate` holds for what was received (always empty when not recording). */
  async waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs = 10_000): Promise<void> {
    await waitFor(() => (predicate(this.received) ? true : undefined), timeoutMs, 10);
  }

  /**
   * Goes down as a crashed endpoint does: stops listening (connections are
   * refused) and drops open ones. `resume()` comes back on the same port, with
   * the same certificate.
   */
  async pause(): Promise<void> {
    this.pausedPort = this.port;
    await this.shutDown();
  }

  async resume(): Promise<void> {
    if (this.pausedPort === undefined) throw new Error('WebhookReceiver is not paused');
    await this.listen(this.pausedPort);
    this.pausedPort = undefined;
  }

  async close(): Promise<void> {
    await this.shutDown();
    await rm(dirname(this.caFile), { recursive: true, force: true });
  }

  private async shutDown(): Promise<void> {
    for (const delay of this.delays) clearTimeout(delay);
    this.delays.clear();
    await new Promise<void>((resolve) => {
      // Called on a paused server, close() reports "not running": it is down either way.
      this.server.close(() => resolve());
      // Kept-alive and held-back connections would otherwise hold close() open.
      this.server.closeAllConnections();
    });
  }

  /**
   * `localhost` resolves to 127.0.0.1 on some machines and ::1 on others, so
   * the server takes both through one dual-stack socket; a machine without
   * IPv6 refuses '::', and there 127.0.0.1 is all `localhost` can mean.
   */
  private async listen(port = 0): Promise<void> {
    try {
      await listenOn(this.server, '::', port);
    } catch {
      await listenOn(this.server, '127.0.0.1', port);
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const webhook: ReceivedWebhook = {
        receivedAt,
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '/',
      };
      this.count += 1;
      if (this.record) this.received.push(webhook);
      const reply = await this.replyFn(webhook);
      if (reply.delayMs) await this.delay(reply.delayMs);
      response.writeHead(reply.status, reply.headers).end(reply.body);
    } catch (error) {
      // A broken reply function shows up as a 500 the test can see, not as a hang.
      if (!response.headersSent) response.writeHead(500).end(String(error));
    }
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.delays.delete(timer);
        resolve();
      }, ms);
      this.delays.add(timer);
    });
  }
}

function listenOn(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ipv6Only: false }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
