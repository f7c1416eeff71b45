import { Browser } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import {
  launchTestBrowser,
  seriousAxeViolations,
  startMailServer,
  TestSystem,
  uniquePrefix,
  waitFor,
  WITHOUT_LOAD_SHEDDING,
  DASHBOARD_PASSWORD,
  registerDashboardOwner,
} from '@sdd/testing';

const PASSWORD = DASHBOARD_PASSWORD;
/** Keys, webhook secrets and processor keys as they are spelled: none may be in the bundle. */
const SECRET_PATTERN = /\b(svc|sk|rk|drv_tok)_(test|live)_[A-Za-z0-9]{8,}|\bwhsec_[A-Za-z0-9+/]{8,}/;

describe('dashboard single-page app (headless Chromium against the gateway)', () => {
  const system = new TestSystem();
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let browser: Browser;
  let email: string;
  let testKey: string;

  /** The dashboard link last mailed to `to` for `page` (sign-in, accept-invitation), once it arrives. */
  const mailedLink = (to: string, page: string) =>
    waitFor(() => {
      const found = mail.received.filter((received) => received.to.includes(to));
      return found.length ? new RegExp(`${system.baseUrl}/dashboard/${page}#token=[0-9A-Za-z]+`).exec(found[found.length - 1].text)?.[0] : undefined;
    });

  beforeAll(async () => {
    mail = await startMailServer();
    await system.start({
      // Payment too: a delivery's page asks for the checkout that paid for it.
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      // A test delivery's scenario plays out in seconds instead of minutes.
      env: { ...WITHOUT_LOAD_SHEDDING, RATE_LIMIT_PER_MINUTE: '100000', TIMELINE_SPEED: '10', SMTP_URL: mail.url },
    });
    ({ email, testKey } = await registerDashboardOwner(system, 'Dash Bakery'));
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await mail?.close();
  });

  it('is served at /dashboard with a strict CSP and no framing, client routes falling back to the page', async () => {
    const page = await fetch(`${system.baseUrl}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    const scripts = [...html.matchAll(/src="(\/dashboard\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const route = await fetch(`${system.baseUrl}/dashboard/deliveries/del_test_anything`);
    expect(route.status).toBe(200);
    expect(await route.text()).toBe(html);
    expect((await fetch(`${system.baseUrl}/dashboard/assets/missing-0000.js`)).status).toBe(404);

    for (const script of scripts) {
      const asset = await fetch(`${system.baseUrl}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toContain('javascript');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const bundle = await asset.text();
      expect(bundle).not.toMatch(SECRET_PATTERN);
      expect(bundle).not.toContain(testKey);
    }
  });

  it('signs in, toggles modes, creates a test delivery that moves in the list, rolls a key; axe finds nothing serious', async () => {
    const page = await browser.newPage();
    const failedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/v1/') && response.status() >= 500) failedCalls.push(`${response.status()} ${response.url()}`);
    });
    try {
      await page.goto(`${system.baseUrl}/dashboard`);
      await page.getByLabel('Email').waitFor({ timeout: 10000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor({ timeout: 10000 });
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 10000 });
      expect(await page.textContent('header')).toContain('Dash Bakery');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Live mode first: nothing there, and the test delivery form is not offered.
      const toggle = page.getByRole('switch', { name: 'Test mode' });
      if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click();
      await page.getByText('No live deliveries match.').waitFor({ timeout: 10000 });
      expect(await page.getByRole('heading', { name: 'Create a test delivery' }).count()).toBe(0);
      await toggle.click();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('heading', { name: 'Create a test delivery' }).waitFor({ timeout: 10000 });

      const reference = `ORD-${uniquePrefix('r')}`;
      await page.getByLabel('External reference (optional)').fill(reference);
      await page.getByLabel('Scenario').selectOption('slow_pickup');
      await page.getByRole('button', { name: 'Create test delivery' }).click();
      const created = page.getByRole('status').filter({ hasText: 'Created' });
      await created.or(page.getByRole('alert')).first().waitFor({ timeout: 15000 });
      expect(await page.getByRole('alert').allTextContents()).toEqual([]);
      const deliveryId = (await created.getByRole('link').textContent()) ?? '';
      expect(deliveryId).toMatch(/^del_/);

      // The list refreshes on its own: the row appears, then its status moves on without a reload.
      await page.getByLabel('External reference', { exact: true }).fill(reference);
      const badge = page.locator(`tr[data-delivery-id="${deliveryId}"] .badge`);
      await badge.waitFor({ timeout: 10000 });
      const first = await badge.getAttribute('data-status');
      const seen = await waitFor(
        async () => {
          const now = await badge.getAttribute('data-status');
          return now !== first && (now === 'picked_up' || now === 'in_transit' || now === 'delivered') ? now : undefined;
        },
        30000,
        250,
      );
      expect(['picked_up', 'in_transit', 'delivered']).toContain(seen);
      expect(await page.locator('tbody tr').count()).toBe(1);

      await page.getByRole('table').getByRole('link', { name: deliveryId }).click();
      await page.getByRole('heading', { name: 'Timeline and events' }).waitFor({ timeout: 10000 });
      await page.locator('.timeline li').first().waitFor({ timeout: 10000 });
      expect(await page.textContent('.facts')).toContain('290 Bremner Blvd');
      // An event opens onto its sending to each endpoint; this merchant has none yet.
      await page.locator('.timeline summary').first().click();
      await page.locator('.timeline').getByText('Sent to no endpoint.').first().waitFor({ timeout: 10000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByText('No test endpoints yet.').waitFor({ timeout: 10000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Team' }).click();
      await page.getByRole('heading', { name: 'Team of Dash Bakery' }).waitFor({ timeout: 10000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('button', { name: 'Roll test key' }).click();
      const rolled = (await page.locator('#new-api-key').textContent({ timeout: 10000 })) ?? '';
      expect(rolled).toMatch(/^svc_test_/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const withRolled = await system.request('GET', '/v1/api_keys', { key: rolled });
      expect(withRolled.status).toBe(200);

      // Phone width: nothing wider than the screen but the tables' own scroll areas.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('link', { name: 'Deliveries' }).click();
      await page.locator('tbody tr').first().waitFor({ timeout: 10000 });
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      // Live mode never shows the test delivery, even with it in the cache.
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.getByText('No live deliveries match.').waitFor({ timeout: 10000 });
      expect(await page.locator(`tr[data-delivery-id="${deliveryId}"]`).count()).toBe(0);
      expect(failedCalls).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120000);

  it('signs in by a mailed link; an invited viewer joins and sees keys and the team read-only', async () => {
    const owner = await browser.newContext();
    const viewer = await browser.newContext();
    try {
      const page = await owner.newPage();
      await page.goto(`${system.baseUrl}/dashboard`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await page.getByRole('status').filter({ hasText: 'a link to sign in is on its way' }).waitFor({ timeout: 10000 });
      await page.goto(await mailedLink(email, 'sign-in'));
      await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 10000 });
      expect(page.url()).toBe(`${system.baseUrl}/dashboard/deliveries`);

      const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
      await page.getByRole('link', { name: 'Team' }).click();
      const invite = page.getByRole('form', { name: 'Invite a teammate' });
      await invite.getByLabel('Email').fill(viewerEmail);
      await invite.getByRole('combobox').selectOption('viewer');
      await page.getByRole('button', { name: 'Invite' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Invitation sent to ${viewerEmail} as viewer` })
        .waitFor({ timeout: 10000 });

      const joined = await viewer.newPage();
      await joined.goto(await mailedLink(viewerEmail, 'accept-invitation'));
      expect(await seriousAxeViolations(joined)).toEqual([]);
      await joined.getByLabel('Choose a password').fill(PASSWORD);
      await joined.getByRole('button', { name: 'Accept the invitation' }).click();
      await joined.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 10000 });
      expect(await joined.textContent('header')).toContain(`${viewerEmail} (viewer)`);
      await joined.locator('main table, main .empty').first().waitFor({ timeout: 10000 });
      expect(await joined.getByRole('heading', { name: 'Create a test delivery' }).count()).toBe(0);

      await joined.getByRole('link', { name: 'API keys' }).click();
      await joined.locator('tbody tr').first().waitFor({ timeout: 10000 });
      expect(await joined.getByRole('button', { name: /Roll|Revoke/ }).count()).toBe(0);
      await joined.getByRole('link', { name: 'Team' }).click();
      await joined.getByText(`${viewerEmail} (you)`).waitFor({ timeout: 10000 });
      expect(await joined.getByRole('button', { name: /Invite|Remove/ }).count()).toBe(0);
      expect(await seriousAxeViolations(joined)).toEqual([]);

      // Signing out ends the session: the page returns to the sign-in form, and so does a reload.
      const signedOut = page.waitForResponse((response) => response.url().endsWith('/v1/dashboard/session') && response.request().method() === 'DELETE');
      await page.getByRole('button', { name: 'Sign out' }).click();
      expect((await signedOut).status()).toBe(200);
      await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor({ timeout: 10000 });
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor({ timeout: 10000 });
    } finally {
      await owner.close();
      await viewer.close();
    }
  }, 120000);
});
