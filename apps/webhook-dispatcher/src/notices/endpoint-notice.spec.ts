import { HealthChange } from '../dispatch/endpoint-health.repository';
import { endpointNotice } from './endpoint-notice';

const since = new Date('2026-01-01T00:00:00Z');
const change = (kind: HealthChange['kind']): HealthChange => ({
  kind,
  endpoint: { id: 'wh_1', merchantId: 'mer_1', mode: 'live', url: 'https://shop.example/hooks', notifyEmail: 'owner@shop.example' },
  run: { failingSince: since, attempts: 40, failures: 39 },
});
const day = { disableAfterMs: 24 * 3600 * 1000 };

describe('endpointNotice', () => {
  it('warns how long the endpoint has been failing and when it will be disabled', () => {
    const mail = endpointNotice(change('warned'), 'owner@shop.example', new Date('2026-01-01T12:00:00Z'), day);
    expect(mail).toMatchObject({ to: 'owner@shop.example', subject: 'Your webhook endpoint has been failing for 12 hours' });
    expect(mail.text).toContain('live mode webhook wh_1 (https://shop.example/hooks)');
    expect(mail.text).toContain('39 of its 40 attempts since 2026-01-01T00:00:00.000Z failed');
    expect(mail.text).toContain('it will be disabled');
    expect(mail.text).toContain('24 hours');
  });

  it('tells it was disabled and how to re-enable it and recover', () => {
    const mail = endpointNotice(change('disabled'), 'owner@shop.example', new Date('2026-01-02T00:00:00Z'), day);
    expect(mail.subject).toBe('Your webhook endpoint has been disabled');
    expect(mail.text).toContain('PATCH /v1/webhooks/wh_1 {"active": true}');
    expect(mail.text).toContain('POST /v1/webhooks/wh_1/recover');
  });

  it('names each notice by endpoint, step and run, so sending it again is the same mail', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(endpointNotice(change('warned'), 'a@b.c', now, day).id).toBe(endpointNotice(change('warned'), 'a@b.c', now, day).id);
    expect(endpointNotice(change('warned'), 'a@b.c', now, day).id).not.toBe(endpointNotice(change('disabled'), 'a@b.c', now, day).id);
    const later = { ...change('warned'), run: { failingSince: new Date('2026-02-01T00:00:00Z'), attempts: 40, failures: 40 } };
    expect(endpointNotice(later, 'a@b.c', now, day).id).not.toBe(endpointNotice(change('warned'), 'a@b.c', now, day).id);
  });
});
