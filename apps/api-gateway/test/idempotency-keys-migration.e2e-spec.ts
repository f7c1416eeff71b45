import { runMigrations } from '@sdd/persistence';
import { migrationSandbox } from '@sdd/testing';
import { CreateMerchants1763800000000 } from '../src/migrations/1763800000000-create-merchants';
import { CreateIdempotencyKeys1763800400000 } from '../src/migrations/1763800400000-create-idempotency-keys';
import { ScopeIdempotencyKeys1763910000030 } from '../src/migrations/1763910000030-scope-idempotency-keys';

/** Records kept per API key before the upgrade are kept per merchant and mode after it. */
describe('idempotency keys migration (real Postgres)', () => {
  const sandbox = migrationSandbox('gwmigrate');
  const { s, pg, options } = sandbox;

  beforeAll(sandbox.open);
  afterAll(sandbox.close);

  it('moves records to merchant and mode, keeps the newest of a key used by two API keys, and lets in-flight ones lapse', async () => {
    await runMigrations(options([CreateMerchants1763800000000, CreateIdempotencyKeys1763800400000]));
    await pg.query(`INSERT INTO ${s}.merchants (id, business_name, email, phone, address) VALUES ('mer_1', 'M', 'm@example.ca', '+14165550120', '{}')`);
    await pg.query(
      `INSERT INTO ${s}.api_keys (id, merchant_id, mode, key_hash, last4) VALUES
         ('ak_old', 'mer_1', 'test', 'h1', '1111'), ('ak_new', 'mer_1', 'test', 'h2', '2222'), ('ak_live', 'mer_1', 'live', 'h3', '3333')`,
    );
    await pg.query(
      `INSERT INTO ${s}.idempotency_keys (api_key_id, key, request_hash, response_status, response_body, created_at) VALUES
         ('ak_old', 'k1', 'old', 201, '{"n":1}', now() - interval '2 hours'),
         ('ak_new', 'k1', 'new', 201, '{"n":2}', now() - interval '1 hour'),
         ('ak_live', 'k1', 'live', 400, '{"n":3}', now()),
         ('ak_new', 'k2', 'flight', NULL, NULL, now()),
         ('ak_gone', 'k3', 'orphan', 201, '{}', now())`,
    );

    expect(await runMigrations(options([CreateMerchants1763800000000, CreateIdempotencyKeys1763800400000, ScopeIdempotencyKeys1763910000030]))).toEqual([
      'ScopeIdempotencyKeys1763910000030',
    ]);

    const { rows } = await pg.query(
      `SELECT merchant_id, mode, key, request_hash, response_body, length(request_token) AS token_length, locked_until <= now() AS lapsed
       FROM ${s}.idempotency_keys ORDER BY mode, key`,
    );
    expect(rows).toEqual([
      { merchant_id: 'mer_1', mode: 'live', key: 'k1', request_hash: 'live', response_body: '{"n":3}', token_length: 32, lapsed: null },
      { merchant_id: 'mer_1', mode: 'test', key: 'k1', request_hash: 'new', response_body: '{"n":2}', token_length: 32, lapsed: null },
      { merchant_id: 'mer_1', mode: 'test', key: 'k2', request_hash: 'flight', response_body: null, token_length: 32, lapsed: true },
    ]);
    const duplicate = await pg
      .query(`INSERT INTO ${s}.idempotency_keys (merchant_id, mode, key, request_hash, request_token, created_at) VALUES ('mer_1', 'test', 'k1', 'x', 't', now())`)
      .catch((error: { code: string }) => error);
    expect(duplicate).toMatchObject({ code: '23505' });
  });
});
