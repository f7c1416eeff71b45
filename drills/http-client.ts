import { Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  text: string;
  /** The Retry-After header, as sent (undefined when absent). */
  retryAfter: string | undefined;
}

/** Why a request got no answer: `timeout`, or the socket's error code (`ECONNRESET`, `ECONNREFUSED`, …). */
export class NoAnswer extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Keep-alive connections without a cap, as a merchant's HTTP client has:
 * node:http rather than fetch, because fetch costs the drill's one process
 * several times the CPU per request, and at hundreds of requests a second on
 * a shared machine the load generator's own lag would be measured as the
 * system's (docs/reliability.md, "Overload").
 */
const agent = new Agent({ keepAlive: true });

/** One HTTP request; resolves with the whole answer or rejects with NoAnswer. */
export function httpRequest(url: string, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent });
    const timer = setTimeout(() => req.destroy(new NoAnswer('timeout')), timeoutMs);
    req.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error instanceof NoAnswer ? error : new NoAnswer(error.code ?? error.message));
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), retryAfter: res.headers['retry-after'] });
      });
    });
    req.end(body);
  });
}
