import { presentAttempt, presentEventDetail, presentEventList, presentPingEnvelope } from '../event/event.presenter';
import { presentDeletedWebhook, presentWebhook, presentWebhookWithSecret } from './webhook.presenter';

const webhook = {
  id: 'wh_1',
  url: 'https://example.com/hooks',
  events: ['*'],
  description: null,
  active: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
};
const attempt = {
  id: 'att_1',
  eventId: 'evt_1',
  webhookId: 'wh_1',
  number: 1,
  trigger: 'automatic' as const,
  succeeded: false,
  statusCode: 500,
  durationMs: 12,
  error: null,
  responseBodyExcerpt: 'upstream down',
  nextRetryAt: '2026-11-23T10:01:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
};

describe('webhook and event presenters', () => {
  it('shows the secret only where the resource says so', () => {
    expect(presentWebhook({ ...webhook, secret: 'whsec_x' } as typeof webhook)).not.toHaveProperty('secret');
    expect(presentWebhookWithSecret({ ...webhook, secret: 'whsec_x' })).toMatchObject({ id: 'wh_1', secret: 'whsec_x', created_at: webhook.createdAt });
    expect(presentDeletedWebhook({ id: 'wh_1' })).toEqual({ id: 'wh_1', deleted: true });
  });

  it("presents an attempt and an event's destinations in the API's words (webhook_id, deliveries)", () => {
    expect(presentAttempt(attempt)).toEqual({
      id: 'att_1',
      event_id: 'evt_1',
      webhook_id: 'wh_1',
      number: 1,
      trigger: 'automatic',
      succeeded: false,
      status_code: 500,
      duration_ms: 12,
      error: null,
      response_body_excerpt: 'upstream down',
      next_retry_at: '2026-11-23T10:01:00.000Z',
      created_at: '2026-11-23T10:00:00.000Z',
    });
    const event = presentPingEnvelope('evt_1', new Date('2026-11-23T10:00:00.000Z'), 'wh_1');
    const detail = presentEventDetail({
      event,
      destinations: [{ webhookId: 'wh_1', status: 'pending', attemptCount: 1, nextAttemptAt: null, attempts: [attempt] }],
    });
    expect(detail).toMatchObject({ id: 'evt_1', type: 'webhook.test', sequence: 0, deliveries: [{ webhook_id: 'wh_1', attempt_count: 1 }] });
    expect(presentEventList({ data: [event], hasMore: false, nextCursor: null })).toEqual({ data: [event], has_more: false, next_cursor: null });
  });
});
