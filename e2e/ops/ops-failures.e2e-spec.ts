import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { Fleet, freePort, MerchantKeys, PaymentFlow, startMailServer, TEST_OPS_TOKEN, testEnv, TestSystem, waitFor } from '@sdd/testing';

type Row = Record<string, unknown>;

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };
const RECIPIENT = 'amelie@example.ca';

describe('operators: failed money movements and recipient notifications, listed and retried', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let merchant: MerchantKeys;
  let merchantId: string;
  /** Where delivery-service sends mail: nothing listens there until a test starts the mail server. */
  let mailPort: number;
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;
  let pg: Client;

  const ops = (method: string, path: string, body?: unknown) => fleet.ops(method, path, body);
  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  async function listed(path: string): Promise<Row[]> {
    const page = await ops('GET', path);
    expect(page.status).toBe(200);
    return page.body.data as Row[];
  }

  /** The merchant's connected account in test mode, as payment-service knows it. */
  async function setTestAccount(stripeAccountId: string, { from }: { from: string }): Promise<void> {
    const updated = await pg.query(`UPDATE "${system.prefix}_payments".merchant_accounts SET stripe_account_id = $1 WHERE merchant_id = $2 AND stripe_account_id = $3`, [
      stripeAccountId,
      merchantId,
      from,
    ]);
    expect(updated.rowCount).toBe(1);
  }

  beforeAll(async () => {
    mailPort = await freePort();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        // A delivered event starts a pass at once; a retried movement waits for the next one, long enough to send the retry twice before it.
        MONEY_MOVEMENT_INTERVAL_MS: '1500',
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        SMTP_FROM: 'Same-day delivery <dispatch@sameday.test>',
        NOTIFY_INTERVAL_MS: '500',
        NOTIFY_RETRY_FIRST_MS: '20',
      },
    });
    merchant = await system.registerMerchant('Ops Failures Co');
    merchantId = ((await call('GET', '/v1/merchants/me', merchant.test)).body.merchant as { id: string }).id;
    await flow.connect(merchant.test);
    await flow.connect(merchant.live);
    pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
  }, 90000);
  afterAll(async () => {
    await pg?.end();
    await mail?.close();
    await system.stop();
  });

  it('opens to the operator token only', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/v1/ops/money_movements?status=failed'],
      ['POST', '/v1/ops/money_movements/po_unknown/retry'],
      ['GET', '/v1/ops/notifications?status=failed'],
      ['POST', '/v1/ops/notifications/ntf_unknown/retry'],
    ];
    for (const [method, path] of routes) {
      for (const key of [merchant.test, merchant.live, undefined]) {
        const refused = await system.request(method, path, { key });
        expect([method, path, refused.status, refused.body.error?.code]).toEqual([method, path, 401, 'ops_token_invalid']);
      }
    }
  });

  it('refuses bad parameters with a 400 naming them, and an unknown id with a 404', async () => {
    for (const [path, param] of [
      ['/v1/ops/money_movements?status=lost', 'status'],
      ['/v1/ops/money_movements?limit=0', 'limit'],
      ['/v1/ops/money_movements?cursor=not-ours', 'cursor'],
      ['/v1/ops/money_movements?merchant=mer_1', 'merchant'],
      ['/v1/ops/notifications?status=bounced', 'status'],
      ['/v1/ops/notifications?limit=101', 'limit'],
      ['/v1/ops/notifications?starting_after=not-ours', 'cursor'],
    ]) {
      const refused = await ops('GET', path);
      expect([path, refused.status, refused.body.error?.type, refused.body.error?.param]).toEqual([path, 400, 'invalid_request_error', param]);
    }
    const movement = await ops('POST', '/v1/ops/money_movements/po_unknown/retry');
    expect([movement.status, movement.body.error?.code]).toEqual([404, 'resource_missing']);
    const notification = await ops('POST', '/v1/ops/notifications/ntf_unknown/retry');
    expect([notification.status, notification.body.error?.code]).toEqual([404, 'resource_missing']);
    const withBody = await ops('POST', '/v1/ops/notifications/ntf_unknown/retry', { force: true });
    expect([withBody.status, withBody.body.error?.param]).toEqual([400, 'force']);
  });

  it('lists the transfers the processor refused, across pages, and retries one until it is made, once', async () => {
    const { rows } = await pg.query(`SELECT stripe_account_id FROM "${system.prefix}_payments".merchant_accounts WHERE merchant_id = $1 AND mode = 'test'`, [merchantId]);
    const account = rows[0].stripe_account_id as string;
    // The processor no longer knows the destination: each transfer is refused for good.
    const closed = `acct_closed${Date.now()}`;
    await setTestAccount(closed, { from: account });
    const first = await flow.deliveredTestDelivery(merchant.test, customer);
    const second = await flow.deliveredTestDelivery(merchant.test, customer);

    const failed = await waitFor(
      async () => {
        const rows = await listed('/v1/ops/money_movements?status=failed');
        return rows.length === 2 ? rows : undefined;
      },
      20_000,
      100,
    );
    expect(failed.map((row) => row.delivery_id).sort()).toEqual([first, second].sort());
    const refused = failed.find((row) => row.delivery_id === first) as Row;
    expect(refused).toEqual({
      id: expect.stringMatching(/^po_/),
      merchant_id: merchantId,
      mode: 'test',
      kind: 'transfer',
      amount: 2250,
      currency: 'cad',
      status: 'failed',
      reason: null,
      delivery_id: first,
      checkout_id: expect.stringMatching(/^chk_/),
      processor_id: null,
      attempts: 1,
      retries: 0,
      last_error: `No such account: '${closed}'`,
      failed_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(Date.parse(refused.failed_at as string)).toBeGreaterThanOrEqual(Date.parse(refused.created_at as string));

    // One per page, newest first, each once.
    const page1 = await ops('GET', '/v1/ops/money_movements?status=failed&limit=1');
    const page2 = await ops('GET', `/v1/ops/money_movements?status=failed&limit=1&cursor=${page1.body.next_cursor as string}`);
    const [rows1, rows2] = [page1.body.data as Row[], page2.body.data as Row[]];
    expect([rows1.length, page1.body.has_more, rows2.length, page2.body.has_more, page2.body.next_cursor]).toEqual([1, true, 1, false, null]);
    expect([rows1[0].delivery_id, rows2[0].delivery_id]).toEqual([second, first]);
    expect((await listed('/v1/ops/money_movements?status=paid')).filter((row) => row.delivery_id === first)).toEqual([]);

    // The fault is removed; the operator retries the first, twice at once: one new round.
    await setTestAccount(account, { from: closed });
    const retries = await Promise.all([1, 2].map(() => ops('POST', `/v1/ops/money_movements/${refused.id as string}/retry`)));
    for (const retried of retries) {
      expect([retried.status, retried.body]).toEqual([200, { ...refused, status: 'pending', retries: 1, failed_at: null }]);
    }

    const made = await waitFor(async () => (await listed('/v1/ops/money_movements?status=paid')).find((row) => row.id === refused.id), 20_000, 100);
    expect(made).toMatchObject({ status: 'paid', attempts: 2, retries: 1, processor_id: expect.stringMatching(/^tr_/), last_error: null, failed_at: null });
    const transfers = (await flow.processor('test').transfers.list({ limit: 100 })).data.filter((transfer) => transfer.metadata?.delivery_id === first);
    expect(transfers.map((transfer) => [transfer.id, transfer.amount, transfer.destination])).toEqual([[made.processor_id, 2250, account]]);
    const payouts = await call('GET', '/v1/payouts', merchant.test);
    expect((payouts.body.data as Row[]).find((payout) => payout.delivery_id === first)).toMatchObject({ status: 'paid', transfer_id: made.processor_id });

    const again = await ops('POST', `/v1/ops/money_movements/${refused.id as string}/retry`);
    expect([again.status, again.body.error?.code, again.body.error?.type]).toEqual([409, 'money_movement_not_failed', 'invalid_request_error']);
    // The other was not retried: still failed.
    expect((await listed('/v1/ops/money_movements?status=failed')).map((row) => row.delivery_id)).toEqual([second]);
  });

  it('lists the recipient email the mail server never took, its address masked, and retries it until it is sent', async () => {
    const quote = await flow.quote(merchant.live);
    const driver = await fleet.driver('Nora Driver', { lat: quote.pickup.lat + 0.002, lng: quote.pickup.lng });
    try {
      const deliveryId = await flow.paidDelivery(merchant.live, 'live', { customer: { ...customer, email: RECIPIENT } });
      const offer = await fleet.offerFor(driver, deliveryId);
      const accepted = await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
      expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);

      // 8 attempts against a port nothing listens on.
      const failed = await waitFor(async () => (await listed('/v1/ops/notifications?status=failed')).find((row) => row.delivery_id === deliveryId), 30_000, 200);
      expect(failed).toEqual({
        id: expect.stringMatching(/^ntf_/),
        delivery_id: deliveryId,
        merchant_id: merchantId,
        mode: 'live',
        step: 'driver_assigned',
        recipient: 'a***@example.ca',
        status: 'failed',
        attempts: 8,
        retries: 0,
        last_error: expect.stringContaining('ECONNREFUSED'),
        failed_at: expect.any(String),
        sent_at: null,
        created_at: expect.any(String),
      });
      const everything = JSON.stringify(await ops('GET', '/v1/ops/notifications'));
      expect(everything).not.toContain(RECIPIENT);
      expect(everything).not.toContain('Tremblay');

      // The mail server comes up where it was expected; the operator retries, twice at once.
      mail = await startMailServer({ port: mailPort });
      const retries = await Promise.all([1, 2].map(() => ops('POST', `/v1/ops/notifications/${failed.id as string}/retry`)));
      for (const retried of retries) {
        expect([retried.status, retried.body]).toEqual([200, { ...failed, status: 'pending', retries: 1, failed_at: null }]);
      }

      const sent = await waitFor(async () => (await listed('/v1/ops/notifications?status=sent')).find((row) => row.id === failed.id), 20_000, 100);
      expect(sent).toMatchObject({ status: 'sent', attempts: 9, retries: 1, sent_at: expect.any(String), failed_at: null });
      const received = mail.received.filter((message) => message.to.includes(RECIPIENT));
      expect(received.map((message) => message.headers.subject)).toEqual(['A driver is on the way to pick up your delivery']);

      const again = await ops('POST', `/v1/ops/notifications/${failed.id as string}/retry`);
      expect([again.status, again.body.error?.code]).toEqual([409, 'notification_not_failed']);
    } finally {
      await driver.call('POST', '/v1/driver/availability', { online: false });
    }
  });
});
