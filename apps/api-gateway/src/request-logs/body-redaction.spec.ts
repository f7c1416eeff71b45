import { isCardNumber, isSecretKey, MAX_LOGGED_BODY_CHARS, REDACTED, redactBody } from './body-redaction';

const WHSEC = 'whsec_3kT9wQ2mLx8bN5vR1cZ7pJ4hA6sD0fGyU2e';
const TEST_KEY = 'svc_test_4fJ0aQ9xWm2LpZ7kT3vB8nR1cY6hD5gE';

describe('isSecretKey', () => {
  it.each([
    'secret',
    'client_secret',
    'password',
    'new_password',
    'api_key',
    'apiKey',
    'key',
    'token',
    'csrf_token',
    'Authorization',
    'card_number',
    'cardNumber',
    'cvc',
    'pin',
    'signing_secret',
  ])('%s names a secret', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['id', 'token_expires_at', 'key_id', 'last4', 'idempotency_key', 'pickup_address', 'shipping', 'company', 'number', 'url', 'status', 'secret_rotated_at', '0', ''])(
    '%s does not',
    (key) => expect(isSecretKey(key)).toBe(false),
  );
});

describe('isCardNumber', () => {
  it.each(['4242424242424242', '4242 4242 4242 4242', '5555-5555-5555-4444', '378282246310005'])('%s is one', (value) => expect(isCardNumber(value)).toBe(true));
  it.each(['4242424242424241', '+14165550100', '1234', 'del_4242424242424242', '2026-11-27'])('%s is not', (value) => expect(isCardNumber(value)).toBe(false));
});

describe('redactBody', () => {
  it('keeps a body without anything secret as it is, byte for byte', () => {
    const text = '{ "fee": 1250, "pickup_address": "1 Front St W, Toronto" }';
    expect(redactBody(text)).toEqual({ text, truncated: false });
  });

  it('replaces the values of secret keys at any depth, and card numbers under any key', () => {
    const body = JSON.stringify({
      id: 'we_1',
      secret: WHSEC,
      nested: [{ password: 'hunter2', card: { number: '4242 4242 4242 4242', exp: '12/30' } }],
      url: 'https://shop.example/hooks',
    });
    const logged = JSON.parse(redactBody(body).text ?? 'null');
    expect(logged).toEqual({ id: 'we_1', secret: REDACTED, nested: [{ password: REDACTED, card: { number: REDACTED, exp: '12/30' } }], url: 'https://shop.example/hooks' });
  });

  it('finds a card number under any key, with no secret word in the body', () => {
    expect(JSON.parse(redactBody('{"n":"4242424242424242","note":"1234 5678"}').text ?? 'null')).toEqual({ n: REDACTED, note: '1234 5678' });
  });

  it('replaces prefixed secrets inside other strings', () => {
    const logged = redactBody(JSON.stringify({ description: `rolled ${TEST_KEY}`, note: 'plain' })).text ?? '';
    expect(logged).not.toContain(TEST_KEY);
    expect(JSON.parse(logged)).toEqual({ description: 'rolled svc_test_[redacted]', note: 'plain' });
  });

  it("cuts a tracking link's token and a URL's password without touching the rest", () => {
    const body = JSON.stringify({ id: 'del_1', tracking_url: 'https://api.example/track/Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f', note: 'redis://:pw5c89@cache:6379' });
    expect(JSON.parse(redactBody(body).text ?? 'null')).toEqual({ id: 'del_1', tracking_url: 'https://api.example/track/[redacted]', note: 'redis://:[redacted]@cache:6379' });
  });

  it('sees through JSON escapes in values too', () => {
    const logged = redactBody(`{"description":"\\u0073vc_test_${TEST_KEY.slice(9)}"}`).text ?? '';
    expect(logged).not.toContain(TEST_KEY.slice(9));
  });

  it('sees through JSON escapes', () => {
    const logged = redactBody('{"\\u0073ecret":"s3cr3t-value"}').text ?? '';
    expect(logged).not.toContain('s3cr3t-value');
  });

  it('keeps null values and non-string secrets redacted alike', () => {
    expect(JSON.parse(redactBody('{"token":null,"pin":1234}').text ?? 'null')).toEqual({ token: null, pin: REDACTED });
  });

  it('redacts text that is not JSON with redactSecrets', () => {
    expect(redactBody(`key=${TEST_KEY}`).text).toBe('key=svc_test_[redacted]');
  });

  it('says there was no body', () => {
    expect(redactBody(undefined)).toEqual({ text: null, truncated: false });
    expect(redactBody('')).toEqual({ text: null, truncated: false });
  });

  it('cuts a long body after redacting it, and says so', () => {
    const body = JSON.stringify({ secret: WHSEC, filler: 'x'.repeat(MAX_LOGGED_BODY_CHARS * 2) });
    const logged = redactBody(body);
    expect(logged.truncated).toBe(true);
    expect(logged.text).toHaveLength(MAX_LOGGED_BODY_CHARS);
    expect(logged.text).not.toContain('whsec_3k');
    expect(logged.text?.startsWith(`{"secret":"${REDACTED}"`)).toBe(true);
  });
});
