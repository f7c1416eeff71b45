import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Fleet, PaymentFlow, startMailServer, TEST_OPS_TOKEN, TestSystem, testPhoto, waitFor } from '@sdd/testing';

const PICKUP_ADDRESS = '1 Queen St E, Toronto, ON M5C 2W5';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

describe('live dispatch: drivers, offers, the driver API, live tracking', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const proofUrlSecret = randomBytes(32).toString('hex');
  /** Where the geocoder puts the pickup; drivers are placed around it. */
  let pickup: { lat: number; lng: number };
  const near = (dLat: number, dLng = 0) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: Math.round((pickup.lng + dLng) * 1e6) / 1e6 });

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: live, body });

  /** A paid live delivery from 1 Queen St E, as a merchant makes one. */
  const paidDelivery = (extra: Record<string, unknown> = {}, quoteExtra: Record<string, unknown> = {}): Promise<string> =>
    flow.paidDelivery(live, 'live', { customer, ...extra }, quoteExtra);

  /** Every driver goes offline after its test, so that no offer of the next test goes to it. */
  const online: Array<{ call: (m: string, p: string, b?: unknown) => Promise<unknown> }> = [];
  afterEach(async () => {
    await Promise.all(online.splice(0).map((driver) => driver.call('POST', '/v1/driver/availability', { online: false })));
  });

  beforeAll(async () => {
    mail = await startMailServer();
    await system.start({
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        OFFER_TIMEOUT_MS: '1500',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        SMTP_URL: mail.url,
        SMTP_FROM: 'Same-day delivery <dispatch@sameday.test>',
        NOTIFY_INTERVAL_MS: '200',
        PROOF_URL_SECRET: proofUrlSecret,
      },
    });
    live = (await system.registerMerchant('Live Dispatch Co')).live;
    await flow.connect(live);
    const quote = await call('POST', '/v1/quotes', { pickup_address: PICKUP_ADDRESS, dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    pickup = quote.body.pickup as { lat: number; lng: number };
  }, 90000);
  afterAll(async () => {
    await system.stop();
    await mail.close();
  });

  it('runs a paid live delivery end to end: offer, accept, every status, driver on retrieve and tracking, the transfer', async () => {
    const sam = await fleet.driver('Sam Driver', near(0.002));
    online.push(sam);
    const deliveryId = await paidDelivery({ dropoff_notes: 'Buzz 1203', customer: { ...customer, email: 'amelie@example.ca' } });
    const offer = await fleet.offerFor(sam, deliveryId);
    expect(offer).toMatchObject({
      status: 'open',
      category: 'standard',
      recipient: { first_name: 'Amélie', phone: '+14165550142' },
      dropoff: { notes: 'Buzz 1203' },
      distance_km: expect.any(Number),
    });
    expect(JSON.stringify(offer)).not.toContain('Tremblay');
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body.status).toBe('pending');

    const accepted = await sam.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);
    const assigned = await call('GET', `/v1/deliveries/${deliveryId}`);
    expect(assigned.body).toMatchObject({ status: 'driver_assigned', driver: { name: 'Sam Driver', phone: '+14165550177', vehicle: 'car', ...near(0.002) } });

    await sam.call('POST', '/v1/driver/location', near(0.001));
    const tracking = await call('GET', `/v1/deliveries/${deliveryId}/tracking`);
    expect(tracking.body).toMatchObject({ status: 'driver_assigned', driver: { name: 'Sam Driver', location: near(0.001) } });
    expect(tracking.body.eta_minutes).toBeGreaterThan(0);

    const tooEarly = await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered' });
    expect([tooEarly.status, tooEarly.body.error?.code]).toEqual([409, 'delivery_transition_invalid']);
    for (const status of ['driver_at_pickup', 'picked_up', 'in_transit']) {
      const moved = await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status });
      expect([moved.status, moved.body.status]).toEqual([200, status]);
    }
    expect((await call('GET', `/v1/deliveries/${deliveryId}/proof`)).body.error).toMatchObject({ code: 'proof_not_available' });
    const doorPhoto = testPhoto('door');
    const uploaded = await fleet.uploadPhoto(sam, deliveryId, doorPhoto);
    expect([uploaded.status, uploaded.body]).toEqual([
      201,
      {
        delivery_id: deliveryId,
        content_type: 'image/jpeg',
        size: doorPhoto.length,
        sha256: createHash('sha256').update(doorPhoto).digest('hex'),
        uploaded_at: expect.any(String),
      },
    ]);
    const trackingPath = new URL((await call('GET', `/v1/deliveries/${deliveryId}`)).body.tracking_url as string).pathname;
    const pin = ((await (await fetch(`${system.baseUrl}${trackingPath}/status`)).json()) as { delivery_pin: string }).delivery_pin;
    expect(pin).toMatch(/^[0-9]{4}$/);
    const wrongPin = String((Number(pin) + 1) % 10_000).padStart(4, '0');
    const refused = await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', pin: wrongPin });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'pin_mismatch']);
    const delivered = await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Amélie', pin });
    expect(delivered.body).toEqual({ delivery_id: deliveryId, status: 'delivered' });
    const proof = await call('GET', `/v1/deliveries/${deliveryId}/proof`);
    expect(proof.body).toEqual({
      delivery_id: deliveryId,
      delivered_at: expect.any(String),
      recipient_name: 'Amélie',
      pin_verified: true,
      id_checked: false,
      photos: [
        {
          url: expect.stringMatching(new RegExp(`^${system.baseUrl}/proof-photos/${deliveryId}/`)),
          url_expires_at: expect.any(String),
          content_type: 'image/jpeg',
          size: doorPhoto.length,
          sha256: uploaded.body.sha256,
          uploaded_at: uploaded.body.uploaded_at,
        },
      ],
    });
    const photoUrl = (proof.body.photos as Array<{ url: string; url_expires_at: string }>)[0];
    expect(Date.parse(photoUrl.url_expires_at) - Date.now()).toBeGreaterThan(10 * 60_000);
    const photo = await fetch(photoUrl.url);
    expect([photo.status, photo.headers.get('content-type'), photo.headers.get('x-content-type-options')]).toEqual([200, 'image/jpeg', 'nosniff']);
    expect(Buffer.from(await photo.arrayBuffer()).equals(doorPhoto)).toBe(true);
    expect(((await (await fetch(`${system.baseUrl}${trackingPath}/status`)).json()) as { delivery_pin: unknown }).delivery_pin).toBeNull();

    const events = await waitFor(
      async () => {
        const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}`);
        const types = (listed.body.data as Array<{ type: string }>).map((event) => event.type).reverse();
        return types.includes('delivery.delivered') ? types : undefined;
      },
      15_000,
      100,
    );
    expect(events).toEqual(['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered']);
    const payout = await waitFor(
      async () => {
        const page = await call('GET', '/v1/payouts');
        return (page.body.data as Array<Record<string, unknown>>).find((p) => p.delivery_id === deliveryId && p.status === 'paid');
      },
      20_000,
      100,
    );
    expect(payout.amount).toBe(3600);
    // The recipient heard of the driver, the way and the arrival, by SMTP, each once.
    const mails = await waitFor(
      () => {
        const found = mail.received.filter((received) => received.to.includes('amelie@example.ca'));
        return found.length === 3 ? found : undefined;
      },
      15_000,
      100,
    );
    expect(mails.map((received) => received.headers.subject).sort()).toEqual([
      'A driver is on the way to pick up your delivery',
      'Your delivery has arrived',
      'Your delivery is on its way',
    ]);
    expect(mails.every((received) => received.from === 'dispatch@sameday.test' && received.text.startsWith('Hi Amélie'))).toBe(true);
    expect(
      mails
        .filter((received) => received.text.includes(trackingPath))
        .map((received) => received.headers.subject)
        .sort(),
    ).toEqual(['A driver is on the way to pick up your delivery', 'Your delivery is on its way']);
    expect(new Set(mails.map((received) => received.headers['message-id'])).size).toBe(3);
  });

  it('moves on when an offer times out or is declined', async () => {
    const slow = await fleet.driver('Slow Nearest', near(0.002));
    const decliner = await fleet.driver('Decliner', near(0.005));
    const taker = await fleet.driver('Taker Farther', near(0.015));
    online.push(slow, decliner, taker);
    const deliveryId = await paidDelivery();
    const first = await fleet.offerFor(slow, deliveryId);
    const second = await fleet.offerFor(decliner, deliveryId, 10_000);
    expect((await slow.call('POST', `/v1/driver/offers/${first.id as string}/accept`)).body.error).toMatchObject({ code: 'offer_not_open' });
    expect((await decliner.call('POST', `/v1/driver/offers/${second.id as string}/decline`)).body.status).toBe('declined');
    const third = await fleet.offerFor(taker, deliveryId, 10_000);
    expect((await taker.call('POST', `/v1/driver/offers/${third.id as string}/accept`)).status).toBe(200);
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body.driver).toMatchObject({ name: 'Taker Farther' });
  });

  it('lets exactly one of several concurrent accepts win', async () => {
    const racer = await fleet.driver('Racer', near(0.002));
    online.push(racer);
    const deliveryId = await paidDelivery();
    const offer = await fleet.offerFor(racer, deliveryId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => racer.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}`);
    expect((listed.body.data as Array<{ type: string }>).filter((event) => event.type === 'delivery.driver_assigned')).toHaveLength(1);
  });

  it('offers restricted deliveries only to drivers with an approved, unexpired certification of the pickup province', async () => {
    const location = await call('POST', '/v1/merchants/locations', {
      name: 'Queen St Wines',
      address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      phone: '+1 416 555 0100',
      licensed_for: ['alcohol'],
      license_number: 'AGCO-1',
    });
    expect(location.status).toBe(201);
    const uncertified = await fleet.driver('Uncertified Nearest', near(0.001));
    const expired = await fleet.driver('Expired Cert', near(0.002), { certifications: [{ kind: 'liquor_service', province: 'ON', expires_at: '2026-01-01T00:00:00Z' }] });
    const elsewhere = await fleet.driver('Quebec Cert', near(0.003), { certifications: [{ kind: 'liquor_service', province: 'QC' }] });
    const certified = await fleet.driver('Certified Farther', near(0.015), { certifications: [{ kind: 'liquor_service', province: 'ON' }] });
    online.push(uncertified, expired, elsewhere, certified);
    const deliveryId = await paidDelivery({}, { category: 'alcohol' });
    const offer = await fleet.offerFor(certified, deliveryId);
    expect(offer.category).toBe('alcohol');
    for (const driver of [uncertified, expired, elsewhere]) expect((await driver.call('GET', '/v1/driver/offers')).body.data).toEqual([]);
    await certified.call('POST', `/v1/driver/offers/${offer.id as string}/decline`);
    // Revoked: never offered again, and nobody else qualifies.
    await fleet.ops('POST', `/v1/ops/drivers/${certified.id}/certifications`, { kind: 'liquor_service', province: 'ON', status: 'revoked' });
    const another = await paidDelivery({}, { category: 'alcohol' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await certified.call('GET', '/v1/driver/offers')).body.data).toEqual([]);
    expect((await call('GET', `/v1/deliveries/${another}`)).body.status).toBe('pending');
    // Nobody qualifies for them: cancelled (and refunded), so that no later test's driver is offered them.
    for (const id of [deliveryId, another]) expect((await call('POST', `/v1/deliveries/${id}/cancel`)).body.status).toBe('cancelled');
  });

  it('checks the ID of an age-restricted recipient: no birth date is refused, under age fails the delivery', async () => {
    const certified = await fleet.driver('ID Checker', near(0.002), { certifications: [{ kind: 'liquor_service', province: 'ON' }] });
    online.push(certified);
    const adult = await paidDelivery({}, { category: 'alcohol' });
    const minor = await paidDelivery({}, { category: 'alcohol' });
    for (const deliveryId of [adult, minor]) {
      const offer = await fleet.offerFor(certified, deliveryId);
      expect((await certified.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
      for (const status of ['picked_up', 'in_transit']) await certified.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status });
      const noId = await certified.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered' });
      expect([noId.status, noId.body.error?.param]).toEqual([400, 'recipient_birth_date']);
      const birthDate = deliveryId === adult ? '1990-04-01' : `${new Date().getUTCFullYear() - 17}-01-01`;
      const answered = await certified.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_birth_date: birthDate });
      expect(answered.body.status).toBe(deliveryId === adult ? 'delivered' : 'failed');
    }
    expect((await call('GET', `/v1/deliveries/${adult}/proof`)).body).toMatchObject({ id_checked: true });
  });

  it('returns an undeliverable package to the pickup when the merchant asked for it, else refuses the return', async () => {
    const driver = await fleet.driver('Returning Driver', near(0.002));
    online.push(driver);
    const returning = await paidDelivery({ undeliverable_action: 'return_to_pickup' });
    let offer = await fleet.offerFor(driver, returning);
    await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    await driver.call('POST', `/v1/driver/deliveries/${returning}/status`, { status: 'picked_up' });
    const returned = await driver.call('POST', `/v1/driver/deliveries/${returning}/status`, { status: 'returned', reason: 'recipient_unavailable' });
    expect(returned.body.status).toBe('returned');
    const types = await waitFor(
      async () => {
        const listed = await call('GET', `/v1/events?delivery_id=${returning}`);
        const found = (listed.body.data as Array<{ type: string }>).map((event) => event.type);
        return found.includes('delivery.returned') ? found : undefined;
      },
      15_000,
      100,
    );
    // Its refund (the items subtotal) may follow as delivery.refunded.
    expect(types.filter((type) => type !== 'delivery.refunded')[0]).toBe('delivery.returned');

    const failing = await paidDelivery();
    offer = await fleet.offerFor(driver, failing);
    await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    await driver.call('POST', `/v1/driver/deliveries/${failing}/status`, { status: 'picked_up' });
    const refused = await driver.call('POST', `/v1/driver/deliveries/${failing}/status`, { status: 'returned', reason: 'recipient_unavailable' });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'return_not_requested']);
    await driver.call('POST', `/v1/driver/deliveries/${failing}/status`, { status: 'failed', reason: 'recipient_unavailable' });
  });

  it("reroutes before pickup: at once without a driver, by the driver's answer with one; never after pickup or beyond the drift", async () => {
    const typesOf = async (deliveryId: string) => ((await call('GET', `/v1/events?delivery_id=${deliveryId}`)).body.data as Array<{ type: string }>).map((event) => event.type);
    const waiting = await paidDelivery();
    const moved = await call('POST', `/v1/deliveries/${waiting}/reroute`, { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' });
    expect([moved.status, moved.body.dropoff]).toEqual([200, expect.objectContaining({ postalCode: 'M4K 1P6' })]);
    await waitFor(async () => ((await typesOf(waiting)).includes('delivery.reroute_accepted') ? true : undefined), 15_000, 100);
    const tooFar = await call('POST', `/v1/deliveries/${waiting}/reroute`, { dropoff_address: '1000 Danforth Ave, Toronto, ON M4J 1M1' });
    expect([tooFar.status, tooFar.body.error?.code]).toEqual([409, 'reroute_price_changed']);

    const driver = await fleet.driver('Rerouted Driver', near(0.002));
    online.push(driver);
    const assigned = await paidDelivery();
    const offer = await fleet.offerFor(driver, assigned);
    await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    const asked = await call('POST', `/v1/deliveries/${assigned}/reroute`, { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' });
    expect(asked.body.dropoff).toMatchObject({ postalCode: 'M5V 3L9' });
    // The answer shows the delivery as GET does, its assigned driver included.
    expect(asked.body.driver).toEqual((await call('GET', `/v1/deliveries/${assigned}`)).body.driver);
    expect(asked.body.driver).toMatchObject({ name: 'Rerouted Driver' });
    expect((await call('POST', `/v1/deliveries/${assigned}/reroute`, { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' })).body.error).toMatchObject({
      code: 'reroute_pending',
    });
    const pending = await driver.call('GET', '/v1/driver/reroutes');
    expect(pending.body.data).toEqual([expect.objectContaining({ delivery_id: assigned, dropoff: expect.objectContaining({ address: expect.stringContaining('M4K 1P6') }) })]);
    expect((await driver.call('POST', `/v1/driver/deliveries/${assigned}/reroute`, { accept: false })).status).toBe(200);
    expect((await call('GET', `/v1/deliveries/${assigned}`)).body.dropoff).toMatchObject({ postalCode: 'M5V 3L9' });
    await call('POST', `/v1/deliveries/${assigned}/reroute`, { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' });
    expect((await driver.call('POST', `/v1/driver/deliveries/${assigned}/reroute`, { accept: true })).status).toBe(200);
    expect((await call('GET', `/v1/deliveries/${assigned}`)).body.dropoff).toMatchObject({ postalCode: 'M4K 1P6' });
    const types = await waitFor(
      async () => {
        const found = await typesOf(assigned);
        return found.includes('delivery.reroute_accepted') && found.includes('delivery.reroute_declined') ? found : undefined;
      },
      15_000,
      100,
    );
    expect(types.slice(0, 2)).toEqual(['delivery.reroute_accepted', 'delivery.reroute_declined']);
    expect((await driver.call('POST', `/v1/driver/deliveries/${assigned}/reroute`, { accept: true })).body.error).toMatchObject({ code: 'no_reroute_pending' });

    await driver.call('POST', `/v1/driver/deliveries/${assigned}/status`, { status: 'picked_up' });
    const late = await call('POST', `/v1/deliveries/${assigned}/reroute`, { dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    expect([late.status, late.body.error?.code]).toEqual([409, 'reroute_not_allowed']);
    await driver.call('POST', `/v1/driver/deliveries/${assigned}/status`, { status: 'failed', reason: 'other' });
    await call('POST', `/v1/deliveries/${waiting}/cancel`);
  });

  it('keeps proof photos to the assigned driver, real images and signed, unexpired URLs', async () => {
    const pat = await fleet.driver('Pat Photographer', near(0.002));
    online.push(pat);
    const deliveryId = await paidDelivery();
    const offer = await fleet.offerFor(pat, deliveryId);
    await pat.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    const early = await fleet.uploadPhoto(pat, deliveryId, testPhoto('early'));
    expect([early.status, (early.body.error as { code: string }).code]).toEqual([409, 'proof_photo_not_allowed']);
    for (const status of ['driver_at_pickup', 'picked_up']) await pat.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status });

    const stranger = await fleet.driver('Stranger', near(0.3));
    online.push(stranger);
    const notTheirs = await fleet.uploadPhoto(stranger, deliveryId, testPhoto('stranger'));
    expect([notTheirs.status, (notTheirs.body.error as { code: string }).code]).toEqual([404, 'resource_missing']);
    const svg = await fleet.uploadPhoto(pat, deliveryId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect([svg.status, (svg.body.error as { code: string }).code]).toEqual([415, 'unsupported_media_type']);
    const disguised = await fleet.uploadPhoto(pat, deliveryId, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect([disguised.status, (disguised.body.error as { code: string; param: string }).param]).toEqual([400, 'body']);
    const huge = await fleet.uploadPhoto(pat, deliveryId, testPhoto('huge', 8 * 1024 * 1024 + 1));
    expect([huge.status, (huge.body.error as { code: string }).code]).toEqual([413, 'payload_too_large']);
    const elsewhere = await fetch(`${system.baseUrl}/v1/driver/location`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pat.token}`, 'content-type': 'image/jpeg' },
      body: testPhoto('x'),
    });
    expect(elsewhere.status).toBe(415);

    const first = await fleet.uploadPhoto(pat, deliveryId, testPhoto('a'));
    const again = await fleet.uploadPhoto(pat, deliveryId, testPhoto('a'));
    expect([first.status, again.status, again.body.uploaded_at]).toEqual([201, 201, first.body.uploaded_at]);
    for (const seed of ['b', 'c', 'd', 'e']) expect((await fleet.uploadPhoto(pat, deliveryId, testPhoto(seed))).status).toBe(201);
    const sixth = await fleet.uploadPhoto(pat, deliveryId, testPhoto('f'));
    expect([sixth.status, (sixth.body.error as { code: string }).code]).toEqual([409, 'proof_photo_limit']);
    // Refused uploads leave nothing behind; the five attached ones are the only files.
    const stored = readdirSync(join(system.photoDir, 'proof-photos', deliveryId));
    expect(stored).toHaveLength(5);

    await pat.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'in_transit' });
    await pat.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Front desk' });
    const proof = await call('GET', `/v1/deliveries/${deliveryId}/proof`);
    const photos = proof.body.photos as Array<{ url: string; sha256: string }>;
    expect(photos.map((photo) => photo.sha256)).toEqual(['a', 'b', 'c', 'd', 'e'].map((seed) => createHash('sha256').update(testPhoto(seed)).digest('hex')));

    const url = new URL(photos[0].url);
    expect((await fetch(url)).status).toBe(200);
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const forged = await fetch(tampered);
    expect([forged.status, ((await forged.json()) as { error: { code: string } }).error.code]).toEqual([403, 'photo_url_invalid']);
    const otherPhoto = new URL(photos[1].url);
    otherPhoto.searchParams.set('signature', url.searchParams.get('signature') ?? '');
    expect((await fetch(otherPhoto)).status).toBe(403);
    const key = url.pathname.slice(1);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = new URL(url);
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', createHmac('sha256', proofUrlSecret).update(`proof-photo-url\n${key}\n${past}`).digest('hex'));
    const late = await fetch(expired);
    expect([late.status, ((await late.json()) as { error: { code: string } }).error.code]).toEqual([403, 'photo_url_expired']);
    expect((await fetch(`${system.baseUrl}/proof-photos/${deliveryId}/..%2F..%2Fetc%2Fpasswd?expires=1&signature=${'0'.repeat(64)}`)).status).toBe(404);
  });

  it('fails a delivery the driver cannot complete, with its reason', async () => {
    const driver = await fleet.driver('Failing Driver', near(0.002));
    online.push(driver);
    const deliveryId = await paidDelivery();
    const offer = await fleet.offerFor(driver, deliveryId);
    await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    const noReason = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'failed' });
    expect([noReason.status, noReason.body.error?.param]).toEqual([400, 'reason']);
    const failed = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'failed', reason: 'recipient_unavailable' });
    expect(failed.body.status).toBe('failed');
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body.status).toBe('failed');
  });

  it('keeps merchants, made-up tokens and strangers out of the operator and driver APIs', async () => {
    expect((await system.request('GET', '/v1/ops/drivers', { key: live })).status).toBe(401);
    expect((await system.request('GET', '/v1/ops/drivers')).status).toBe(401);
    expect((await system.request('GET', '/v1/driver/offers', { key: live })).status).toBe(401);
    expect((await system.request('GET', '/v1/driver/offers', { key: `drv_tok_${'x'.repeat(32)}` })).status).toBe(401);
    const stranger = await fleet.driver('Stranger', near(0.002));
    const deliveryId = await paidDelivery();
    expect((await stranger.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'picked_up' })).status).toBe(404);
    await stranger.call('POST', '/v1/driver/availability', { online: false });
    const list = await fleet.ops('GET', '/v1/ops/drivers');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('drv_tok_');
    await call('POST', `/v1/deliveries/${deliveryId}/cancel`);
  });
});
