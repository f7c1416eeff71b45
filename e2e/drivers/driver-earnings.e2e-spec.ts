import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { Fleet, PaymentFlow, TEST_OPS_TOKEN, TestDriver, testEnv, TestSystem, waitFor } from '@sdd/testing';

const PICKUP_ADDRESS = '1 Queen St E, Toronto, ON M5C 2W5';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

type Earning = { delivery_id: string; delivered_at: string; date: string; amount: number; currency: string; pickup: unknown; dropoff: unknown };
type Day = { date: string; currency: string; amount: number; deliveries: number };
type Earnings = { object: string; time_zone: string; from: string; to: string; days: Day[]; data: Earning[]; has_more: boolean; next_cursor: string | null };

/** The date it is at `instant` in `timeZone` (en-CA writes YYYY-MM-DD). */
const dateIn = (instant: string | Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

/**
 * Issue 33 item 1: a driver's earnings per delivery and per day through
 * GET /v1/driver/earnings (its own only, areas not addresses, days of the
 * time zone asked for, bounded ranges), and the purge of the driver app's
 * ended sessions.
 */
describe('driver earnings (GET /v1/driver/earnings) and the purge of ended driver sessions', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  let live: string;
  let pickup: { lat: number; lng: number };
  let sam: TestDriver;
  /** Sam's two delivered deliveries, the later first, with the fee each was delivered at. */
  const delivered: Array<{ id: string; fee: number }> = [];

  const earningsOf = async (driver: TestDriver, query = '') => {
    const response = await driver.call('GET', `/v1/driver/earnings${query}`);
    expect(response.status).toBe(200);
    return response.body as unknown as Earnings;
  };

  /** A paid live delivery from 1 Queen St E, offered to `driver`, taken and handed over through the driver API. */
  async function deliverWith(driver: TestDriver): Promise<{ id: string; fee: number }> {
    const id = await flow.paidDelivery(live, 'live', { customer });
    const offer = await fleet.offerFor(driver, id);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    for (const status of ['driver_at_pickup', 'picked_up', 'in_transit', 'delivered']) {
      const reported = await driver.call('POST', `/v1/driver/deliveries/${id}/status`, { status, ...(status === 'delivered' ? { recipient_name: 'Amélie' } : {}) });
      expect([status, reported.status]).toEqual([status, 200]);
    }
    const fee = (await system.request('GET', `/v1/deliveries/${id}`, { key: live })).body.fee as number;
    return { id, fee };
  }

  beforeAll(async () => {
    await system.start({
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        OFFER_TIMEOUT_MS: '30000',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        // Ended sessions go a second after they end, looked for every 200 ms.
        DRIVER_SESSION_RETENTION_SECONDS: '1',
        DRIVER_SESSION_PURGE_INTERVAL_MS: '200',
      },
    });
    await pg.connect();
    live = (await system.registerMerchant('Earnings Co')).live;
    await flow.connect(live);
    const quote = await system.request('POST', '/v1/quotes', { key: live, body: { pickup_address: PICKUP_ADDRESS, dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' } });
    pickup = quote.body.pickup as { lat: number; lng: number };
    sam = await fleet.driver('Earning Sam', { lat: pickup.lat + 0.002, lng: pickup.lng });
    delivered.unshift(await deliverWith(sam));
    delivered.unshift(await deliverWith(sam));
    await sam.call('POST', '/v1/driver/availability', { online: false });
  }, 240000);

  afterAll(async () => {
    await pg.end();
    await system.stop();
  });

  it("shows a delivered live delivery's earning to its driver, per delivery (its areas, nothing of the recipient) and per day, the days adding up", async () => {
    const earnings = await earningsOf(sam);
    const today = dateIn(new Date(), 'UTC');
    expect(earnings).toMatchObject({ object: 'driver_earnings', time_zone: 'UTC', to: today, has_more: false, next_cursor: null });
    expect(Date.parse(earnings.to) - Date.parse(earnings.from)).toBe(6 * 24 * 3600_000);
    expect(earnings.data.map((earning) => earning.delivery_id)).toEqual(delivered.map((delivery) => delivery.id));
    for (const [index, earning] of earnings.data.entries()) {
      expect(earning).toEqual({
        delivery_id: delivered[index].id,
        delivered_at: expect.any(String),
        date: dateIn(earning.delivered_at, 'UTC'),
        // DRIVER_PAYOUT_PERCENT (80) of the fee it was delivered at.
        amount: Math.round((delivered[index].fee * 80) / 100),
        currency: 'cad',
        pickup: { city: 'Toronto', province: 'ON', postal_prefix: 'M5C' },
        dropoff: { city: 'Toronto', province: 'ON', postal_prefix: 'M5V' },
      });
      expect(earning.amount).toBeGreaterThan(0);
    }
    expect(Date.parse(earnings.data[0].delivered_at)).toBeGreaterThanOrEqual(Date.parse(earnings.data[1].delivered_at));
    const body = JSON.stringify(earnings);
    for (const personal of ['Amélie', 'Tremblay', '555', 'Bremner', 'Queen St', '3L9']) expect(body).not.toContain(personal);

    // Each day's total is the sum of that day's deliveries, and the days together all of them.
    const byDay = new Map<string, { amount: number; deliveries: number }>();
    for (const earning of earnings.data) {
      const day = byDay.get(earning.date) ?? { amount: 0, deliveries: 0 };
      byDay.set(earning.date, { amount: day.amount + earning.amount, deliveries: day.deliveries + 1 });
    }
    expect(earnings.days).toEqual([...byDay.entries()].map(([date, day]) => ({ date, currency: 'cad', ...day })));
    expect(earnings.days.reduce((sum, day) => sum + day.amount, 0)).toBe(earnings.data.reduce((sum, earning) => sum + earning.amount, 0));
  });

  it("counts days in the driver's time zone and within the range asked for", async () => {
    // UTC+14: the delivery's date there is the day after, or the same day, as in UTC, never the one before.
    const kiritimati = await earningsOf(sam, '?tz=Pacific/Kiritimati');
    expect(kiritimati.time_zone).toBe('Pacific/Kiritimati');
    expect(kiritimati.data.map((earning) => earning.date)).toEqual(kiritimati.data.map((earning) => dateIn(earning.delivered_at, 'Pacific/Kiritimati')));
    expect(kiritimati.to).toBe(dateIn(new Date(), 'Pacific/Kiritimati'));
    expect(kiritimati.days.reduce((sum, day) => sum + day.deliveries, 0)).toBe(2);

    const day = dateIn((await earningsOf(sam)).data[0].delivered_at, 'America/Toronto');
    const that = await earningsOf(sam, `?tz=America/Toronto&from=${day}&to=${day}`);
    expect([that.from, that.to]).toEqual([day, day]);
    expect(that.data.length).toBeGreaterThanOrEqual(1);
    expect(that.data.every((earning) => earning.date === day)).toBe(true);

    const before = await earningsOf(sam, '?from=2026-01-01&to=2026-01-31');
    expect([before.data, before.days, before.from, before.to]).toEqual([[], [], '2026-01-01', '2026-01-31']);
  });

  it('pages the deliveries newest first with a cursor, the day totals covering the whole range', async () => {
    const first = await earningsOf(sam, '?limit=1');
    expect(first.data.map((earning) => earning.delivery_id)).toEqual([delivered[0].id]);
    expect(first.has_more).toBe(true);
    expect(first.days.reduce((sum, day) => sum + day.deliveries, 0)).toBe(2);
    const second = await earningsOf(sam, `?limit=1&cursor=${encodeURIComponent(first.next_cursor as string)}`);
    expect(second.data.map((earning) => earning.delivery_id)).toEqual([delivered[1].id]);
    expect([second.has_more, second.next_cursor]).toEqual([false, null]);
  });

  it("never shows another driver's earnings", async () => {
    const other = await fleet.driver('Other Driver', { lat: pickup.lat + 0.5, lng: pickup.lng });
    await other.call('POST', '/v1/driver/availability', { online: false });
    const theirs = await earningsOf(other, '?from=2026-01-01&to=2026-03-31');
    expect([theirs.data, theirs.days]).toEqual([[], []]);
    const recent = await earningsOf(other);
    expect([recent.data, recent.days]).toEqual([[], []]);
    // Sam's cursor gives the other driver nothing of Sam's.
    const withSamsCursor = await earningsOf(other, `?limit=1&cursor=${encodeURIComponent((await earningsOf(sam, '?limit=1')).next_cursor as string)}`);
    expect(withSamsCursor.data).toEqual([]);
  });

  it('refuses bad parameters with a 400 naming the field, and a missing or made-up token with 401', async () => {
    const cases: Array<[string, string]> = [
      ['?tz=Mars/Olympus', 'tz'],
      ['?tz=', 'tz'],
      ['?from=2026-1-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-02-30', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-11-20&to=2026-11-19', 'from'],
      ['?from=2026-01-01&to=2026-04-03', 'from'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=not-a-cursor', 'cursor'],
    ];
    for (const [query, param] of cases) {
      const refused = await sam.call('GET', `/v1/driver/earnings${query}`);
      const error = refused.body.error as { type: string; param: string };
      expect([query, refused.status, error.type, error.param]).toEqual([query, 400, 'invalid_request_error', param]);
    }
    // 92 days, both counted, is the most.
    expect((await sam.call('GET', '/v1/driver/earnings?from=2026-01-01&to=2026-04-02')).status).toBe(200);

    const anonymous = await fetch(`${system.baseUrl}/v1/driver/earnings`);
    expect(anonymous.status).toBe(401);
    const madeUp = await fetch(`${system.baseUrl}/v1/driver/earnings`, { headers: { authorization: `Bearer drv_tok_${'x'.repeat(32)}` } });
    expect([madeUp.status, ((await madeUp.json()) as { error: { code: string } }).error.code]).toEqual([401, 'driver_token_invalid']);
  });

  describe('driver app sessions', () => {
    const sessions = () => `"${system.prefix}_gateway".driver_sessions`;
    const signIn = async (token: string) => {
      const response = await fetch(`${system.baseUrl}/v1/driver/sessions`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { csrf_token: string };
      return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0], csrf: body.csrf_token };
    };
    const withCookie = (method: string, path: string, session: { cookie: string; csrf: string }) =>
      fetch(`${system.baseUrl}${path}`, { method, headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    const sessionCount = async () => Number((await pg.query(`SELECT count(*) AS n FROM ${sessions()}`)).rows[0].n);

    it("gives the earnings to the driver app's session cookie", async () => {
      const session = await signIn(sam.token);
      const response = await withCookie('GET', '/v1/driver/earnings', session);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Earnings).data.map((earning) => earning.delivery_id)).toEqual(delivered.map((delivery) => delivery.id));
    });

    it('purges sessions ended (signed out or expired) past their retention and keeps the live ones', async () => {
      const signedOut = await signIn(sam.token);
      const expired = await signIn(sam.token);
      const kept = await signIn(sam.token);
      const before = await sessionCount();
      expect((await withCookie('DELETE', '/v1/driver/sessions/current', signedOut)).status).toBe(200);
      // Sessions last an hour at the least: this one's expiry is moved to the past, as if its shift ended long ago.
      const expiredHash = createHash('sha256').update(expired.cookie.split('=')[1]).digest('hex');
      const moved = await pg.query(`UPDATE ${sessions()} SET expires_at = now() - interval '1 hour' WHERE token_hash = $1`, [expiredHash]);
      expect(moved.rowCount).toBe(1);
      expect((await withCookie('GET', '/v1/driver/sessions/current', expired)).status).toBe(401);

      // Every session that ended is gone (the two above and the one signed out earlier, if any), the live ones stay.
      const remaining = await waitFor(async () => {
        const { rows } = await pg.query(`SELECT count(*) FILTER (WHERE revoked_at IS NOT NULL OR expires_at < now()) AS ended, count(*) AS total FROM ${sessions()}`);
        return Number(rows[0].ended) === 0 ? Number(rows[0].total) : undefined;
      }, 15_000);
      expect(remaining).toBe(before - 2);
      expect((await withCookie('GET', '/v1/driver/sessions/current', kept)).status).toBe(200);
      expect((await withCookie('GET', '/v1/driver/earnings', kept)).status).toBe(200);
      expect((await withCookie('GET', '/v1/driver/sessions/current', signedOut)).status).toBe(401);
    });
  });
});
