import { createServer, IncomingHttpHeaders, request as forward, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request the proxy passed on, and what the gateway answered it. */
export interface ProxiedExchange {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  /** The answer never reached the client: the proxy cut its connection instead. */
  dropped: boolean;
}

/**
 * An HTTP proxy in front of a gateway that loses answers: a request matching `shouldDrop` is
 * forwarded and fully answered upstream (the work is done), then the client's connection is
 * destroyed before a byte of the answer reaches it, as when a network fails mid-response.
 */
export class ResponseDroppingProxy {
  readonly exchanges: ProxiedExchange[] = [];
  private readonly server: Server;

  constructor(
    private readonly upstream: string,
    private readonly shouldDrop: (method: string, path: string, seen: readonly ProxiedExchange[]) => boolean,
  ) {
    this.server = createServer((request, response) => {
      const target = new URL(request.url ?? '/', this.upstream);
      const outgoing = forward(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const method = request.method ?? 'GET';
          const path = target.pathname;
          const dropped = this.shouldDrop(method, path, this.exchanges);
          this.exchanges.push({ method, path, headers: request.headers, status: answer.statusCode ?? 0, responseHeaders: answer.headers, dropped });
          if (dropped) {
            request.socket.destroy();
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
        });
      });
      outgoing.on('error', () => request.socket.destroy());
      request.pipe(outgoing);
    });
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
