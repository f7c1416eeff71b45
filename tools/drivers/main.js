'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
const { dataRoot } = require('../infra/paths');
const { opsApiToken } = require('../infra/secrets-key');
const { seedDrivers, simulateDrivers } = require('./simulator');

/**
 * `npm run drivers:seed -- --drivers 10` creates a local fleet through the
 * operator API of a running `npm start` and keeps the drivers' tokens in
 * .data/drivers.json; `npm run drivers:simulate -- --drivers 10` runs them
 * (seeding more when fewer exist) until Ctrl-C.
 */
const FLEET_FILE = path.join(dataRoot, 'drivers.json');

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      drivers: { type: 'string', default: '10' },
      url: { type: 'string', default: process.env.BASE_URL || `http://localhost:${process.env.PORT || 3000}` },
      near: { type: 'string', default: '43.6532,-79.3832' },
      speed: { type: 'string', default: '1' },
    },
  });
  const command = positionals[0];
  const count = Number(values.drivers);
  const [lat, lng] = values.near.split(',').map(Number);
  if (!['seed', 'simulate'].includes(command) || !Number.isInteger(count) || count < 1 || Number.isNaN(lat) || Number.isNaN(lng)) {
    process.stderr.write('usage: node tools/drivers/main.js seed|simulate [--drivers N] [--url http://localhost:3000] [--near lat,lng] [--speed 1]\n');
    process.exit(2);
  }
  const opsToken = process.env.OPS_API_TOKEN || opsApiToken();
  /** @type {import('./simulator').SeededDriver[]} */
  const fleet = fs.existsSync(FLEET_FILE) ? JSON.parse(fs.readFileSync(FLEET_FILE, 'utf8')) : [];
  const wanted = command === 'seed' ? count : Math.max(0, count - fleet.length);
  if (wanted > 0) {
    fleet.push(...(await seedDrivers({ baseUrl: values.url, opsToken, count: wanted, near: { lat, lng } })));
    fs.writeFileSync(FLEET_FILE, JSON.stringify(fleet, null, 2), { mode: 0o600 });
    process.stdout.write(`Seeded ${wanted} drivers near ${lat},${lng}; their tokens are in ${FLEET_FILE}\n`);
  }
  if (command === 'seed') return;
  const simulation = simulateDrivers(fleet.slice(0, count), { baseUrl: values.url, timeFactor: Number(values.speed) || 1 });
  process.stdout.write(`Simulating ${Math.min(count, fleet.length)} drivers against ${values.url}; Ctrl-C stops them (they go offline)\n`);
  const stop = () => void simulation.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
