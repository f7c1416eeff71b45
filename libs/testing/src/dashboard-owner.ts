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
