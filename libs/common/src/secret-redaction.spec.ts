import { redactSecrets, redactUrl } from './secret-redaction';

const TOKEN = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4f';
const TEST_KEY = 'svc_test_4fJ0aQ9xWm2LpZ7kT3vB8nR1cY6hD5gE';
const LIVE_KEY = 'svc_live_9QzX2mW7kLp4TbV1nR8cY3hD6gE5fJ0a';
const WHSEC = 'whsec_3kT9wQ2mLx8bN5vR1cZ7pJ4hA6sD0fGyU2e';

describe('redactUrl', () => {
  it.each([
    [`/track/${TOKEN}`, '/track/[redacted]'],
    [`/track/${TOKEN}/status`, '/track/[redacted]/status'],
    [`/track/${TOKEN}/status?x=1`, '/track/[redacted]/status?x=1'],
    [`/track/${TOKEN}?utm=mail`, '/track/[redacted]?utm=mail'],
    [`/track/not-a-token-shape`, '/track/[redacted]'],
    ['/checkout/chk_4fJ0aQ9xWm2LpZ7k', '/checkout/[redacted]'],
    ['/checkout/chk_4fJ0aQ9xWm2LpZ7k/refresh', '/checkout/[redacted]/refresh'],
    ['/checkout/chk_4fJ0aQ9xWm2LpZ7k?session=1', '/checkout/[redacted]?session=1'],
    ['/proof-photos/del_1/ab.jpg?expires=1&signature=deadbeef', '/proof-photos/del_1/ab.jpg?expires=1&signature=[redacted]'],
    ['/b/k.jpg?X-Amz-Credential=AKIA&X-Amz-Signature=deadbeef', '/b/k.jpg?X-Amz-Credential=AKIA&X-Amz-Signature=[redacted]'],
    [`/v1/deliveries?api_key=${TEST_KEY}`, '/v1/deliveries?api_key=[redacted]'],
    [`/v1/deliveries?limit=5&key=abc&cursor=c1`, '/v1/deliveries?limit=5&key=[redacted]&cursor=c1'],
    [
      `/v1/x?token=${TOKEN}&Secret=s&password=p&signature=v1%3Dab&access_token=t`,
      '/v1/x?token=[redacted]&Secret=[redacted]&password=[redacted]&signature=[redacted]&access_token=[redacted]',
    ],
    [`/v1/deliveries/${LIVE_KEY}`, '/v1/deliveries/svc_live_[redacted]'],
    [`/v1/webhooks?s=${WHSEC}`, '/v1/webhooks?s=whsec_[redacted]'],
    [`/v1/anything?q=trk_${TOKEN}`, '/v1/anything?q=trk_[redacted]'],
    ['/v1/payments?k=sk_live_51HxYz&r=rk_test_51Ab', '/v1/payments?k=sk_live_[redacted]&r=rk_test_[redacted]'],
    [`/v1/deliveries?limit=5#key=${TOKEN}`, '/v1/deliveries?limit=5#key=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/v1/deliveries?limit=5&status=delivered',
    '/v1/deliveries/del_test_4fJ0aQ9',
    '/v1/events?delivery_id=del_1&type=delivery.created',
    '/health/ready',
    '/',
    '',
    '/tracking/x',
    '/v1/quotes?monkey_business',
    '/v1/checkouts/chk_4fJ0aQ9xWm2LpZ7k',
  ])('leaves %j alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it('takes linear time on hostile input', () => {
    const hostile = `/track/${'a'.repeat(20_000)}?${'k='.repeat(20_000)}&${'svc_test_'.repeat(5_000)}`;
    const started = process.hrtime.bigint();
    redactUrl(hostile);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });
});

describe('redactSecrets', () => {
  it.each([
    [`GET /track/${TOKEN}/status failed`, 'GET /track/[redacted]/status failed'],
    [`Bearer ${TEST_KEY} is not valid`, 'Bearer svc_test_[redacted] is not valid'],
    [`rolled ${TEST_KEY} into ${LIVE_KEY}`, 'rolled svc_test_[redacted] into svc_live_[redacted]'],
    [`secret ${WHSEC}.`, 'secret whsec_[redacted].'],
    [`https://shop.example/track/${TOKEN}`, 'https://shop.example/track/[redacted]'],
    ['pay at https://api.example/checkout/chk_4fJ0aQ9xWm2LpZ7k now', 'pay at https://api.example/checkout/[redacted] now'],
    ['cannot reach redis://:5c89e1800af5@127.0.0.1:63790', 'cannot reach redis://:[redacted]@127.0.0.1:63790'],
    ['DATABASE_URL postgres://postgres:b43c%2Fe7@127.0.0.1:54329/sameday refused', 'DATABASE_URL postgres://postgres:[redacted]@127.0.0.1:54329/sameday refused'],
  ])('%s → %s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('takes linear time on hostile input', () => {
    const hostile = `${'a.'.repeat(30_000)} ${'x://'.repeat(10_000)} ${'y://u:'.repeat(10_000)}`;
    const started = process.hrtime.bigint();
    redactSecrets(hostile);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
  });

  it('answers what all three patterns answer, whether or not the text has the "@" a URL password needs', () => {
    const everyPattern = (text: string) =>
      text
        .replace(/(\b[a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]*:)[^\s/@]+@/gi, '$1[redacted]@')
        .replace(/\/(track|checkout)\/[^/?#\s"']+/g, '/$1/[redacted]')
        .replace(/(svc_(?:test|live)|whsec|trk|sk_(?:test|live)|rk_(?:test|live))_[0-9A-Za-z]+/g, '$1_[redacted]');
    const parts = [
      'redis://',
      ':pw',
      '@host',
      'postgres://u:p@h/db',
      ` ${TEST_KEY}`,
      `/track/${TOKEN}`,
      ' https://a.example/x',
      '@',
      'x:y',
      ' "tracking_url":"http://t.example/track/abc"',
    ];
    for (const a of parts) for (const b of parts) for (const c of parts) expect(redactSecrets(a + b + c)).toBe(everyPattern(a + b + c));
  });

  it('leaves ordinary messages alone', () => {
    for (const text of ['handler for delivery.get failed', 'svc_test_ alone', 'del_test_4fJ0aQ9 moved to picked_up', 'the tracking page']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});
