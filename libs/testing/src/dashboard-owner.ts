import { Page } from 'playwright-core';
import { TestSystem } from './system';
import { uniquePrefix } from './test-env';

/** The password the dashboard tests give the people they register. */
export const DASHBOARD_PASSWORD = 'a long enough password';

/** Registers a merchant whose owner signs in to the dashboard with `DASHBOARD_PASSWORD`: its owner's email and its test and live keys. */
export async function registerDashboardOwner(system: TestSystem, businessName: string): Promise<{ email: string; testKey: string; liveKey: string }> {
  const email = `owner+${uniquePrefix('o')}@example.ca`;
  const registered = await system.request('POST', '/v1/merchants/register', {
    body: {
      business_name: businessName,
      email,
      phone: '+1 416 555 0120',
      address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      password: DASHBOARD_PASSWORD,
    },
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const keys = registered.body.api_keys as { test: string; live: string };
  return { email, testKey: keys.test, liveKey: keys.live };
}

/** Sets the dashboard's Test mode switch to `mode`, and checks that it took. */
export async function setDashboardMode(page: Page, mode: 'test' | 'live'): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Test mode' });
  if ((await toggle.getAttribute('aria-checked')) !== String(mode === 'test')) await toggle.click();
  const checked = await toggle.getAttribute('aria-checked');
  if (checked !== String(mode === 'test')) throw new Error(`the Test mode switch stays aria-checked=${checked} after switching to ${mode}`);
}

/** Signs `email` in to the dashboard at `baseUrl` in `page` with `DASHBOARD_PASSWORD`, up to its Deliveries page; in `mode` when given. */
export async function signInToDashboard(page: Page, baseUrl: string, email: string, mode?: 'test' | 'live'): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  await page
    .getByLabel('Email')
    .waitFor({ timeout: 15000 })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nthe page shows: ${await page.textContent('body')}`);
    });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DASHBOARD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 15000 });
  if (mode) await setDashboardMode(page, mode);
}

/** A dashboard session of `email` opened through the API (POST /v1/dashboard/sessions): its cookie and CSRF token. */
export async function dashboardSession(system: TestSystem, email: string): Promise<{ cookie: string; csrf: string }> {
  const signedIn = await system.request('POST', '/v1/dashboard/sessions', { body: { email, password: DASHBOARD_PASSWORD } });
  if (signedIn.status !== 201) throw new Error(`dashboard sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`);
  return { cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0], csrf: signedIn.body.csrf_token as string };
}
