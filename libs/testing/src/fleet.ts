import type { ApiResponse, TestSystem } from './system';
import { timedRequest } from './outage-probe';
import { waitFor } from './wait-for';

/** The operator token the dispatch tests give the gateway (OPS_API_TOKEN). */
export const TEST_OPS_TOKEN = 'ops-token-for-tests-only-0123456789';

/**
 * The gateway's settings for the tests of live matching through the driver and operator APIs and apps:
 * the operator token, matching every 100 ms, offers long enough for a person (here: a script) to read
 * and tap, and money movements looked for every 200 ms.
 */
export const LIVE_DISPATCH_ENV = {
  RATE_LIMIT_PER_MINUTE: '100000',
  OPS_API_TOKEN: TEST_OPS_TOKEN,
  DISPATCH_INTERVAL_MS: '100',
  OFFER_TIMEOUT_MS: '60000',
  MONEY_MOVEMENT_INTERVAL_MS: '200',
};

export interface TestDriver {
  id: string;
  token: string;
  call(method: string, path: string, body?: unknown): Promise<ApiResponse>;
}

/** Drivers made through the operator API and driven through the driver API, as an operator and a driver app would. */
export class Fleet {
  constructor(private readonly system: TestSystem) {}

  ops(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    return timedRequest(this.system.baseUrl, method, path, { key: TEST_OPS_TOKEN, body, timeoutMs: 30_000 });
  }

  /** A driver as an operator creates one (offline, nowhere yet): its id and the token handed to the driver. */
  async create(name: string, options: { vehicle?: string } = {}): Promise<{ id: string; token: string }> {
    const created = await this.ops('POST', '/v1/ops/drivers', { name, phone: '+1 416 555 0177', vehicle: options.vehicle ?? 'car', home_province: 'ON' });
    if (created.status !== 201) throw new Error(`driver creation answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { id: (created.body.driver as { id: string }).id, token: created.body.token as string };
  }

  /** A driver, online at `at`, with the given certifications (approved unless said otherwise). */
  async driver(
    name: string,
    at: { lat: number; lng: number },
    options: { vehicle?: string; certifications?: Array<{ kind: string; province: string; status?: string; expires_at?: string }> } = {},
  ): Promise<TestDriver> {
    const { id, token } = await this.create(name, options);
    for (const certification of options.certifications ?? []) {
      const set = await this.ops('POST', `/v1/ops/drivers/${id}/certifications`, { status: 'approved', ...certification });
      if (set.status !== 200) throw new Error(`certification answered ${set.status}: ${JSON.stringify(set.body)}`);
    }
    const driver: TestDriver = {
      id,
      token,
      call: (method, path, body) => timedRequest(this.system.baseUrl, method, path, { key: token, body, timeoutMs: 30_000 }),
    };
    await driver.call('POST', '/v1/driver/location', at);
    await driver.call('POST', '/v1/driver/availability', { online: true });
    return driver;
  }

  /** Waits until the operator API lists the driver online with a location (at `at`, within 1e-6°, when given), as the driver app reported it. */
  async seenOnline(driverId: string, at?: { lat: number; lng: number }, timeoutMs = 15_000): Promise<void> {
    await waitFor(async () => {
      const listed = await this.ops('GET', '/v1/ops/drivers');
      const found = (listed.body.data as Array<{ id: string; online: boolean; location: { lat: number; lng: number } | null }>).find((d) => d.id === driverId);
      if (!found?.online || found.location === null) return undefined;
      return !at || (Math.abs(found.location.lat - at.lat) < 1e-6 && Math.abs(found.location.lng - at.lng) < 1e-6) ? true : undefined;
    }, timeoutMs);
  }

  /** The driver's open offer for `deliveryId`, once dispatch made it. */
  async offerFor(driver: TestDriver, deliveryId: string, timeoutMs = 15_000): Promise<Record<string, unknown>> {
    return waitFor(
      async () => {
        const offers = await driver.call('GET', '/v1/driver/offers');
        return (offers.body.data as Array<Record<string, unknown>>).find((offer) => offer.delivery_id === deliveryId);
      },
      timeoutMs,
      50,
    );
  }

  /** A driver's photo upload, the bytes as the body. */
  async uploadPhoto(driver: TestDriver, deliveryId: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${this.system.baseUrl}/v1/driver/deliveries/${deliveryId}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driver.token}`, 'content-type': contentType },
      body: bytes,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
}

/** A small JPEG-signed body, different for each `seed`. */
export function testPhoto(seed: string, size = 2048): Buffer {
  const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const body = Buffer.alloc(size - header.length - 2, seed);
  return Buffer.concat([header, body, Buffer.from([0xff, 0xd9])]);
}
