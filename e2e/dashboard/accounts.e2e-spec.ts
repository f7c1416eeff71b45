import { createHash } from 'node:crypto';
import { ServiceName } from '@sdd/contracts';
import { Client } from 'pg';
import { startMailServer, TestSystem, testEnv, uniquePrefix, waitFor, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

interface SessionBody {
  member: { id: string; email: string; role: string };
  merchant: { id: string; business_name: string };
  csrf_token: string;
}

/** What a browser holds after signing in: the cookie it sends back, and the CSRF token the page keeps. */
interface Browser {
  cookie: string;
  csrf: string;
}

const PASSWORD = 'a long enough password';
const SIGN_IN_LIMIT = 4;

describe('dashboard accounts and sessions (real gateway, Postgres, Redis)', () => {
  const system = new TestSystem();
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  /** Every session token and mailed token the tests saw: none may reach a log. */
  const secretsSeen: string[] = [];

  beforeAll(async () => {
    mail = await startMailServer();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      env: { ...WITHOUT_LOAD_SHEDDING, RATE_LIMIT_PER_MINUTE: '100000', DASHBOARD_SIGN_IN_ATTEMPTS_PER_EMAIL: String(SIGN_IN_LIMIT), SMTP_URL: mail.url },
    });
  }, 60000);
  afterAll(async () => {
    await system.stop();
    await mail.close();
  });

  /** The token of the dashboard link mailed to `to` (the newest such mail), once it arrives. */
  const mailedToken = (to: string, page: string) =>
    waitFor(() => {
      const found = mail.received.filter((received) => received.to.includes(to.toLowerCase()) || received.to.includes(to));
      const match = found.length ? new RegExp(`${system.baseUrl}/dashboard/${page}#token=([0-9A-Za-z]+)`).exec(found[found.length - 1].text) : null;
      if (match) secretsSeen.push(match[1]);
      return match?.[1];
    });

  function browserFrom(answer: Answer<SessionBody>): Browser {
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0];
    secretsSeen.push(cookie.slice('sdd_session='.length), answer.body.csrf_token);
    return { cookie, csrf: answer.body.csrf_token };
  }

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; browser?: Browser; csrf?: string; mode?: string; key?: string } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.browser) headers.cookie = options.browser.cookie;
    if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
    if (options.mode) headers['dashboard-mode'] = options.mode;
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const response = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
  }

  async function register(options: { password?: string } = {}): Promise<{ email: string; keys: { test: string; live: string } }> {
    const email = `owner+${uniquePrefix('o')}@example.ca`;
    const registered = await call<{ api_keys: { test: string; live: string } }>('POST', '/v1/merchants/register', {
      body: {
        business_name: 'Dash Co',
        email,
        phone: '+1 416 555 0120',
        address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
        ...options,
      },
    });
    expect(registered.status).toBe(201);
    return { email, keys: registered.body.api_keys };
  }

  async function signIn(email: string, password = PASSWORD): Promise<Browser> {
    const signedIn = await call<SessionBody>('POST', '/v1/dashboard/sessions', { body: { email, password } });
    expect(signedIn.status).toBe(201);
    expect(signedIn.headers.get('set-cookie')).toMatch(/^sdd_session=[0-9A-Za-z]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    return browserFrom(signedIn);
  }

  async function createDelivery(key: string): Promise<string> {
    const quote = await call('POST', '/v1/quotes', {
      key,
      body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
    });
    const created = await call('POST', '/v1/deliveries', { key, body: { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  const deliveryIds = async (browser: Browser, mode?: string) =>
    (await call<{ data: Array<{ id: string }> }>('GET', '/v1/deliveries', { browser, mode })).body.data.map((delivery) => delivery.id);

  it('refuses a registration password under 12 characters, naming the field', async () => {
    const refused = await call('POST', '/v1/merchants/register', {
      body: {
        business_name: 'Short',
        email: `short+${uniquePrefix('s')}@example.ca`,
        phone: '+1 416 555 0120',
        address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
        password: 'too short',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { type: 'invalid_request_error', param: 'password' } });
  });

  it('signs the owner in with the password, and the cookie calls the API in the chosen mode, never mixing test and live', async () => {
    const { email, keys } = await register({ password: PASSWORD });
    const browser = await signIn(email);

    const session = await call<SessionBody>('GET', '/v1/dashboard/session', { browser });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ member: { email, role: 'owner' }, merchant: { business_name: 'Dash Co' }, csrf_token: browser.csrf });

    const testDelivery = await createDelivery(keys.test);
    expect(await deliveryIds(browser)).toEqual([testDelivery]);
    expect(await deliveryIds(browser, 'test')).toEqual([testDelivery]);
    expect(await deliveryIds(browser, 'live')).toEqual([]);

    const badMode = await call('GET', '/v1/deliveries', { browser, mode: 'prod' });
    expect(badMode.status).toBe(400);
    expect(badMode.body).toMatchObject({ error: { code: 'parameter_invalid', param: 'Dashboard-Mode' } });
  });

  it('needs the CSRF token for every change made with the cookie', async () => {
    const { email, keys } = await register({ password: PASSWORD });
    const browser = await signIn(email);
    const endpoint = { url: 'https://example.com/hooks', events: ['delivery.created'] };

    const withoutToken = await call('POST', '/v1/webhooks', { browser, mode: 'live', body: endpoint });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body).toMatchObject({ error: { type: 'permission_error', code: 'csrf_token_invalid' } });
    const wrongToken = await call('POST', '/v1/webhooks', { browser, mode: 'live', body: endpoint, csrf: `${browser.csrf.slice(0, -2)}xx` });
    expect(wrongToken.status).toBe(403);

    const created = await call<{ id: string }>('POST', '/v1/webhooks', { browser, mode: 'live', body: endpoint, csrf: browser.csrf });
    expect(created.status).toBe(201);
    // Made in live mode: the live key sees it, the test key does not.
    const ids = async (key: string) => (await call<{ data: Array<{ id: string }> }>('GET', '/v1/webhooks', { key })).body.data.map((webhook) => webhook.id);
    expect(await ids(keys.live)).toEqual([created.body.id]);
    expect(await ids(keys.test)).toEqual([]);
  });

  it('answers a wrong password and an unknown email alike, and limits attempts per email with Retry-After', async () => {
    const { email } = await register({ password: PASSWORD });
    const wrong = await call('POST', '/v1/dashboard/sessions', { body: { email, password: 'not the password' } });
    const unknown = await call('POST', '/v1/dashboard/sessions', { body: { email: `nobody+${uniquePrefix('n')}@example.ca`, password: PASSWORD } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: { ...(wrong.body.error as object), request_id: expect.any(String) } });
    expect(wrong.body).toMatchObject({ error: { type: 'authentication_error', code: 'sign_in_failed' } });

    for (let attempt = 2; attempt <= SIGN_IN_LIMIT; attempt++) {
      expect((await call('POST', '/v1/dashboard/sessions', { body: { email, password: 'not the password' } })).status).toBe(401);
    }
    const limited = await call('POST', '/v1/dashboard/sessions', { body: { email, password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { type: 'rate_limit_error', code: 'rate_limit_exceeded' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('signs out: the cookie stops working', async () => {
    const { email } = await register({ password: PASSWORD });
    const browser = await signIn(email);
    expect((await call('DELETE', '/v1/dashboard/session', { browser })).status).toBe(403);
    const signedOut = await call('DELETE', '/v1/dashboard/session', { browser, csrf: browser.csrf });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ ended_sessions: 1 });
    expect(signedOut.headers.get('set-cookie')).toMatch(/^sdd_session=; Max-Age=0;/);
    const after = await call('GET', '/v1/deliveries', { browser });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { type: 'authentication_error', code: 'session_invalid' } });
  });

  it('lets a viewer sign itself out, and out everywhere, though it may change nothing else', async () => {
    const { email } = await register({ password: PASSWORD });
    const owner = await signIn(email);
    const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
    expect((await call('POST', '/v1/dashboard/invitations', { browser: owner, csrf: owner.csrf, body: { email: viewerEmail, role: 'viewer' } })).status).toBe(201);
    const accepted = await call<SessionBody>('POST', '/v1/dashboard/invitations/accept', {
      body: { token: await mailedToken(viewerEmail, 'accept-invitation'), password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    const first = browserFrom(accepted);
    const second = await signIn(viewerEmail);
    expect((await call('DELETE', '/v1/dashboard/session', { browser: first })).status).toBe(403);
    const signedOut = await call('DELETE', '/v1/dashboard/session', { browser: first, csrf: first.csrf });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toEqual({ ended_sessions: 1 });
    expect((await call('GET', '/v1/deliveries', { browser: first })).status).toBe(401);
    expect((await call('GET', '/v1/deliveries', { browser: second })).status).toBe(200);
    const everywhere = await call('POST', '/v1/dashboard/session/sign_out_everywhere', { browser: second, csrf: second.csrf });
    expect(everywhere.status).toBe(200);
    expect((await call('GET', '/v1/deliveries', { browser: second })).status).toBe(401);
  });

  it("never shows one merchant's data to another merchant's session", async () => {
    const first = await register({ password: PASSWORD });
    const second = await register({ password: PASSWORD });
    const delivery = await createDelivery(first.keys.test);
    const otherBrowser = await signIn(second.email);
    expect(await deliveryIds(otherBrowser)).toEqual([]);
    expect((await call('GET', `/v1/deliveries/${delivery}`, { browser: otherBrowser })).status).toBe(404);
  });

  it('uses the API key when a request carries both a key and a cookie', async () => {
    const first = await register({ password: PASSWORD });
    const second = await register({ password: PASSWORD });
    const delivery = await createDelivery(second.keys.test);
    const browser = await signIn(first.email);
    const both = await call<{ data: Array<{ id: string }> }>('GET', '/v1/deliveries', { browser, key: second.keys.test });
    expect(both.body.data.map((d) => d.id)).toEqual([delivery]);
  });

  it('signs in with an emailed one-use link, and answers alike for an unknown email', async () => {
    const { email } = await register();
    const unknown = await call('POST', '/v1/dashboard/sign_in_links', { body: { email: `nobody+${uniquePrefix('n')}@example.ca` } });
    const known = await call('POST', '/v1/dashboard/sign_in_links', { body: { email } });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ email });

    const token = await mailedToken(email, 'sign-in');
    const signedIn = await call<SessionBody>('POST', '/v1/dashboard/sessions', { body: { link_token: token } });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.member).toMatchObject({ email, role: 'owner' });
    expect((await call('GET', '/v1/deliveries', { browser: browserFrom(signedIn) })).status).toBe(200);

    const again = await call('POST', '/v1/dashboard/sessions', { body: { link_token: token } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: { code: 'sign_in_failed' } });
  });

  it('invites a viewer, who reads deliveries but cannot roll a key or change anything; a developer can roll one', async () => {
    const { email, keys } = await register({ password: PASSWORD });
    const owner = await signIn(email);
    const delivery = await createDelivery(keys.test);

    const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
    const invited = await call('POST', '/v1/dashboard/invitations', { browser: owner, csrf: owner.csrf, body: { email: viewerEmail, role: 'viewer' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: viewerEmail, role: 'viewer' });
    const shortPassword = await call('POST', '/v1/dashboard/invitations/accept', { body: { token: await mailedToken(viewerEmail, 'accept-invitation'), password: 'short' } });
    expect(shortPassword.status).toBe(400);
    expect(shortPassword.body).toMatchObject({ error: { param: 'password' } });
    const accepted = await call<SessionBody>('POST', '/v1/dashboard/invitations/accept', {
      body: { token: await mailedToken(viewerEmail, 'accept-invitation'), password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.member).toMatchObject({ email: viewerEmail, role: 'viewer' });
    const viewer = browserFrom(accepted);

    expect(await deliveryIds(viewer)).toEqual([delivery]);
    const roll = await call('POST', '/v1/api_keys/roll', { browser: viewer, csrf: viewer.csrf, body: {} });
    expect(roll.status).toBe(403);
    expect(roll.body).toMatchObject({ error: { type: 'permission_error', code: 'role_forbidden' } });
    expect((await call('POST', '/v1/dashboard/invitations', { browser: viewer, csrf: viewer.csrf, body: { email: 'x@example.ca', role: 'owner' } })).status).toBe(403);

    // The owner makes the viewer a developer: it may roll a key now (its one sight of a key), but not manage the team.
    const members = await call<{ data: Array<{ id: string; email: string; role: string }> }>('GET', '/v1/dashboard/members', { browser: viewer });
    expect(members.body.data.map((member) => [member.email, member.role])).toEqual([
      [email, 'owner'],
      [viewerEmail, 'viewer'],
    ]);
    const viewerId = members.body.data[1].id;
    const promoted = await call('PATCH', `/v1/dashboard/members/${viewerId}`, { browser: owner, csrf: owner.csrf, body: { role: 'developer' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: viewerId, role: 'developer' });
    const rolled = await call<{ api_key: string; previous_key: { last4: string } }>('POST', '/v1/api_keys/roll', { browser: viewer, csrf: viewer.csrf, body: {} });
    expect(rolled.status).toBe(201);
    expect(rolled.body.api_key).toMatch(/^svc_test_/);
    expect(rolled.body.previous_key.last4).toBe(keys.test.slice(-4));
    expect((await call('GET', '/v1/deliveries', { key: rolled.body.api_key })).status).toBe(200);
    const developerInvites = await call('POST', '/v1/dashboard/invitations', { browser: viewer, csrf: viewer.csrf, body: { email: 'y@example.ca', role: 'viewer' } });
    expect(developerInvites.status).toBe(403);
    expect(developerInvites.body).toMatchObject({ error: { code: 'role_forbidden' } });
  });

  it('keeps the team an owner, and removing a member ends its sessions', async () => {
    const { email } = await register({ password: PASSWORD });
    const owner = await signIn(email);
    const ownerId = (await call<SessionBody>('GET', '/v1/dashboard/session', { browser: owner })).body.member.id;
    const demoted = await call('PATCH', `/v1/dashboard/members/${ownerId}`, { browser: owner, csrf: owner.csrf, body: { role: 'viewer' } });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({ error: { code: 'last_owner' } });
    expect((await call('DELETE', `/v1/dashboard/members/${ownerId}`, { browser: owner, csrf: owner.csrf })).status).toBe(409);

    const devEmail = `dev+${uniquePrefix('d')}@example.ca`;
    await call('POST', '/v1/dashboard/invitations', { browser: owner, csrf: owner.csrf, body: { email: devEmail, role: 'developer' } });
    const developer = browserFrom(
      await call<SessionBody>('POST', '/v1/dashboard/invitations/accept', { body: { token: await mailedToken(devEmail, 'accept-invitation'), password: PASSWORD } }),
    );
    const devId = (await call<SessionBody>('GET', '/v1/dashboard/session', { browser: developer })).body.member.id;
    const removed = await call('DELETE', `/v1/dashboard/members/${devId}`, { browser: owner, csrf: owner.csrf });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: devId, deleted: true });
    expect((await call('GET', '/v1/deliveries', { browser: developer })).status).toBe(401);
  });

  it('signs out everywhere: every session of the member ends', async () => {
    const { email } = await register({ password: PASSWORD });
    const laptop = await signIn(email);
    const phone = await signIn(email);
    expect((await call('GET', '/v1/deliveries', { browser: phone })).status).toBe(200);
    const everywhere = await call('POST', '/v1/dashboard/session/sign_out_everywhere', { browser: laptop, csrf: laptop.csrf });
    expect(everywhere.status).toBe(200);
    expect(everywhere.body).toEqual({ ended_sessions: 2 });
    for (const browser of [laptop, phone]) expect((await call('GET', '/v1/dashboard/session', { browser })).status).toBe(401);
  });

  it('keeps dashboard routes to sessions: an API key gets session_missing', async () => {
    const { keys } = await register({ password: PASSWORD });
    const answer = await call('GET', '/v1/dashboard/members', { key: keys.test });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: 'session_missing' } });
  });

  it('ends a session idle past DASHBOARD_SESSION_IDLE_MINUTES, and one past its absolute end however active', async () => {
    const { email } = await register({ password: PASSWORD });
    const idle = await signIn(email);
    const old = await signIn(email);
    const fresh = await signIn(email);
    const sessionOf = async (browser: Browser) => (await call<SessionBody>('GET', '/v1/dashboard/session', { browser })).status;
    expect([await sessionOf(idle), await sessionOf(old), await sessionOf(fresh)]).toEqual([200, 200, 200]);
    // The clock moved on for two of them: one unused for 12 h and a minute (the default idle timeout is 720 minutes), one signed in 7 days ago.
    const database = new Client({ connectionString: testEnv().databaseUrl });
    await database.connect();
    try {
      const table = `"${system.prefix}_gateway".dashboard_sessions`;
      const tokenHash = (browser: Browser) => createHash('sha256').update(browser.cookie.slice('sdd_session='.length)).digest('hex');
      await database.query(`UPDATE ${table} SET last_seen_at = now() - interval '721 minutes' WHERE token_hash = $1`, [tokenHash(idle)]);
      await database.query(`UPDATE ${table} SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [tokenHash(old)]);
    } finally {
      await database.end();
    }
    expect([await sessionOf(idle), await sessionOf(old), await sessionOf(fresh)]).toEqual([401, 401, 200]);
  });

  it('writes no password, session token, CSRF token or mailed token to the gateway log', () => {
    const log = system.logs(ServiceName.Gateway).join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(secretsSeen.length).toBeGreaterThan(10);
    for (const secret of [PASSWORD, ...secretsSeen]) expect(log).not.toContain(secret);
  });
});
