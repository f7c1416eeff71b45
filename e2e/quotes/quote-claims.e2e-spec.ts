import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { testEnv, TestSystem, waitFor } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

interface Posted {
  status: number;
  body: Record<string, unknown> & { error?: Record<string, unknown> };
}

interface QuoteRow {
  used_at: Date | null;
  claimed_by: string | null;
  confirmed_at: Date | null;
}

/**
 * A quote claimed by a delivery that never committed (delivery-service killed
 * -9 between the claim and the commit) must not stay used: the claim lapses
 * and is settled, or the same request claims it again.
 */
describe('quote claims (delivery-service killed between claim and commit)', () => {
  const system = new TestSystem();
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  const locker = new Client({ connectionString: testEnv().databaseUrl });
  let key: string;

  const quotes = () => `"${system.prefix}_quotes".quotes`;
  const deliveries = () => `"${system.prefix}_deliveries".deliveries`;

  async function post(body: unknown, idempotencyKey?: string): Promise<Posted> {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const response = await fetch(`${system.baseUrl}/v1/deliveries`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Posted['body'] };
  }

  async function quoteId(): Promise<string> {
    const response = await system.request('POST', '/v1/quotes', { key, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  async function quoteRow(id: string): Promise<QuoteRow> {
    const { rows } = await pg.query(`SELECT used_at, claimed_by, confirmed_at FROM ${quotes()} WHERE id = $1`, [id]);
    return rows[0];
  }

  /** The quote's row once its claim is confirmed: delivery-service confirms after answering. */
  const confirmedRow = (quote: string) =>
    waitFor(async () => {
      const row = await quoteRow(quote);
      return row.confirmed_at ? row : undefined;
    }, 10_000);

  async function deliveryIdsOf(quote: string): Promise<string[]> {
    const { rows } = await pg.query(`SELECT id FROM ${deliveries()} WHERE quote_id = $1`, [quote]);
    return rows.map((row: { id: string }) => row.id);
  }

  /**
   * Holds delivery-service's write of the delivery (a lock on its table), waits
   * until the quote is claimed, then kills delivery-service -9: the claim is
   * committed, the delivery never will be.
   */
  async function killDeliveryServiceAfterClaim(quote: string, idempotencyKey?: string): Promise<{ claimant: string; answer: Posted }> {
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${deliveries()} IN SHARE MODE`);
    let answer: Promise<Posted>;
    try {
      answer = post({ quote_id: quote, customer }, idempotencyKey);
      const claimed = await waitFor(async () => (await quoteRow(quote)).claimed_by ?? undefined, 10_000);
      expect(await system.stopApp(ServiceName.Delivery, 'SIGKILL')).toBeNull();
      return { claimant: claimed, answer: await answer };
    } finally {
      await locker.query('ROLLBACK');
    }
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery],
      env: { RATE_LIMIT_PER_MINUTE: '100000', BUS_TIMEOUT_MS: '3000', QUOTE_CLAIM_HOLD_MS: '1500', QUOTE_RECONCILE_INTERVAL_MS: '300' },
    });
    await pg.connect();
    await locker.connect();
    key = (await system.registerMerchant('Quote Claims Co')).test;
  }, 90_000);

  afterAll(async () => {
    await locker.end();
    await pg.end();
    await system.stop();
  });

  it('lets the retry with the same Idempotency-Key claim the quote again and create the delivery', async () => {
    const quote = await quoteId();
    const { claimant, answer } = await killDeliveryServiceAfterClaim(quote, 'claim-crash-1');
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'service_unavailable' });
    expect(await deliveryIdsOf(quote)).toEqual([]);
    expect(await quoteRow(quote)).toMatchObject({ claimed_by: claimant, confirmed_at: null });

    await system.startApp(ServiceName.Delivery);
    const retry = await waitFor(
      async () => {
        const response = await post({ quote_id: quote, customer }, 'claim-crash-1');
        return response.status === 201 ? response : undefined;
      },
      30_000,
      250,
    );
    // The same request names the same delivery: it is the quote's claimant.
    expect(retry.body.id).toBe(claimant);
    expect(await deliveryIdsOf(quote)).toEqual([claimant]);
    expect(await confirmedRow(quote)).toMatchObject({ claimed_by: claimant, confirmed_at: expect.any(Date) });
  }, 60_000);

  it('releases the lapsed claim of a delivery that never committed, so a fresh request with the quote succeeds', async () => {
    const quote = await quoteId();
    const { claimant, answer } = await killDeliveryServiceAfterClaim(quote);
    expect(answer.status).toBe(503);
    expect(await quoteRow(quote)).toMatchObject({ claimed_by: claimant, confirmed_at: null });

    // While delivery-service is down nobody can say whether the delivery exists: the claim stays.
    await waitFor(async () => {
      const { rows } = await pg.query(`SELECT 1 FROM ${quotes()} WHERE id = $1 AND claimed_until < now() - interval '1 second'`, [quote]);
      return rows.length > 0 ? true : undefined;
    }, 10_000);
    expect(await quoteRow(quote)).toMatchObject({ claimed_by: claimant });

    await system.startApp(ServiceName.Delivery);
    const retry = await waitFor(
      async () => {
        const response = await post({ quote_id: quote, customer });
        if (response.status === 409) expect(response.body.error).toMatchObject({ code: 'quote_already_used' });
        return response.status === 201 ? response : undefined;
      },
      30_000,
      250,
    );
    expect(retry.body.id).not.toBe(claimant);
    expect(await deliveryIdsOf(quote)).toEqual([retry.body.id]);
    expect(await confirmedRow(quote)).toMatchObject({ claimed_by: retry.body.id, confirmed_at: expect.any(Date) });
    const list = await system.request('GET', '/v1/deliveries?limit=100', { key });
    expect((list.body.data as Array<{ quote_id: string }>).filter((d) => d.quote_id === quote)).toHaveLength(1);
  }, 60_000);

  it('confirms the claim through the outbox once the delivery is written, before the claim would lapse', async () => {
    const quote = await quoteId();
    const created = await post({ quote_id: quote, customer });
    expect(created.status).toBe(201);
    // The claim holds 1.5 s here and the reconciler acts only on lapsed claims: a confirmation within 1 s is the outbox's.
    const row = await waitFor(
      async () => {
        const current = await quoteRow(quote);
        return current.confirmed_at ? current : undefined;
      },
      1000,
      20,
    );
    expect(row).toMatchObject({ claimed_by: created.body.id, used_at: expect.any(Date) });
  });

  it('confirms, not releases, a lapsed claim whose delivery exists (its confirmation was lost)', async () => {
    const quote = await quoteId();
    const created = await post({ quote_id: quote, customer });
    expect(created.status).toBe(201);
    // As if delivery-service had died between its commit and the confirmation.
    await pg.query(`UPDATE ${quotes()} SET confirmed_at = NULL, claimed_until = now() - interval '1 second' WHERE id = $1`, [quote]);
    await waitFor(async () => ((await quoteRow(quote)).confirmed_at ? true : undefined), 10_000);
    expect(await quoteRow(quote)).toMatchObject({ claimed_by: created.body.id, used_at: expect.any(Date) });
    const again = await post({ quote_id: quote, customer });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'quote_already_used' });
  });

  it('confirms the claim of a delivery whose delivery.created waited while quote-service was dead (kill -9)', async () => {
    const quote = await quoteId();
    // Holding the outbox relay's lane for quote-service (its advisory lock) keeps delivery.created from being handed over.
    const lane = `outbox:${system.prefix}_deliveries:${ServiceName.Quote}`;
    await locker.query('SELECT pg_advisory_lock(hashtext($1))', [lane]);
    let created: Posted;
    try {
      created = await post({ quote_id: quote, customer });
      expect(created.status).toBe(201);
      expect(await system.stopApp(ServiceName.Quote, 'SIGKILL')).toBeNull();
    } finally {
      await locker.query('SELECT pg_advisory_unlock(hashtext($1))', [lane]);
    }
    expect(await quoteRow(quote)).toMatchObject({ claimed_by: created.body.id, confirmed_at: null });
    const handoff = () =>
      pg.query(
        `SELECT acknowledged_at FROM "${system.prefix}_deliveries".outbox_handoffs h
      JOIN "${system.prefix}_deliveries".outbox_events e ON e.id = h.event_id
      WHERE h.subscriber = $1 AND e.delivery_id = $2 AND e.type = 'delivery.created'`,
        [ServiceName.Quote, created.body.id],
      );
    // The claim's hold (1.5 s here) runs out with nobody to confirm it; the hand-off still waits.
    await waitFor(async () => ((await pg.query(`SELECT claimed_until < now() AS lapsed FROM ${quotes()} WHERE id = $1`, [quote])).rows[0].lapsed ? true : undefined), 10_000, 100);
    expect((await handoff()).rows).toEqual([{ acknowledged_at: null }]);

    await system.startApp(ServiceName.Quote);
    expect(await confirmedRow(quote)).toMatchObject({ claimed_by: created.body.id, used_at: expect.any(Date) });
    await waitFor(async () => ((await handoff()).rows[0]?.acknowledged_at ? true : undefined), 30_000, 200);
    const again = await post({ quote_id: quote, customer });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'quote_already_used' });
    expect(await deliveryIdsOf(quote)).toEqual([created.body.id]);
  }, 60_000);

  it('does not commit a claim its caller stopped waiting for', async () => {
    const quote = await quoteId();
    // The claim waits for the quote's row (a slow database) past the caller's deadline.
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM ${quotes()} WHERE id = $1 FOR UPDATE`, [quote]);
    try {
      const answer = post({ quote_id: quote, customer });
      await waitFor(async () => {
        const { rows } = await pg.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'quote-service' AND wait_event_type = 'Lock'`);
        return rows.length > 0 ? true : undefined;
      }, 10_000);
      expect((await answer).status).toBe(503);
    } finally {
      await locker.query('ROLLBACK');
    }
    // Right away, well before the claim would lapse: the late claim rolled back instead of holding the quote.
    const fresh = await post({ quote_id: quote, customer });
    expect(fresh.status).toBe(201);
    expect(await deliveryIdsOf(quote)).toEqual([fresh.body.id]);
  });

  it('still lets exactly one of two concurrent creations with one quote win', async () => {
    const quote = await quoteId();
    const answers = await Promise.all([post({ quote_id: quote, customer }), post({ quote_id: quote, customer }, 'concurrent-1')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toMatchObject({ code: 'quote_already_used' });
    expect(await deliveryIdsOf(quote)).toHaveLength(1);
  });

  it('lets one of ten concurrent creations with one quote win while ten others, each with its own quote, all succeed', async () => {
    const shared = await quoteId();
    const others = await Promise.all(Array.from({ length: 10 }, () => quoteId()));
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => post({ quote_id: shared, customer }, `shared-${i}`).then((answer) => ({ quote: shared, answer }))),
      ...others.map((quote) => post({ quote_id: quote, customer }).then((answer) => ({ quote, answer }))),
    ]);
    const forShared = answers.filter(({ quote }) => quote === shared).map(({ answer }) => answer);
    expect(forShared.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of forShared.filter((a) => a.status === 409)) expect(refused.body.error).toMatchObject({ code: 'quote_already_used' });
    expect(await deliveryIdsOf(shared)).toEqual([forShared.find((a) => a.status === 201)?.body.id]);
    for (const { quote, answer } of answers.filter(({ quote }) => quote !== shared)) {
      expect(answer.status).toBe(201);
      expect(await deliveryIdsOf(quote)).toEqual([answer.body.id]);
    }
  });
});
