import { createHmac } from 'node:crypto';
import { computeSignature, signPayload, verifyWebhook } from './signature';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"delivery.created"}';
const t = 1_700_000_000;

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of "<t>.<raw body>"', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(computeSignature(secret, t, body)).toBe(expected);
    expect(signPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies a header it made', () => {
    expect(verifyWebhook(body, signPayload(secret, body, t), secret, { now: t + 10 })).toEqual({ valid: true, timestamp: t });
  });

  it('rejects a missing header', () => {
    expect(verifyWebhook(body, undefined, secret, { now: t })).toEqual({ valid: false, reason: 'missing_header' });
  });

  it('rejects a malformed header', () => {
    expect(verifyWebhook(body, 'v1=abc', secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
    expect(verifyWebhook(body, `t=${t}`, secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
  });

  it('rejects a stale timestamp', () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(body, header, secret, { now: t + 301 })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyWebhook(body, header, secret, { now: t + 301, toleranceSeconds: 600 }).valid).toBe(true);
  });

  it('rejects a body, secret or timestamp that was changed', () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(body + ' ', header, secret, { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(verifyWebhook(body, header, 'whsec_other', { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhook(body, moved, secret, { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('accepts any of several v1 signatures (secret rotation)', () => {
    const header = `t=${t},v1=${computeSignature('whsec_old', t, body)},v1=${computeSignature(secret, t, body)}`;
    expect(verifyWebhook(body, header, secret, { now: t }).valid).toBe(true);
  });

  it('signs with every secret while one rotates: a receiver holding only the new or only the old one verifies', () => {
    const header = signPayload(['whsec_new', 'whsec_old'], body, t);
    expect(header).toBe(`t=${t},v1=${computeSignature('whsec_new', t, body)},v1=${computeSignature('whsec_old', t, body)}`);
    expect(verifyWebhook(body, header, 'whsec_new', { now: t })).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhook(body, header, 'whsec_old', { now: t })).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhook(body, header, 'whsec_other', { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(() => signPayload([], body, t)).toThrow(/at least one secret/);
  });
});
