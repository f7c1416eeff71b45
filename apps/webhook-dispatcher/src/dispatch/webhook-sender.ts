import type { LookupAddress } from 'node:dns';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Agent, AgentOptions, request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SIGNATURE_HEADER } from '@sdd/signing';
import { RESPONSE_EXCERPT_BYTES, responseExcerpt } from './response-excerpt';

export const WEBHOOK_USER_AGENT = 'SameDay-Webhooks/1.0';

/**
 * A response body is read only so the connection can go back to the pool; past
 * this much the socket is dropped instead, so a receiver streaming an endless
 * body cannot hold a sender for its whole deadline.
 */
export const MAX_RESPONSE_BODY_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  /** The exact bytes that were signed: sent as they are (a string as UTF-8). */
  body: string | Buffer;
  /** The `Service-Signature` header value. */
  signature: string;
  /** Addresses the SSRF guard vetted for the URL's host; empty for an allow-listed host, which is resolved as usual. */
  addresses: readonly string[];
  /** One deadline for connecting, the response headers and the response body. */
  timeoutMs: number;
}

/**
 * What came back. `error` is null only when a whole response (or its first
 * {@link MAX_RESPONSE_BODY_BYTES}) arrived in time; `statusCode` is kept when the
 * headers came but the body then failed, so a log can still say what the
 * receiver answered.
 */
export interface WebhookResponse {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The raw `Retry-After` response header. */
  retryAfter: string | undefined;
  /** The start of the response body ({@link responseExcerpt}); null when no response came. */
  bodyExcerpt: string | null;
}

/**
 * The pool a sender uses unless given one: kept-alive sockets, many per
 * receiver, because a fresh TLS handshake per webhook would cap throughput far
 * below what one busy receiver takes. `options` is for tests (a `ca`).
 */
export function createWebhookAgent(options: AgentOptions = {}): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, ...options });
}

/**
 * Posts signed webhooks over HTTPS. Never throws and never follows a redirect
 * (a 3xx is a failed attempt like any non-2xx: following it would send the
 * event to a host the SSRF guard never saw).
 *
 * A kept-alive socket may serve a later request to the same host and port with
 * other vetted addresses: it was opened to an address vetted at the time, so it
 * still leads nowhere the guard would refuse.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(options: { agent?: Agent } = {}) {
    this.agent = options.agent ?? createWebhookAgent();
  }

  send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
    let req: ClientRequest;
    try {
      req = this.post(request, body.length);
    } catch (error) {
      return Promise.resolve({ statusCode: null, durationMs: elapsed(), error: describeSendError(error), retryAfter: undefined, bodyExcerpt: null });
    }

    return new Promise((resolve) => {
      let statusCode: number | null = null;
      let retryAfter: string | undefined;
      const excerpt: Buffer[] = [];
      let excerptBytes = 0;
      let settled = false;
      const finish = (error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({ statusCode, durationMs: elapsed(), error, retryAfter, bodyExcerpt: statusCode === null ? null : responseExcerpt(Buffer.concat(excerpt)) });
      };
      const deadline = setTimeout(() => {
        finish('timeout');
        req.destroy();
      }, request.timeoutMs);

      req.on('error', (error) => finish(describeSendError(error)));
      req.on('response', (response: IncomingMessage) => {
        statusCode = response.statusCode ?? null;
        retryAfter = response.headers['retry-after'];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (excerptBytes < RESPONSE_EXCERPT_BYTES) {
            const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - excerptBytes);
            excerpt.push(part);
            excerptBytes += part.length;
          }
          if (bytes <= MAX_RESPONSE_BODY_BYTES) return;
          finish(null);
          req.destroy();
        });
        response.on('end', () => finish(null));
        response.on('error', (error) => finish(describeSendError(error)));
      });
      req.end(body);
    });
  }

  private post(request: WebhookRequest, contentLength: number): ClientRequest {
    return httpsRequest(request.url, {
      method: 'POST',
      agent: this.agent,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': contentLength,
        'User-Agent': WEBHOOK_USER_AGENT,
        [SIGNATURE_HEADER]: request.signature,
      },
      ...(request.addresses.length > 0 ? { lookup: pinnedLookup(request.addresses) } : {}),
    });
  }

  /** Closes the pooled sockets; the sender is not used afterwards. */
  close(): void {
    this.agent.destroy();
  }
}

/**
 * A `lookup` for the connection that answers with the vetted `addresses`
 * instead of asking DNS again: a second answer could differ from the one the
 * guard checked (DNS rebinding). The URL's host name is still what TLS sends
 * as SNI and checks the certificate against. Honours a family the caller asks
 * for, and both forms Node calls it in (`all` for happy eyeballs, or one).
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const matching = family === 0 ? entries : entries.filter((entry) => entry.family === family);
    // Answered on a later tick, as dns.lookup does: net expects its callback asynchronous.
    process.nextTick(() => {
      if (matching.length === 0) {
        const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        callback(error, []);
      } else if (options.all) {
        callback(null, matching);
      } else {
        callback(null, matching[0].address, matching[0].family);
      }
    });
  };
}

/**
 * Short messages a merchant can act on. Addresses stay out (Node's own messages
 * carry the IP and port it connected to, which tells what our DNS answered).
 */
const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate does not match the host name',
  ERR_INVALID_URL: 'invalid URL',
  ERR_INVALID_PROTOCOL: 'URL must use https',
};

/** Certificate verification failures carry OpenSSL's reason as code (e.g. CERT_HAS_EXPIRED) and a short message. */
const CERTIFICATE_CODE = /CERT|SIGNATURE|^INVALID_CA$|^INVALID_PURPOSE$|^PATH_LENGTH_EXCEEDED$/;
/** The readable reason in an OpenSSL error line: "<id>:error:<hex>:SSL routines:<function>:<reason>:<file>:<line>:". */
const OPENSSL_REASON = /SSL routines:(?:[a-z0-9_]*:)?([^:]+)/;

export function describeSendError(error: unknown): string {
  const { code, message } = errorParts(error);
  if (code === undefined) return message;
  if (code in ERROR_MESSAGES) return ERROR_MESSAGES[code];
  if (CERTIFICATE_CODE.test(code)) return `certificate error: ${message}`;
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_')) return `TLS error: ${OPENSSL_REASON.exec(message)?.[1] ?? 'handshake failed'}`;
  return `network error (${code})`;
}

/** Read structurally: errors from Node's internals are not `instanceof Error` in every realm (jest's VM contexts). */
function errorParts(error: unknown): { code: string | undefined; message: string } {
  if (typeof error !== 'object' || error === null) return { code: undefined, message: String(error) };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' && message !== '' ? message : 'request failed' };
}
