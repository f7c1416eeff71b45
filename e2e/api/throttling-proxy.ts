import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalProxy } from './local-proxy';

/**
 * An HTTP proxy in front of a gateway that refuses the first request itself, as the gateway does
 * past its rate limit (429 in the gateway's envelope, `Retry-After: <retryAfterSeconds>`), and
 * passes every later one on. The gateway's own window is the clock minute, so its Retry-After can
 * ask for up to 60 s; this one asks for a wait a test can afford, and says exactly how long.
 */
export class ThrottlingProxy extends LocalProxy {
  /** Each request's status as the client got it, in order. */
  readonly statuses: number[] = [];

  constructor(
    upstream: string,
    readonly retryAfterSeconds: number,
  ) {
    super(upstream);
  }

  protected handle(request: IncomingMessage, response: ServerResponse, target: URL): void {
    if (this.statuses.length === 0 && target.pathname !== '/v1/openapi.json') {
      this.statuses.push(429);
      const body = {
        error: {
          type: 'rate_limit_error',
          code: 'rate_limit_exceeded',
          message: `Too many requests: retry in ${this.retryAfterSeconds} s.`,
          param: null,
          request_id: 'req_throttling_proxy',
        },
      };
      response
        .writeHead(429, {
          'content-type': 'application/json; charset=utf-8',
          'retry-after': String(this.retryAfterSeconds),
          'x-request-id': 'req_throttling_proxy',
        })
        .end(JSON.stringify(body));
      return;
    }
    this.forward(request, target, (answer) => {
      if (target.pathname !== '/v1/openapi.json') this.statuses.push(answer.statusCode ?? 0);
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
  }
}
