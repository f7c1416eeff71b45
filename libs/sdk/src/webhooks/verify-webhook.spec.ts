import { computeSignature, signPayload } from '@sdd/signing';
import { verifyWebhook } from './verify-webhook';

// The SDK ships alone, so its verifier is its own: these tests hold it to the signer webhook-dispatcher uses.
const secret = 'whsec_sdk_test';
const body = '{"id":"evt_1","type":"delivery.delivered","created_at":"2026-11-27T12:00:00.000Z","data":{"id":"del_test_1"}}';
const t = 1_764_244_800;

describe('verifyWebhook (against libs/signing)', () => {
  it("accepts the platform signer's header, for a string or a Buffer body", () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(body, header, secret, { now: t + 5 })).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhook(Buffer.from(body), header, secret, { now: t })).toEqual({ valid: true, timestamp: t });
  });

  it('accepts a header signed with several secrets while one rotates, holding either', () => {
    const header = signPayload(['whsec_new', secret], body, t);
    expect(verifyWebhook(body, header, secret, { now: t }).valid).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_new', { now: t }).valid).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_other', { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyWebhook(body, undefined, secret, { now: t })).toEqual({ valid: false, reason: 'missing_header' });
    expect(verifyWebhook(body, '', secret, { now: t })).toEqual({ valid: false, reason: 'missing_header' });
    expect(verifyWebhook(body, null, secret, { now: t })).toEqual({ valid: false, reason: 'missing_header' });
    expect(verifyWebhook(body, `v1=${computeSignature(secret, t, body)}`, secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
    expect(verifyWebhook(body, `t=${t}`, secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
    expect(verifyWebhook(body, `t=${t},v1=abc`, secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
  });

  it("takes Node's header value as it comes: one value in an array is that value, two are malformed", () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(body, [header], secret, { now: t })).toEqual({ valid: true, timestamp: t });
    expect(verifyWebhook(body, [header, header], secret, { now: t })).toEqual({ valid: false, reason: 'malformed_header' });
    expect(verifyWebhook(body, [], secret, { now: t })).toEqual({ valid: false, reason: 'missing_header' });
  });

  it('refuses a timestamp outside the tolerance, 5 minutes unless told', () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(body, header, secret, { now: t + 300 }).valid).toBe(true);
    expect(verifyWebhook(body, header, secret, { now: t + 301 })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyWebhook(body, header, secret, { now: t - 301 })).toEqual({ valid: false, reason: 'timestamp_out_of_tolerance' });
    expect(verifyWebhook(body, header, secret, { now: t + 301, toleranceSeconds: 600 }).valid).toBe(true);
  });

  it('refuses a changed body, secret or timestamp', () => {
    const header = signPayload(secret, body, t);
    expect(verifyWebhook(`${body} `, header, secret, { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(verifyWebhook(body, header, 'whsec_other', { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(verifyWebhook(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now: t })).toEqual({ valid: false, reason: 'signature_mismatch' });
  });

  it('verifies with the current time by default', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(body, signPayload(secret, body, now), secret).valid).toBe(true);
  });
});
