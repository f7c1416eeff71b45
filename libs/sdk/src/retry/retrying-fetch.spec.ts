import { SameDayConnectionError } from '../errors/same-day-error';
import { FetchFunction, RetryNotice, retryingFetch } from './retrying-fetch';

const policy = { maxAttempts: 3, maxWaitMs: 5000, initialDelayMs: 100 };
const envelope = (code: string) => JSON.stringify({ error: { type: 'api_error', code, message: code, param: null, request_id: 'req_1' } });

/** A fetch answering from a script, recording what each attempt carried. */
function scripted(answers: Array<Response | Error>) {
  const seen: Array<{ method: string; key: string | null; body: string }> = [];
  const fetch: FetchFunction = async (request) => {
    seen.push({ method: request.method, key: request.headers.get('idempotency-key'), body: await request.text() });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, seen };
}

function harness(answers: Array<Response | Error>, overrides: { maxAttempts?: number } = {}) {
  const { fetch, seen } = scripted(answers);
  const waits: number[] = [];
  const notices: RetryNotice[] = [];
  const send = retryingFetch({
    policy: { ...policy, ...overrides },
    timeoutMs: 1000,
    fetch,
    sleep: async (ms) => void waits.push(ms),
    now: () => Date.parse('2026-11-27T12:00:00Z'),
    random: () => 1,
    newIdempotencyKey: () => 'key-generated',
    onRetry: (notice) => notices.push(notice),
  });
  return { send, seen, waits, notices };
}

const post = (headers: Record<string, string> = {}) =>
  new Request('http://api.test/v1/deliveries', { method: 'POST', body: '{"quote_id":"qt_1"}', headers: { 'content-type': 'application/json', ...headers } });

describe('retryingFetch', () => {
  it('gives a POST a generated Idempotency-Key and sends the same key and body on every attempt', async () => {
    const { send, seen, waits, notices } = harness([new TypeError('fetch failed'), new Response('{}', { status: 201 })]);
    const response = await send(post());
    expect(response.status).toBe(201);
    expect(seen).toEqual([
      { method: 'POST', key: 'key-generated', body: '{"quote_id":"qt_1"}' },
      { method: 'POST', key: 'key-generated', body: '{"quote_id":"qt_1"}' },
    ]);
    expect(waits).toEqual([100]);
    expect(notices).toEqual([{ method: 'POST', url: 'http://api.test/v1/deliveries', attempt: 1, status: undefined, waitMs: 100, idempotencyKey: 'key-generated' }]);
  });

  it("keeps the caller's own key", async () => {
    const { send, seen } = harness([new Response('{}', { status: 201 })]);
    await send(post({ 'Idempotency-Key': 'order-42' }));
    expect(seen[0].key).toBe('order-42');
  });

  it('gives a GET no key', async () => {
    const { send, seen } = harness([new Response('{}', { status: 200 })]);
    await send(new Request('http://api.test/v1/deliveries'));
    expect(seen[0].key).toBeNull();
  });

  it('waits as long as Retry-After says on a 429, in seconds or as a date', async () => {
    const { send, waits, notices } = harness([
      new Response(envelope('rate_limit_exceeded'), { status: 429, headers: { 'retry-after': '2' } }),
      new Response(envelope('rate_limit_exceeded'), { status: 429, headers: { 'retry-after': 'Fri, 27 Nov 2026 12:00:03 GMT' } }),
      new Response('{}', { status: 200 }),
    ]);
    expect((await send(new Request('http://api.test/v1/quotes/qt_1'))).status).toBe(200);
    expect(waits).toEqual([2000, 3000]);
    expect(notices.map((n) => n.status)).toEqual([429, 429]);
  });

  it('returns the last answer once the attempts are used up', async () => {
    const { send, seen } = harness([
      new Response(envelope('service_unavailable'), { status: 503 }),
      new Response(envelope('service_unavailable'), { status: 503 }),
      new Response(envelope('service_unavailable'), { status: 503, headers: { 'x-last': 'yes' } }),
    ]);
    const response = await send(new Request('http://api.test/v1/deliveries'));
    expect(response.status).toBe(503);
    expect(response.headers.get('x-last')).toBe('yes');
    expect(seen).toHaveLength(3);
  });

  it('does not wait out a Retry-After longer than maxWaitMs', async () => {
    const { send, seen, waits } = harness([new Response(envelope('rate_limit_exceeded'), { status: 429, headers: { 'retry-after': '6' } })]);
    expect((await send(new Request('http://api.test/v1/deliveries'))).status).toBe(429);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a 409 only while its key is in use', async () => {
    const busy = harness([new Response(envelope('idempotency_key_in_use'), { status: 409, headers: { 'retry-after': '1' } }), new Response('{}', { status: 201 })]);
    expect((await busy.send(post())).status).toBe(201);
    expect(busy.waits).toEqual([1000]);
    const refused = harness([new Response(envelope('quote_already_used'), { status: 409 })]);
    expect((await refused.send(post())).status).toBe(409);
    expect(refused.seen).toHaveLength(1);
  });

  it('does not retry an unkeyed, non-idempotent request that may have run', async () => {
    const { send, seen } = harness([new Response(envelope('service_unavailable'), { status: 503 })]);
    expect((await send(new Request('http://api.test/v1/webhooks/wh_1', { method: 'PATCH', body: '{}' }))).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('throws SameDayConnectionError, with the last failure as its cause, when no attempt got an answer', async () => {
    const last = new TypeError('fetch failed');
    const { send, seen } = harness([new TypeError('fetch failed'), new TypeError('fetch failed'), last]);
    const failure = await send(post()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SameDayConnectionError);
    expect((failure as Error).cause).toBe(last);
    expect((failure as Error).message).toBe('POST http://api.test/v1/deliveries: no answer after 3 attempt(s) (fetch failed)');
    expect(seen).toHaveLength(3);
  });

  it('sends once when retries are off', async () => {
    const { send, seen } = harness([new Response(envelope('rate_limit_exceeded'), { status: 429, headers: { 'retry-after': '1' } })], { maxAttempts: 1 });
    expect((await send(post())).status).toBe(429);
    expect(seen).toHaveLength(1);
  });
});
