import { bodyCharsOf, toRequestLog } from './request-log-entry';
import type { AnsweredRequest } from './request-log-entry';

const KEY = 'svc_test_4fJ0aQ9xWm2LpZ7kT3vB8nR1cY6hD5gE';

function answered(change: Partial<AnsweredRequest> = {}): AnsweredRequest {
  return {
    caller: { merchantId: 'mer_1', mode: 'test', apiKeyId: 'key_1' },
    method: 'POST',
    url: '/v1/webhooks?api_key=oops',
    status: 201,
    requestId: 'req_1',
    durationMs: 12.6,
    receivedAt: new Date('2026-11-27T05:00:00.000Z'),
    requestHeaders: { authorization: `Bearer ${KEY}`, cookie: 'sdd_session=abc', 'content-type': 'application/json', 'idempotency-key': 'idem-1', 'user-agent': 'curl/8' },
    responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': 'x=y', 'x-ratelimit-remaining': 99 },
    requestBody: { url: 'https://shop.example/hooks', events: ['*'] },
    responsePayload: '{"id":"we_1","secret":"whsec_3kT9wQ2mLx8bN5vR1cZ7pJ4hA6sD0fGyU2e"}',
    ...change,
  };
}

describe('toRequestLog', () => {
  it('keeps what names the request, the key by its last four characters, and no credential', () => {
    const row = toRequestLog(answered());
    expect(row).toMatchObject({
      merchantId: 'mer_1',
      mode: 'test',
      method: 'POST',
      path: '/v1/webhooks?api_key=[redacted]',
      status: 201,
      requestId: 'req_1',
      idempotencyKey: 'idem-1',
      durationMs: 13,
      apiKeyLast4: KEY.slice(-4),
      memberId: null,
      requestHeaders: { 'content-type': 'application/json', 'idempotency-key': 'idem-1', 'user-agent': 'curl/8' },
      responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-remaining': '99' },
      requestBody: '{"url":"https://shop.example/hooks","events":["*"]}',
      responseBody: '{"id":"we_1","secret":"[redacted]"}',
      createdAt: new Date('2026-11-27T05:00:00.000Z'),
    });
    expect(row.id).toMatch(/^reqlog_[0-9A-Za-z]{24}$/);
    expect(JSON.stringify(row)).not.toContain(KEY.slice(9, -4));
  });

  it("names a session's member, not a key", () => {
    const row = toRequestLog(
      answered({ caller: { merchantId: 'mer_1', mode: 'live', apiKeyId: null, member: { id: 'mem_1', role: 'owner', sessionId: 'ses_1', csrfToken: 'c' } }, requestHeaders: {} }),
    );
    expect(row).toMatchObject({ mode: 'live', apiKeyLast4: null, memberId: 'mem_1', idempotencyKey: null });
  });

  it('logs no body for a GET, and a photo by its size only', () => {
    expect(toRequestLog(answered({ requestBody: undefined, responsePayload: undefined }))).toMatchObject({ requestBody: null, responseBody: null });
    expect(toRequestLog(answered({ requestBody: Buffer.alloc(2048) })).requestBody).toBe('[2048 bytes, not JSON]');
  });
});

describe('bodyCharsOf', () => {
  it('counts the response as sent and the request by its Content-Length', () => {
    expect(bodyCharsOf({ requestHeaders: { 'content-length': '120' }, responsePayload: 'x'.repeat(30) })).toBe(150);
    expect(bodyCharsOf({ requestHeaders: {}, responsePayload: undefined })).toBe(0);
    expect(bodyCharsOf({ requestHeaders: { 'content-length': 'nonsense' }, responsePayload: Buffer.alloc(10) })).toBe(0);
  });
});
