import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ServiceName } from '@sdd/contracts';
import { PaymentFlow, TestSystem, waitFor } from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

/**
 * kill -9 of payment-service at the worst moment: the processor has made the
 * transfer, payment-service has not recorded it. A proxy between the two
 * kills the process as the processor's answer comes back.
 */
describe('payment-service killed between the transfer and its bookkeeping', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let proxy: Server;
  let killOnTransfer = true;
  let kills = 0;

  beforeAll(async () => {
    await system.start({ supervise: true, env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_MOVEMENT_INTERVAL_MS: '200' } });
    const target = new URL(system.stripeUrl);
    proxy = createServer((incoming, outgoing) => {
      const forwarded = httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
        if (killOnTransfer && incoming.method === 'POST' && incoming.url === '/v1/transfers' && answer.statusCode === 200) {
          killOnTransfer = false;
          kills += 1;
          void system.crash(ServiceName.Payment).finally(() => outgoing.destroy());
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    await system.stopApp(ServiceName.Payment);
    await system.startApp(ServiceName.Payment, { STRIPE_API_PORT: String((proxy.address() as AddressInfo).port) });
  }, 120000);

  afterAll(async () => {
    await system.stop();
    proxy?.close();
  });

  it('still makes exactly one transfer, and records it once restarted', async () => {
    const keys = await system.registerMerchant('Crash Test Co');
    await flow.connect(keys.test);
    const quote = await flow.quote(keys.test);
    const checkout = await flow.checkout(keys.test, { quote_id: quote.id, items_subtotal: 5000 });
    expect(
      (await system.request('POST', `/v1/test_helpers/checkouts/${checkout.checkout_id as string}/pay`, { key: keys.test, body: { card: '4242 4242 4242 4242' } })).status,
    ).toBe(200);
    const delivery = await system.request('POST', '/v1/deliveries', { key: keys.test, body: { quote_id: quote.id, checkout_id: checkout.checkout_id, customer } });
    expect(delivery.status).toBe(201);
    const deliveryId = delivery.body.id as string;
    for (const to of ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']) {
      expect((await system.request('POST', `/v1/test_helpers/deliveries/${deliveryId}/advance`, { key: keys.test, body: { to } })).status).toBe(200);
    }

    await waitFor(() => (kills === 1 ? true : undefined), 30_000, 50);
    await system.awaitApp(ServiceName.Payment);
    const payout = await waitFor(
      async () => {
        const page = await system.request('GET', '/v1/payouts', { key: keys.test });
        return (page.body.data as Array<Record<string, unknown>>).find((p) => p.delivery_id === deliveryId && p.status === 'paid');
      },
      60_000,
      200,
    );
    const transfers = (await flow.processor('test').transfers.list({ limit: 100 })).data.filter((t) => t.metadata?.delivery_id === deliveryId);
    expect(transfers.map((t) => ({ id: t.id, amount: t.amount }))).toEqual([{ id: payout.transfer_id, amount: 4500 }]);
    expect(system.restarts()[ServiceName.Payment]).toBeGreaterThanOrEqual(1);
  });
});
