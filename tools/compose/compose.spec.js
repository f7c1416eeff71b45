'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { default: Ajv } = require('ajv');
const YAML = require('yaml');

const root = path.join(__dirname, '..', '..');
const schema = JSON.parse(fs.readFileSync(path.join(__dirname, 'compose-spec.json'), 'utf8'));
/** docker-compose.yml as Compose reads it: anchors and `<<` merge keys resolved. */
const compose = YAML.parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const APPS = ['api-gateway', 'quote-service', 'delivery-service', 'payment-service', 'webhook-dispatcher'];

/** @param {unknown} document */
function validate(document) {
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  const check = ajv.compile(schema);
  return check(document) ? [] : (check.errors ?? []).map((/** @type {import('ajv').ErrorObject} */ error) => `${error.instancePath} ${error.message}`);
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema, and the schema refuses what is not', () => {
    expect(validate(compose)).toEqual([]);
    expect(validate({ services: { app: { image: 'x', restart: 'sometimes-maybe', ports: 'not-a-list' } } }).length).toBeGreaterThan(0);
  });

  it('runs the five apps from the image, after Postgres and Redis are healthy and the migrations done, restarting them, with 30 s to stop', () => {
    for (const app of APPS) {
      const service = compose.services[app];
      expect([app, service.image, service.environment.APP, service.restart, service.stop_grace_period]).toEqual([app, 'sameday:local', app, 'unless-stopped', '30s']);
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(service.healthcheck.test.join(' ')).toContain('/health/ready');
    }
    expect(compose.services['payment-service'].depends_on['stripe-local']).toEqual({ condition: 'service_healthy' });
    expect(compose.services.migrate.entrypoint.join(' ')).toContain(`for app in ${APPS.join(' ')}; do`);
  });

  it('keeps Postgres on a volume and Redis append-only, password-protected and never evicting, with the apps using that password', () => {
    expect(compose.services.postgres.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    const redis = compose.services.redis.command;
    expect(redis).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--hz', '100', '--maxmemory-policy', 'noeviction', '--requirepass']));
    const password = redis[redis.indexOf('--requirepass') + 1];
    for (const app of [...APPS, 'migrate']) expect(compose.services[app].environment.REDIS_URL).toBe(`redis://:${password}@redis:6379`);
    expect(compose.services.redis.environment.REDISCLI_AUTH).toBe(password);
    for (const name of ['postgres', 'redis', 'stripe-local']) expect([name, typeof compose.services[name].healthcheck.test]).toEqual([name, expect.anything()]);
  });

  it('runs the local Stripe-compatible server in development, and the driver simulator only under its profile', () => {
    const stripe = compose.services['stripe-local'];
    expect([stripe.environment.NODE_ENV, stripe.entrypoint]).toEqual(['development', ['node', 'tools/stripe-local/main.js']]);
    const simulator = compose.services['driver-simulator'];
    expect(simulator.profiles).toEqual(['simulator']);
    expect(simulator.entrypoint.slice(0, 3)).toEqual(['node', 'tools/drivers/main.js', 'simulate']);
    expect(simulator.environment.OPS_API_TOKEN).toBe(compose.services['api-gateway'].environment.OPS_API_TOKEN);
    expect(simulator.depends_on['api-gateway']).toEqual({ condition: 'service_healthy' });
  });
});

describe('docker-compose.yml: the dashboard', () => {
  const dashboard = compose.services.dashboard;

  it("runs the Dockerfile's dashboard target read-only, probed, in front of the gateway it proxies /v1/ to", () => {
    expect([dashboard.build, dashboard.image, dashboard.restart, dashboard.read_only, dashboard.tmpfs]).toEqual([
      { context: '.', target: 'dashboard' },
      'sameday-dashboard:local',
      'unless-stopped',
      true,
      ['/tmp'],
    ]);
    expect(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/^FROM \S+ AS dashboard$/m);
    expect(dashboard.ports).toEqual(['8080:8080']);
    expect(dashboard.healthcheck.test.join(' ')).toContain('http://127.0.0.1:8080/healthz');
    expect(dashboard.depends_on['api-gateway']).toEqual({ condition: 'service_healthy' });
    const [mount] = dashboard.volumes;
    const [source, target] = mount.split(':');
    expect(target).toMatch(/^\/etc\/nginx\/dashboard\/api\/[a-z-]+\.conf$/);
    const proxy = fs.readFileSync(path.join(root, source), 'utf8');
    const gatewayPort = compose.services['api-gateway'].environment.PORT;
    expect(proxy).toMatch(new RegExp(`location /v1/ \\{[^}]*proxy_pass http://api-gateway:${gatewayPort};`));
  });
});
