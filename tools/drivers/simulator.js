'use strict';

const { distanceKm, pointAround, stepToward } = require('./route');

/**
 * Simulated drivers for live mode on one machine: each goes online through
 * the driver API, posts its location, takes the offers it gets, drives to the
 * pickup and on to the dropoff at a city speed (sped up by `timeFactor`),
 * reports every step and completes with proof. They use nothing but the
 * public driver API, as a driver app would.
 * @typedef {import('./route').Point} Point
 * @typedef {{ id: string, token: string, name: string, at: Point }} SeededDriver
 * @typedef {{ id: string, delivery_id: string, category: string, pickup: Point, dropoff: Point, recipient: { first_name: string } }} Offer
 * @typedef {{ baseUrl: string, speedKmh?: number, timeFactor?: number, tickMs?: number, log?: (line: string) => void }} SimulationOptions
 */

/** A 1×1 PNG: the photo a simulated driver takes at the door. */
const DOOR_PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** @param {string} baseUrl @param {string} token @param {string} method @param {string} path @param {unknown} [body] JSON, or a Buffer sent as a PNG */
async function call(baseUrl, token, method, path, body) {
  const photo = Buffer.isBuffer(body);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': photo ? 'image/png' : 'application/json' }) },
    body: body === undefined || photo ? /** @type {Buffer | undefined} */ (body) : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return parsed;
}

/**
 * Creates `count` drivers through the operator API, spread 0.5–3 km around
 * `near`; every third holds liquor and cannabis certifications in `province`.
 * @param {{ baseUrl: string, opsToken: string, count: number, near: Point, province?: string }} options
 * @returns {Promise<SeededDriver[]>}
 */
async function seedDrivers({ baseUrl, opsToken, count, near, province = 'ON' }) {
  /** @type {SeededDriver[]} */
  const drivers = [];
  for (let i = 0; i < count; i += 1) {
    const name = `Sim Driver ${i + 1}`;
    const vehicle = ['car', 'bike', 'van'][i % 3];
    const created = await call(baseUrl, opsToken, 'POST', '/v1/ops/drivers', { name, phone: `+1 416 555 ${String(1000 + i).slice(-4)}`, vehicle, home_province: province });
    if (i % 3 === 0) {
      for (const kind of ['liquor_service', 'cannabis_retail']) {
        await call(baseUrl, opsToken, 'POST', `/v1/ops/drivers/${created.driver.id}/certifications`, { kind, province, status: 'approved' });
      }
    }
    drivers.push({ id: created.driver.id, token: created.token, name, at: pointAround(near, 0.5 + ((i * 0.7) % 2.5), (i * 2.399) % (2 * Math.PI)) });
  }
  return drivers;
}

class SimulatedDriver {
  /** @param {SeededDriver} driver @param {Required<SimulationOptions>} options */
  constructor(driver, options) {
    this.driver = driver;
    this.options = options;
    this.at = driver.at;
    /** @type {{ offer: Offer, leg: 'to_pickup' | 'to_dropoff' } | null} */
    this.job = null;
    this.stopped = false;
    this.completed = 0;
  }

  /** @param {string} method @param {string} path @param {unknown} [body] */
  api(method, path, body) {
    return call(this.options.baseUrl, this.driver.token, method, path, body);
  }

  async run() {
    await this.api('POST', '/v1/driver/location', this.at);
    await this.api('POST', '/v1/driver/availability', { online: true });
    while (!this.stopped) {
      try {
        await (this.job ? this.drive() : this.lookForOffer());
      } catch (error) {
        this.options.log(`${this.driver.name}: ${/** @type {Error} */ (error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.options.tickMs));
    }
    await this.api('POST', '/v1/driver/availability', { online: false }).catch(() => undefined);
  }

  async lookForOffer() {
    const { data } = await this.api('GET', '/v1/driver/offers');
    const offer = /** @type {Offer | undefined} */ (data[0]);
    if (!offer) return;
    await this.api('POST', `/v1/driver/offers/${offer.id}/accept`);
    this.options.log(`${this.driver.name} accepted ${offer.delivery_id} (${distanceKm(this.at, offer.pickup).toFixed(1)} km to the pickup)`);
    this.job = { offer, leg: 'to_pickup' };
  }

  async drive() {
    const job = /** @type {{ offer: Offer, leg: 'to_pickup' | 'to_dropoff' }} */ (this.job);
    const target = job.leg === 'to_pickup' ? job.offer.pickup : job.offer.dropoff;
    const km = (this.options.speedKmh * this.options.tickMs * this.options.timeFactor) / 3_600_000;
    const step = stepToward(this.at, target, km);
    this.at = step.at;
    await this.api('POST', '/v1/driver/location', this.at);
    if (!step.arrived) return;
    const report = (/** @type {Record<string, unknown>} */ body) => this.api('POST', `/v1/driver/deliveries/${job.offer.delivery_id}/status`, body);
    if (job.leg === 'to_pickup') {
      await report({ status: 'driver_at_pickup' });
      await report({ status: 'picked_up' });
      await report({ status: 'in_transit' });
      job.leg = 'to_dropoff';
      return;
    }
    const restricted = job.offer.category === 'alcohol' || job.offer.category === 'cannabis';
    await this.api('POST', `/v1/driver/deliveries/${job.offer.delivery_id}/photos`, DOOR_PHOTO);
    await report({ status: 'delivered', recipient_name: job.offer.recipient.first_name, ...(restricted ? { recipient_birth_date: '1990-01-01' } : {}) });
    this.options.log(`${this.driver.name} delivered ${job.offer.delivery_id}`);
    this.completed += 1;
    this.job = null;
  }
}

/**
 * Runs the drivers until `stop()`; resolves once every one went offline.
 * @param {SeededDriver[]} drivers @param {SimulationOptions} options
 */
function simulateDrivers(drivers, options) {
  /** @type {Required<SimulationOptions>} */
  const settings = { speedKmh: 30, timeFactor: 1, tickMs: 1000, log: (line) => process.stdout.write(`${line}\n`), ...options };
  const simulated = drivers.map((driver) => new SimulatedDriver(driver, settings));
  const running = Promise.all(simulated.map((driver) => driver.run()));
  return {
    /** Deliveries completed so far, all drivers together. */
    completed: () => simulated.reduce((sum, driver) => sum + driver.completed, 0),
    stop: async () => {
      for (const driver of simulated) driver.stopped = true;
      await running;
    },
  };
}

module.exports = { seedDrivers, simulateDrivers };
