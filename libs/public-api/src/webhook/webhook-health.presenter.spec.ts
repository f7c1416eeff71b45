import { describe, expect, it } from '@jest/globals';
import { presentWebhookHealth, successRate } from './webhook-health.presenter';

describe('webhook health', () => {
  it('gives the share that succeeded to 4 decimals, and none without attempts', () => {
    expect(successRate(0, 0)).toBeNull();
    expect(successRate(0, 3)).toBe(0);
    expect(successRate(2, 3)).toBe(0.6667);
    expect(successRate(5, 5)).toBe(1);
  });

  it("presents the counts and the latest failures in the API's words", () => {
    const failure = {
      id: 'att_1',
      eventId: 'evt_1',
      webhookId: 'wh_1',
      number: 1,
      trigger: 'automatic' as const,
      succeeded: false,
      statusCode: 500,
      durationMs: 31,
      error: null,
      responseBodyExcerpt: 'down for maintenance',
      nextRetryAt: null,
      createdAt: '2026-11-27T05:00:00.000Z',
    };
    expect(presentWebhookHealth({ webhookId: 'wh_1', since: '2026-11-26T05:00:00.000Z', attempts: 4, succeeded: 3, lastFailures: [failure] })).toEqual({
      webhook_id: 'wh_1',
      since: '2026-11-26T05:00:00.000Z',
      attempts: 4,
      succeeded: 3,
      success_rate: 0.75,
      last_failures: [expect.objectContaining({ id: 'att_1', status_code: 500, duration_ms: 31, response_body_excerpt: 'down for maintenance' })],
    });
  });
});
