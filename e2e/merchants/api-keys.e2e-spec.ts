import { ServiceName } from '@sdd/contracts';
import { metricValue, TestSystem, waitFor } from '@sdd/testing';

interface ErrorBody {
  error: { type: string; code: string; message: string; param: string | null };
}

interface ApiKeyView {
  id: string;
  mode: string;
  last4: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

interface Response<T = unknown> {
  status: number;
  body: T;
  text: string;
}

const KEY_FIELDS = ['created_at', 'expires_at', 'id', 'last4', 'last_used_at', 'mode'];

describe('API key lifecycle: roll, list, revoke (real gateway, Postgres, Redis)', () => {
  const system = new TestSystem();

  beforeAll(() => system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery, ServiceName.Payment] }), 60000);
  afterAll(() => system.stop());

  async function call<T>(method: string, path: string, key: string, body?: unknown, baseUrl = system.baseUrl): Promise<Response<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as T, text };
  }

  async function register(): Promise<{ test: string; live: string }> {
    const response = await fetch(`${system.baseUrl}/v1/merchants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Key Ring',
        email: `keys+${Math.random().toString(36).slice(2)}@ring.ca`,
        phone: '+1 416 555 0100',
        address: { street: '100 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9' },
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { api_keys: { test: string; live: string } }).api_keys;
  }

  const roll = (key: string, body: unknown = {}) => call<{ api_key: string; previous_key: { expires_at: string } }>('POST', '/v1/api_keys/roll', key, body);
  const list = (key: string) => call<{ data: ApiKeyView[] }>('GET', '/v1/api_keys', key);
  const revoke = (key: string, id: string, body?: unknown) => call<{ id: string; deleted: boolean }>('DELETE', `/v1/api_keys/${id}`, key, body);
  const me = (key: string) => call('GET', '/v1/merchants/me', key);

  it('refuses to roll a key that is already in its grace period, so a leaked key cannot mint keys without end', async () => {
    const keys = await register();
    const first = await roll(keys.test);
    expect(first.status).toBe(201);

    const again = await roll(keys.test);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ error: { type: 'permission_error', code: 'api_key_expiring', param: null } });
    // Nothing was minted: the mode holds the rolled key and its replacement only.
    expect((await list(first.body.api_key)).body.data).toHaveLength(2);
    // The replacement may roll; the rolled key keeps its own end date.
    expect((await roll(first.body.api_key)).status).toBe(201);
  });

  it('lets concurrent rolls of one key mint exactly one new key', async () => {
    const keys = await register();
    const responses = await Promise.all(Array.from({ length: 5 }, () => roll(keys.test)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403]);
    const winner = responses.find((r) => r.status === 201) as Response<{ api_key: string }>;
    expect((await list(winner.body.api_key)).body.data).toHaveLength(2);
  });

  it('holds at most 5 unexpired keys per merchant and mode', async () => {
    const keys = await register();
    let current = keys.live;
    for (let i = 0; i < 4; i++) {
      const rolled = await roll(current);
      expect(rolled.status).toBe(201);
      current = rolled.body.api_key;
    }
    expect((await list(current)).body.data).toHaveLength(5);

    const sixth = await roll(current);
    expect(sixth.status).toBe(400);
    expect(sixth.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'api_key_limit_reached' } });
    expect((await list(current)).body.data).toHaveLength(5);
    // A roll that ends the calling key at once does not add one: it is allowed at the limit.
    const swap = await roll(current, { expires_in_hours: 0 });
    expect(swap.status).toBe(201);
    expect((await list(swap.body.api_key)).body.data).toHaveLength(5);
    // The other mode has its own five.
    expect((await roll(keys.test)).status).toBe(201);
  });

  it('lists the caller mode’s working keys without any secret, and records their last use', async () => {
    const keys = await register();
    const rolled = await roll(keys.test, { expires_in_hours: 2 });
    const listed = await list(rolled.body.api_key);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((key) => Object.keys(key).sort())).toEqual([KEY_FIELDS, KEY_FIELDS]);
    const [old, fresh] = listed.body.data;
    expect(old).toMatchObject({ id: expect.stringMatching(/^key_/), mode: 'test', last4: keys.test.slice(-4), expires_at: rolled.body.previous_key.expires_at });
    expect(fresh).toMatchObject({ mode: 'test', last4: rolled.body.api_key.slice(-4), expires_at: null });
    for (const secret of [keys.test, keys.live, rolled.body.api_key, keys.test.slice(9), rolled.body.api_key.slice(9)]) {
      expect(listed.text).not.toContain(secret);
    }
    // Live keys are not shown to a test key, and the reverse.
    const live = await list(keys.live);
    expect(live.body.data).toEqual([expect.objectContaining({ mode: 'live', last4: keys.live.slice(-4) })]);

    const used = await waitFor(async () => {
      const key = (await list(rolled.body.api_key)).body.data.find((k) => k.id === fresh.id);
      return key?.last_used_at ? key : undefined;
    });
    expect(Math.abs(Date.parse(used.last_used_at as string) - Date.now())).toBeLessThan(60_000);
  });

  it('revokes at once, the calling key too, and never the mode’s last lasting key', async () => {
    const keys = await register();
    const rolled = await roll(keys.test);
    const newKey = rolled.body.api_key;
    const [old, fresh] = (await list(newKey)).body.data;

    const revoked = await revoke(newKey, old.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: old.id, deleted: true });
    expect((await me(keys.test)).status).toBe(401);
    expect((await list(newKey)).body.data.map((k) => k.id)).toEqual([fresh.id]);
    expect((await revoke(newKey, old.id)).status).toBe(404);

    const last = await revoke(newKey, fresh.id);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'last_api_key' } });
    expect((await me(newKey)).status).toBe(200);

    // A key in its grace period cannot roll and will lapse: it does not let the lasting key go.
    const graced = await roll(newKey);
    const replacement = graced.body.api_key;
    const replacementId = (await list(replacement)).body.data.find((k) => k.expires_at === null)?.id as string;
    const stranded = await revoke(newKey, replacementId);
    expect(stranded.status).toBe(409);
    expect(stranded.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'last_api_key' } });
    expect((await me(replacement)).status).toBe(200);

    // A key may revoke itself when a lasting one remains; it fails from the next request on.
    expect((await revoke(newKey, fresh.id)).status).toBe(200);
    expect((await me(newKey)).status).toBe(401);
    expect((await me(replacement)).status).toBe(200);
  });

  it('answers 404 for another merchant’s key and the other mode’s, and refuses a body it does not take', async () => {
    const mine = await register();
    const theirs = await register();
    const rolled = await roll(theirs.test);
    const [theirOld] = (await list(rolled.body.api_key)).body.data;
    const [myLive] = (await list(mine.live)).body.data;
    await roll(mine.test);

    for (const id of [theirOld.id, myLive.id, 'key_doesnotexist']) {
      const response = await revoke(mine.test, id);
      expect(response.status).toBe(404);
      expect((response.body as unknown as ErrorBody).error.code).toBe('resource_missing');
    }
    expect((await me(theirs.test)).status).toBe(200);

    const withBody = await revoke(rolled.body.api_key, theirOld.id, { force: true });
    expect(withBody.status).toBe(400);
    expect((withBody.body as unknown as ErrorBody).error).toMatchObject({ code: 'parameter_unknown', param: 'force' });
    expect((await me(theirs.test)).status).toBe(200);
  });

  it('a key revoked or rolled through one replica is refused at once by another that holds it in its cache', async () => {
    // A minute of cache: only the announcement over Redis can make the replica let go in time.
    const replica = await system.startGatewayReplica({ API_KEY_CACHE_MS: '60000' });
    const cacheHits = async () => metricValue(await (await fetch(`${replica.opsUrl}/metrics`)).text(), 'sdd_api_key_lookups_total', { source: 'cache' }) ?? 0;
    const onReplica = (key: string) => call('GET', '/v1/merchants/me', key, undefined, replica.baseUrl);
    const keys = await register();
    const rolled = (await roll(keys.test)).body.api_key;
    const [old] = (await list(rolled)).body.data;

    // The replica subscribes as it starts; once it hears, a key it looked up is answered from memory.
    await waitFor(
      async () => {
        const before = await cacheHits();
        expect((await onReplica(keys.test)).status).toBe(200);
        return (await cacheHits()) > before ? true : undefined;
      },
      10000,
      100,
    );
    expect((await onReplica(rolled)).status).toBe(200);
    expect((await onReplica(rolled)).status).toBe(200);

    expect((await revoke(rolled, old.id)).status).toBe(200);
    expect((await onReplica(keys.test)).status).toBe(401);

    // A roll ends the rolled key's life at the grace period it sets: the replica must see the new end, not its cached one.
    const next = (await roll(rolled, { expires_in_hours: 0 })).body.api_key;
    expect((await onReplica(rolled)).status).toBe(401);
    expect((await onReplica(next)).status).toBe(200);
    await replica.stop();
  }, 60000);

  it('refuses list and revoke without a key', async () => {
    const keys = await register();
    const [entry] = (await list(keys.test)).body.data;
    for (const [method, path] of [
      ['GET', '/v1/api_keys'],
      ['DELETE', `/v1/api_keys/${entry.id}`],
    ]) {
      const response = await fetch(`${system.baseUrl}${path}`, { method });
      expect(response.status).toBe(401);
    }
    expect((await me(keys.test)).status).toBe(200);
  });
});
