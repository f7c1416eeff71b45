import { createServer, IncomingMessage, request as forward, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * An HTTP proxy on a free local port in front of a gateway, for tests that put
 * a network's misbehaviour between a client and the real gateway: a subclass
 * says what it does with each request (`handle`), passing it on with `forward`.
 */
export abstract class LocalProxy {
  private readonly server: Server = createServer((request, response) => this.handle(request, response, new URL(request.url ?? '/', this.upstream)));

  constructor(private readonly upstream: string) {}

  /** What the proxy does with one request bound for `target` (the gateway's URL of it). */
  protected abstract handle(request: IncomingMessage, response: ServerResponse, target: URL): void;

  /** Sends the request on to `target`; `onAnswer` gets the gateway's answer. A failed send cuts the client's connection. */
  protected forward(request: IncomingMessage, target: URL, onAnswer: (answer: IncomingMessage) => void): void {
    const outgoing = forward(target, { method: request.method, headers: { ...request.headers, host: target.host } }, onAnswer);
    outgoing.on('error', () => request.socket.destroy());
    request.pipe(outgoing);
  }

  /** Listens on a free local port; resolves with the proxy's base URL. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
