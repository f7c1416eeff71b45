import { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LocalProxy } from './local-proxy';

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
export class ResponseDroppingProxy extends LocalProxy {
  readonly exchanges: ProxiedExchange[] = [];

  constructor(
    upstream: string,
    private readonly shouldDrop: (method: string, path: string, seen: readonly ProxiedExchange[]) => boolean,
  ) {
    super(upstream);
  }

  protected handle(request: IncomingMessage, response: ServerResponse, target: URL): void {
    this.forward(request, target, (answer) => {
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
  }
}
