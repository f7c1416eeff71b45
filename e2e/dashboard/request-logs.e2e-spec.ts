import { Browser } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { Client } from 'pg';
import {
  DASHBOARD_PASSWORD,
  dashboardSession,
  launchTestBrowser,
  metricValue,
  registerDashboardOwner,
  seriousAxeViolations,
  signInToDashboard,
  startMailServer,
  TestSystem,
  testEnv,
  uniquePrefix,
  waitFor,
} from '@sdd/testing';

const ROUTE = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

interface RequestLog {
  id: string;
  mode: string;
  method: string;
  path: string;
  status: number;
  request_id: string;
  idempotency_key: string | null;
  duration_ms: number;
  api_key_last4: string | null;
  member_id: string | null;
  created_at: string;
}

interface RequestLogDetail extends RequestLog {
  request_headers: Record<string, string>;
  response_headers: Record<string, string>;
  request_body: string | null;
  request_body_truncated: boolean;
  response_body: string | null;
  response_body_truncated: boolean;
}

interface RequestLogList {
  data: RequestLog[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Who calls: an API key, or a session's cookie (with its CSRF token for changes). */
type Caller = { key: string } | { cookie: string; csrf: string };

/** Issue 32, item 4: every API request of a merchant, kept and searchable by request id, secrets redacted; scoped by merchant and mode. */
describe('request logs (real gateway, Postgres, Redis; the Requests page in headless Chromium)', () => {
  const system = new TestSystem();
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let browser: Browser;
  let email: string;
  let keys: { test: string; live: string };
  let otherKeys: { test: string; live: string };
  const run = uniquePrefix('r');

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    caller: Caller | undefined,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (caller && 'key' in caller) headers.authorization = `Bearer ${caller.key}`;
    if (caller && 'cookie' in caller) {
      headers.cookie = caller.cookie;
      if (method !== 'GET') headers['x-csrf-token'] = caller.csrf;
    }
    const response = await fetch(`${system.baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** The log entry of `requestId` as `caller` finds it, once written (the writer batches off the request's path). */
  async function logged(caller: Caller, requestId: string): Promise<RequestLogDetail> {
    const found = await waitFor(async () => {
      const list = await call<RequestLogList>('GET', `/v1/request_logs?request_id=${requestId}`, caller);
      expect(list.status).toBe(200);
      return list.body.data[0];
    }, 10000);
    const detail = await call<RequestLogDetail>('GET', `/v1/request_logs/${found.id}`, caller);
    expect(detail.status).toBe(200);
    return detail.body;
  }

  const signIn = (who: string) => dashboardSession(system, who);

  beforeAll(async () => {
    mail = await startMailServer();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOWED_HOSTS: 'receiver.localhost', SMTP_URL: mail.url, REQUEST_LOG_PURGE_INTERVAL_MS: '500' },
    });
    const owner = await registerDashboardOwner(system, 'Logged Bakery');
    email = owner.email;
    keys = { test: owner.testKey, live: owner.liveKey };
    otherKeys = await system.registerMerchant('Other Bakery');
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await mail?.close();
  });

  it('logs a success, a refusal and a secret-bearing answer of a key, found by request id with the secrets redacted', async () => {
    const key = { key: keys.test };
    const quoted = await call('POST', '/v1/quotes', key, { body: ROUTE, headers: { 'x-request-id': `${run}_quote`, 'idempotency-key': `${run}-idem` } });
    expect(quoted.status).toBe(200);
    const refused = await call('GET', '/v1/deliveries?limit=0', key, { headers: { 'x-request-id': `${run}_refused` } });
    expect(refused.status).toBe(400);
    const webhook = await call<{ id: string; secret: string }>('POST', '/v1/webhooks', key, {
      body: { url: 'https://receiver.localhost/hooks', events: ['*'] },
      headers: { 'x-request-id': `${run}_webhook` },
    });
    expect(webhook.status).toBe(201);
    expect(webhook.body.secret).toMatch(/^whsec_/);

    const quote = await logged(key, `${run}_quote`);
    expect(quote).toMatchObject({
      mode: 'test',
      method: 'POST',
      path: '/v1/quotes',
      status: 200,
      idempotency_key: `${run}-idem`,
      api_key_last4: keys.test.slice(-4),
      member_id: null,
      request_body_truncated: false,
      response_body_truncated: false,
    });
    expect(JSON.parse(quote.request_body ?? 'null')).toEqual(ROUTE);
    expect(JSON.parse(quote.response_body ?? 'null')).toMatchObject({ id: quoted.body.id });
    expect(quote.request_headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': `${run}-idem` });
    expect(quote.request_headers).not.toHaveProperty('authorization');
    expect(quote.response_headers['content-type']).toContain('application/json');
    expect(quote.duration_ms).toBeGreaterThanOrEqual(0);

    const refusal = await logged(key, `${run}_refused`);
    expect(refusal).toMatchObject({ method: 'GET', path: '/v1/deliveries?limit=0', status: 400, request_body: null });
    expect(JSON.parse(refusal.response_body ?? 'null')).toMatchObject({ error: { param: 'limit', request_id: `${run}_refused` } });

    const created = await logged(key, `${run}_webhook`);
    expect(created.status).toBe(201);
    expect(created.response_body).not.toContain(webhook.body.secret);
    expect(JSON.parse(created.response_body ?? 'null')).toMatchObject({ id: webhook.body.id, secret: '[redacted]' });
    expect(JSON.parse(created.request_body ?? 'null')).toEqual({ url: 'https://receiver.localhost/hooks', events: ['*'] });

    // The status filter and the keyset pages.
    const failures = await call<RequestLogList>('GET', '/v1/request_logs?status=4xx', key);
    expect(failures.body.data.map((log) => log.request_id)).toContain(`${run}_refused`);
    expect(failures.body.data.every((log) => log.status >= 400 && log.status < 500)).toBe(true);
    const first = await call<RequestLogList>('GET', '/v1/request_logs?limit=1', key);
    expect(first.body).toMatchObject({ has_more: true });
    const second = await call<RequestLogList>('GET', `/v1/request_logs?limit=1&cursor=${first.body.next_cursor}`, key);
    expect(second.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(Date.parse(second.body.data[0].created_at)).toBeLessThanOrEqual(Date.parse(first.body.data[0].created_at));

    // Reading the log is not logged.
    const reads = await call<RequestLogList>('GET', '/v1/request_logs', key, { headers: { 'x-request-id': `${run}_read` } });
    expect(reads.status).toBe(200);
    expect(reads.body.data.some((log) => log.path.startsWith('/v1/request_logs'))).toBe(false);
    await logged(key, `${run}_quote`);
    expect((await call<RequestLogList>('GET', `/v1/request_logs?request_id=${run}_read`, key)).body.data).toEqual([]);
  }, 60000);

  it('refuses malformed filters and cursors with a 400 naming the parameter', async () => {
    const key = { key: keys.test };
    for (const [query, param] of [
      ['status=6xx', 'status'],
      ['request_id=has%20space', 'request_id'],
      ['cursor=not-ours', 'cursor'],
      ['limit=101', 'limit'],
    ]) {
      const refused = await call('GET', `/v1/request_logs?${query}`, key);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { type: 'invalid_request_error', param } });
    }
    expect((await call('GET', '/v1/request_logs/reqlog_nothing', key)).status).toBe(404);
  });

  it('never shows a request to another merchant or in the other mode', async () => {
    const quoted = await call('POST', '/v1/quotes', { key: keys.test }, { body: ROUTE, headers: { 'x-request-id': `${run}_scoped` } });
    expect(quoted.status).toBe(200);
    const entry = await logged({ key: keys.test }, `${run}_scoped`);
    for (const other of [otherKeys.test, otherKeys.live, keys.live]) {
      const list = await call<RequestLogList>('GET', `/v1/request_logs?request_id=${run}_scoped`, { key: other });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([]);
      expect((await call('GET', `/v1/request_logs/${entry.id}`, { key: other })).status).toBe(404);
    }
    // The live key's own request is in live mode only.
    expect((await call('GET', '/v1/deliveries', { key: keys.live }, { headers: { 'x-request-id': `${run}_live` } })).status).toBe(200);
    expect(await logged({ key: keys.live }, `${run}_live`)).toMatchObject({ mode: 'live', api_key_last4: keys.live.slice(-4) });
    expect((await call<RequestLogList>('GET', `/v1/request_logs?request_id=${run}_live`, { key: keys.test })).body.data).toEqual([]);
  }, 60000);

  it("logs a session's requests under its member; owners read the log, a viewer gets 403", async () => {
    const owner = await signIn(email);
    const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
    const invited = await call('POST', '/v1/dashboard/invitations', owner, { body: { email: viewerEmail, role: 'viewer' }, headers: { 'x-request-id': `${run}_invite` } });
    expect(invited.status).toBe(201);
    const token = await waitFor(() => {
      const found = mail.received.filter((received) => received.to.includes(viewerEmail));
      return found.length ? /accept-invitation#token=([0-9A-Za-z]+)/.exec(found[found.length - 1].text)?.[1] : undefined;
    });
    expect((await call('POST', '/v1/dashboard/invitations/accept', undefined, { body: { token, password: DASHBOARD_PASSWORD } })).status).toBe(201);
    const viewer = await signIn(viewerEmail);

    const refused = await call('GET', '/v1/request_logs', viewer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { type: 'permission_error', code: 'role_forbidden' } });
    expect((await call('GET', '/v1/request_logs/reqlog_anything', viewer)).status).toBe(403);

    // A refused change of the viewer's is logged too: a failed request is what people look for.
    expect((await call('POST', '/v1/api_keys/roll', viewer, { body: {}, headers: { 'x-request-id': `${run}_viewer_roll` } })).status).toBe(403);

    const invitation = await logged(owner, `${run}_invite`);
    const members = await call<{ data: Array<{ id: string; email: string }> }>('GET', '/v1/dashboard/members', owner);
    const ownerId = members.body.data.find((member) => member.email === email)?.id;
    expect(invitation).toMatchObject({ method: 'POST', path: '/v1/dashboard/invitations', status: 201, api_key_last4: null, member_id: ownerId });
    expect(invitation.request_headers).not.toHaveProperty('cookie');
    const roll = await logged({ key: keys.test }, `${run}_viewer_roll`);
    expect(roll).toMatchObject({ status: 403, member_id: members.body.data.find((member) => member.email === viewerEmail)?.id });
  }, 60000);

  it('purges entries older than 7 days and keeps the others', async () => {
    const key = { key: keys.test };
    for (const name of ['old', 'fresh']) expect((await call('GET', '/v1/deliveries', key, { headers: { 'x-request-id': `${run}_${name}` } })).status).toBe(200);
    await logged(key, `${run}_old`);
    await logged(key, `${run}_fresh`);
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const aged = await pg.query(`UPDATE "${system.prefix}_gateway".request_logs SET created_at = now() - interval '7 days 1 minute' WHERE request_id = $1`, [`${run}_old`]);
      expect(aged.rowCount).toBe(1);
    } finally {
      await pg.end();
    }
    await waitFor(async () => ((await call<RequestLogList>('GET', `/v1/request_logs?request_id=${run}_old`, key)).body.data.length === 0 ? true : undefined), 10000);
    expect((await call<RequestLogList>('GET', `/v1/request_logs?request_id=${run}_fresh`, key)).body.data).toHaveLength(1);
    const metrics = await (await fetch(`${system.opsUrlOf(ServiceName.Gateway)}/metrics`)).text();
    expect(metricValue(metrics, 'sdd_retention_purged_rows_total', { table: 'request_logs' })).toBeGreaterThanOrEqual(1);
  }, 60000);

  it('finds a request by its request id on the Requests page and shows its bodies; axe finds nothing serious', async () => {
    const webhook = await call<{ secret: string }>(
      'POST',
      '/v1/webhooks',
      { key: keys.test },
      {
        body: { url: 'https://receiver.localhost/found', events: ['*'] },
        headers: { 'x-request-id': `${run}_page` },
      },
    );
    expect(webhook.status).toBe(201);
    await logged({ key: keys.test }, `${run}_page`);

    const page = await browser.newPage();
    try {
      await signInToDashboard(page, system.baseUrl, email);

      await page.getByRole('link', { name: 'Requests' }).click();
      await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor({ timeout: 10000 });
      await page.locator('tbody tr').first().waitFor({ timeout: 10000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByLabel('Request ID').fill(`${run}_page`);
      await page.getByRole('button', { name: 'Find' }).click();
      await waitFor(
        async () => ((await page.locator('tbody tr').count()) === 1 && (await page.locator(`tr[data-request-id="${run}_page"]`).count()) === 1 ? true : undefined),
        10000,
      );
      expect(await page.locator('tbody tr').textContent()).toContain('/v1/webhooks');

      await page.getByRole('link', { name: `${run}_page` }).click();
      await page.getByRole('heading', { name: 'POST /v1/webhooks', level: 1 }).waitFor({ timeout: 10000 });
      const responseBody = (await page.getByLabel('Response body').textContent()) ?? '';
      expect(responseBody).toContain('"secret": "[redacted]"');
      expect(responseBody).not.toContain(webhook.body.secret);
      expect(await page.getByLabel('Request body').textContent()).toContain('"url": "https://receiver.localhost/found"');
      expect(await page.textContent('main')).toContain(`API key ending ${keys.test.slice(-4)}`);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Phone width: nothing wider than the screen but the bodies' and tables' own scroll areas.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      // The live mode lists the live key's request (the scoping test's), and none of the test ones.
      await page.getByRole('link', { name: 'All requests' }).click();
      await page.locator(`tr[data-request-id="${run}_page"]`).waitFor({ timeout: 10000 });
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.locator(`tr[data-request-id="${run}_live"]`).waitFor({ timeout: 10000 });
      expect(await page.locator(`tr[data-request-id="${run}_page"]`).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 120000);
});
