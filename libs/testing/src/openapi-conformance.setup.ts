import { afterAll, afterEach } from '@jest/globals';
import { OpenApiConformance } from './openapi-conformance';

/**
 * Every e2e file: each response of the gateway's public API that a test
 * fetches is held to the OpenAPI document the gateway serves; a mismatch
 * fails the test that made the request. Checks run beside the test, so no
 * answer is delayed (outage tests time them).
 */

const DOCUMENT_PATH = '/v1/openapi.json';
const realFetch = globalThis.fetch;
/** Per origin: its document's checker, or null for a server that serves none (an ops port, a receiver). */
const checkers = new Map<string, Promise<OpenApiConformance | null>>();
const pending = new Set<Promise<void>>();
const mismatches: string[] = [];

/** Asked once per origin; a request that fails (the gateway not up, or killed) is asked again next time. */
function checkerFor(origin: string): Promise<OpenApiConformance | null> {
  let checker = checkers.get(origin);
  if (!checker) {
    checker = realFetch(`${origin}${DOCUMENT_PATH}`, { signal: AbortSignal.timeout(10_000) }).then(async (response) =>
      response.status === 200 ? OpenApiConformance.fromDocument((await response.json()) as object) : null,
    );
    checker.catch(() => checkers.delete(origin));
    checkers.set(origin, checker);
  }
  return checker;
}

async function check(url: URL, method: string, response: Response): Promise<void> {
  const text = await response.text().catch(() => undefined);
  // A body cut off (the test aborted, the gateway was killed) is not an answer to judge.
  if (text === undefined) return;
  // Ops ports and other servers serve no document: only the gateways' public ports are checked.
  const validator = await checkerFor(url.origin).catch(() => null);
  const found = validator?.mismatch({ method, pathname: url.pathname, status: response.status, contentType: response.headers.get('content-type'), text });
  if (found) mismatches.push(found);
}

function isPublicApiRequest(url: URL): boolean {
  return url.protocol === 'http:' && url.pathname.startsWith('/v1/') && url.pathname !== DOCUMENT_PATH;
}

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (isPublicApiRequest(url) && method.toUpperCase() !== 'HEAD') {
    const checking = check(url, method, response.clone()).finally(() => pending.delete(checking));
    pending.add(checking);
  }
  return response;
};

async function assertConformance(): Promise<void> {
  await Promise.all(pending);
  const found = [...new Set(mismatches.splice(0))];
  if (found.length > 0) throw new Error(`Responses that break the OpenAPI document:\n${found.join('\n')}`);
}

afterEach(assertConformance);
afterAll(assertConformance);
