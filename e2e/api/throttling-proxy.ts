import { createServer, request as forward, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a gateway that refuses the first request itself, as the gateway does
 * past its rate limit (429 in the gateway's envelope, `Retry-After: <retryAfterSeconds>`), and
 * passes every later one on. The gateway's own window is the clock minute, so its Retry-After can
 * ask for up to 60 s; this one asks for a wait a test can afford, and says exactly how long.
 */
export class ThrottlingProxy {
  /** Each request's status as the client got it, in order. */
  readonly statuses: number[] = [];
  private readonly server: Server;

  constructor(
    private readonly upstream: string,
    readonly retryAfterSeconds: number,
  ) {
    this.server = createServer((request, response) => {
      const target = new URL(request.url ?? '/', this.upstream);
      if (this.statuses.length === 0 && target.pathname !== '/v1/openapi.json') {
        this.statuses.push(429);
        const body = {
          error: {
            type: 'rate_limit_error',
            code: 'rate_limit_exceeded',
            message: `Too many requests: retry in ${retryAfterSeconds} s.`,
            param: null,
            request_id: 'req_throttling_proxy',
          },
        };
        response
          .writeHead(429, {
            'content-type': 'application/json; charset=utf-8',
            'retry-after': String(retryAfterSeconds),
            'x-request-id': 'req_throttling_proxy',
          })
          .end(JSON.stringify(body));
        return;
      }
      const outgoing = forward(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
        if (target.pathname !== '/v1/openapi.json') this.statuses.push(answer.statusCode ?? 0);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
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
