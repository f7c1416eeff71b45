import { QueueKeys } from 'bullmq';
import { BusQueue, ServiceName, ServiceQueue } from '@sdd/contracts';
import { keySlot } from '@sdd/common';
import { verifyWebhook } from '@sdd/signing';
import { OwnRedisCluster, parseClusterNodes, ReceivedWebhook, startOwnRedisCluster, testEnv, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

/** 80 s of simulated timeline in 4 s. */
const TIMELINE_SPEED = 20;
const EVENTS_PER_DELIVERY = 5;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** Creations go on this long after the failover too, so load spans before, during and after it. */
const LOAD_AFTER_FAILOVER_MS = 3000;
const ALL_APPS = [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook];

type Envelope = { id: string; type: string; data: { id: string } };
type Outcome = { id?: string; status: number; retryAfter?: string | null };

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
}

/**
 * Every app on a real Redis Cluster (three primaries, a replica each,
 * REDIS_CLUSTER_NODES), and a primary killed with SIGKILL while merchants
 * create deliveries: its replica takes over, every delivery accepted (201)
 * is delivered, every one of its events reaches the merchant, and nothing
 * else than 201 or 503 is answered meanwhile.
 */
describe('Redis Cluster: every connection through the cluster client, and a primary killed mid-load', () => {
  const system = new TestSystem();
  let cluster: OwnRedisCluster;
  let receiver: WebhookReceiver;
  let key: string;
  let secret: string;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });
  const envelopeOf = (request: ReceivedWebhook): Envelope => JSON.parse(request.rawBody) as Envelope;

  /** One creation: the delivery's id when accepted, else the status that refused it and its `Retry-After`. */
  async function createDelivery(): Promise<Outcome> {
    const quote = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
    if (quote.status !== 200) return { status: quote.status, retryAfter: quote.headers.get('retry-after') };
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    return created.status === 201 ? { id: created.body.id as string, status: 201 } : { status: created.status, retryAfter: created.headers.get('retry-after') };
  }

  /** The primaries now, by port, from a node that is up. */
  async function primaries(): Promise<number[]> {
    const alive = found(
      cluster.processes.find((node) => node.index !== killed),
      'node up',
    );
    const lines = parseClusterNodes((await cluster.node(alive.port).cluster('NODES')) as string);
    return lines.filter((line) => line.flags.includes('master') && !line.flags.includes('fail')).map((line) => line.port);
  }

  let killed: number | undefined;

  beforeAll(async () => {
    cluster = await startOwnRedisCluster('redis-cluster');
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 200 }) });
    await system.start({
      apps: ALL_APPS,
      servers: { ...testEnv(), redisUrl: cluster.url, redisClusterNodes: cluster.nodes },
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        TIMELINE_SPEED: String(TIMELINE_SPEED),
        // Replication is asynchronous: a job written just before the kill may be gone; Postgres schedules it again.
        TIMELINE_RECONCILE_INTERVAL_MS: '500',
        TIMELINE_RECONCILE_GRACE_MS: '1000',
        WEBHOOK_RETRY_SPEED: '600',
        WEBHOOK_SWEEP_INTERVAL_MS: '500',
        WEBHOOK_SWEEP_GRACE_MS: '1000',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    key = (await system.registerMerchant('Cluster Co')).test;
    const webhook = await call('POST', '/v1/webhooks', { url: receiver.url('/all'), events: ['*'] });
    expect(webhook.status).toBe(201);
    secret = webhook.body.secret as string;
  }, 120000);

  afterAll(async () => {
    await system.stop().catch(() => undefined);
    await receiver?.close();
    await cluster?.dispose();
  });

  it("spreads the queues over the primaries, each service's worker on the primary of its own queue", async () => {
    expect((await createDelivery()).status).toBe(201);
    expect(await primaries()).toHaveLength(3);
    const keys = new QueueKeys(system.prefix);
    const primaryOf = (queue: string) => Number(cluster.admin.slots[keySlot(keys.getKeys(queue).wait)][0].split(':')[1]);
    const answering = ALL_APPS.filter((app) => app !== ServiceName.Gateway);
    // A client of one server would be answered MOVED by every primary but the one it names: the system works only through the cluster client.
    expect(new Set([...answering.map((app) => BusQueue.requests(app)), ...Object.values(ServiceQueue)].map(primaryOf)).size).toBeGreaterThanOrEqual(2);
    for (const app of answering) {
      const list = (await cluster.node(primaryOf(BusQueue.requests(app))).client('LIST')) as string;
      expect(list).toContain(` name=${app}-worker `);
    }
  }, 60000);

  it('fails over to the replica when a primary is killed mid-load: every accepted delivery is delivered and every event sent', async () => {
    // The primary of the timeline's delayed jobs: the steps of every delivery in flight are on it.
    const timelineSlot = keySlot(new QueueKeys(system.prefix).getKeys(ServiceQueue.DeliveryTimeline).wait);
    const victimPort = Number(cluster.admin.slots[timelineSlot][0].split(':')[1]);
    const victim = found(
      cluster.processes.find((node) => node.port === victimPort),
      `node on port ${victimPort}`,
    );
    const before = parseClusterNodes((await cluster.node(victimPort).cluster('NODES')) as string);
    const victimId = found(
      before.find((line) => line.flags.includes('myself')),
      'line of the primary itself',
    ).id;
    const replicaPort = found(
      before.find((line) => line.primaryId === victimId),
      'replica of the primary',
    ).port;

    const outcomes: Outcome[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        outcomes.push(...(await Promise.all([createDelivery(), createDelivery()])));
      }
    })();
    await waitFor(() => (outcomes.filter((outcome) => outcome.status === 201).length >= 6 ? true : undefined), 20000, 20);

    const killedAt = Date.now();
    killed = victim.index;
    await cluster.kill(victim.index, 'SIGKILL');
    await waitFor(async () => ((await primaries()).includes(replicaPort) ? true : undefined), 30000, 100);
    const failoverMs = Date.now() - killedAt;
    await new Promise<void>((resolve) => setTimeout(resolve, LOAD_AFTER_FAILOVER_MS).unref());
    loading = false;
    await load;

    const accepted = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
    const refused = outcomes.filter((outcome) => outcome.status !== 201);
    // What is refused while a primary is away is refused as unavailable (503 with Retry-After), never as an error of ours.
    expect(refused.filter((outcome) => outcome.status !== 503 || !outcome.retryAfter)).toEqual([]);

    // Nothing lost, only delayed: a step whose job the failover lost waits for the reconciler, one a wedged
    // worker holds back for the timeline watchdog (~20 s). Should the wait run out, the message names the
    // deliveries still on their way and where each stands.
    await waitFor(
      async () => {
        const statuses = await Promise.all(accepted.map(async (id) => [id, (await call('GET', `/v1/deliveries/${id}`)).body.status as string] as const));
        const onTheirWay = statuses.filter(([, status]) => status !== 'delivered');
        if (onTheirWay.length > 0) throw new Error(`not delivered yet: ${onTheirWay.map(([id, status]) => `${id} ${status}`).join(', ')}`);
        return true;
      },
      60000,
      250,
    );
    const deliveredMs = Date.now() - killedAt;
    const wanted = new Set(accepted);
    const received = () => receiver.received.filter((request) => wanted.has(envelopeOf(request).data.id));
    await waitFor(() => (new Set(received().map((request) => envelopeOf(request).id)).size === accepted.length * EVENTS_PER_DELIVERY ? true : undefined), 60000, 250);
    for (const request of received()) expect(verifyWebhook(Buffer.from(request.rawBody), request.headers['service-signature'] as string, secret).valid).toBe(true);

    process.stdout.write(
      `redis cluster failover: primary :${victimPort} killed, replica :${replicaPort} serving after ${failoverMs} ms; ` +
        `${outcomes.length} creations, ${accepted.length} accepted (all delivered ${deliveredMs} ms after the kill, ${accepted.length * EVENTS_PER_DELIVERY} events sent), ` +
        `${refused.length} refused with 503\n`,
    );
  }, 240000);
});
