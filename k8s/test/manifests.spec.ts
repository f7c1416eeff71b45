import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsRegistry } from '@sdd/common';
import { queuesConsumedBy, ServiceName } from '@sdd/contracts';

/** The fields of rendered objects these checks read; the validator has checked each against its full schema. */
interface Probe {
  httpGet: { path: string; port: string };
}
interface Container {
  image: string;
  env: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: unknown } }>;
  ports: Array<{ name: string; containerPort: number }>;
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
  resources: { requests: { cpu?: string }; limits: { memory?: string } };
  startupProbe: Probe;
  readinessProbe: Probe;
  livenessProbe: Probe;
}
interface Spec {
  selector: { matchLabels: Record<string, string> };
  template: { spec: { securityContext: { runAsNonRoot: boolean }; containers: Container[] } };
  scaleTargetRef: { name: string };
  minReplicaCount: number;
  triggers: Array<{ type: string; metadata: { listName: string } }>;
  tls: Array<{ hosts: string[] }>;
  rules: Array<{ host: string; http: { paths: Array<{ backend: { service: { port: { name: string } } } }> } }>;
  groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
}
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec?: Spec; data?: Record<string, string> };
type Report = Record<string, { objects: K8sObject[]; errors: Array<{ object: string; problem: string }> }>;

const root = join(__dirname, '..', '..');
const OVERLAYS = ['k8s/overlays/dev', 'k8s/overlays/prod'];
/** prod on a Redis Cluster and behind PgBouncer (k8s/README.md, "Scale-out"). */
const SCALE_OUT = 'k8s/overlays/scale-out';
const WORKERS_ON_QUEUES = [ServiceName.Delivery, ServiceName.Webhook, ServiceName.Payment];

/** `kubectl kustomize` and schema validation, as `node tools/k8s/validate.mjs` does them. */
function validate(...directories: string[]): { status: number | null; report: Report; stderr: string } {
  const run = spawnSync(process.execPath, ['tools/k8s/validate.mjs', ...directories], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, report: JSON.parse(run.stdout || '{}') as Report, stderr: run.stderr };
}

const rendered = validate(...OVERLAYS, SCALE_OUT);
const objectsOf = (overlay: string) => rendered.report[overlay].objects;
const named = (overlay: string, kind: string, name: string) => objectsOf(overlay).find((object) => object.kind === kind && object.metadata.name === name);

describe('k8s manifests', () => {
  it('render for every overlay, and every object is valid against its schema (Kubernetes, KEDA, Prometheus Operator)', () => {
    expect(rendered.stderr).toBe('');
    expect([...OVERLAYS, SCALE_OUT].map((overlay) => rendered.report[overlay].errors)).toEqual([[], [], []]);
    expect(rendered.status).toBe(0);
  });

  it('refuses what is broken: a field of the wrong type, a missing required field, an unknown kind', () => {
    const broken = validate('k8s/test/broken');
    expect(broken.status).toBe(1);
    expect(broken.report['k8s/test/broken'].errors).toEqual(
      expect.arrayContaining([
        { object: 'Deployment/replicas-as-text', problem: expect.stringContaining('replicas must be integer') },
        { object: 'ScaledObject/no-target', problem: expect.stringContaining('scaleTargetRef') },
        { object: 'Unknown/unknown-kind', problem: expect.stringContaining('no schema known') },
      ]),
    );
    const missing = validate('k8s/no-such-overlay');
    expect([missing.status, missing.report['k8s/no-such-overlay'].errors[0].problem]).toEqual([1, expect.stringContaining('kubectl kustomize failed')]);
  });

  it.each(OVERLAYS)('%s holds every part of the system, in its own namespace, with no secret values', (overlay) => {
    const count = (kind: string) => objectsOf(overlay).filter((object) => object.kind === kind).length;
    expect({
      Deployment: count('Deployment'),
      PodDisruptionBudget: count('PodDisruptionBudget'),
      Service: count('Service'),
      Job: count('Job'),
      HorizontalPodAutoscaler: count('HorizontalPodAutoscaler'),
      ScaledObject: count('ScaledObject'),
      TriggerAuthentication: count('TriggerAuthentication'),
      Ingress: count('Ingress'),
      PrometheusRule: count('PrometheusRule'),
      Secret: count('Secret'),
    }).toEqual({
      Deployment: 6,
      PodDisruptionBudget: 6,
      Service: 2,
      Job: 1,
      HorizontalPodAutoscaler: 1,
      ScaledObject: 3,
      TriggerAuthentication: 1,
      Ingress: 1,
      PrometheusRule: 1,
      Secret: 0,
    });
    const namespace = overlay.endsWith('prod') ? 'sameday' : 'sameday-dev';
    expect(objectsOf(overlay).every((object) => object.metadata.namespace === namespace)).toBe(true);
    const ingress = named(overlay, 'Ingress', 'api-gateway');
    expect(ingress?.spec?.tls[0].hosts).toEqual([ingress?.spec?.rules[0].host]);
    expect(ingress?.spec?.rules[0].http.paths[0].backend.service.port.name).toBe('http');
  });

  it.each(OVERLAYS)('%s runs every app non-root on a read-only root filesystem, probed on the ops port, with requests and a memory limit', (overlay) => {
    for (const app of Object.values(ServiceName)) {
      const deployment = named(overlay, 'Deployment', app);
      const pod = deployment?.spec?.template.spec;
      if (!pod) throw new Error(`no Deployment ${app} in ${overlay}`);
      const [container] = pod.containers;
      expect([app, pod.securityContext.runAsNonRoot, container.securityContext.readOnlyRootFilesystem, container.securityContext.allowPrivilegeEscalation]).toEqual([
        app,
        true,
        true,
        false,
      ]);
      expect(container.env.find((env) => env.name === 'APP')?.value).toBe(app);
      expect(container.ports).toEqual(expect.arrayContaining([{ name: 'ops', containerPort: 9000 }]));
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) expect([app, probe, container[probe].httpGet.port]).toEqual([app, probe, 'ops']);
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.resources.requests.cpu).toBeDefined();
      expect(container.resources.limits.memory).toBeDefined();
      expect(container.image).toBe(`ghcr.io/sameday/sameday:${overlay.endsWith('prod') ? '1.0.0' : 'main'}`);
      const secrets = container.env.filter((env) => /KEY|SECRET|TOKEN|DATABASE_URL|REDIS_URL|SMTP_URL/.test(env.name));
      expect(secrets.every((env) => env.value === undefined && env.valueFrom?.secretKeyRef !== undefined)).toBe(true);
      expect(named(overlay, 'PodDisruptionBudget', app)?.spec?.selector.matchLabels).toEqual(deployment?.spec?.selector.matchLabels);
    }
    expect(named(overlay, 'HorizontalPodAutoscaler', 'api-gateway')?.spec?.scaleTargetRef.name).toBe('api-gateway');
  });

  it.each(OVERLAYS)("%s serves the dashboard from its own image behind the Ingress's /dashboard, unprivileged and without the apps' pod defaults", (overlay) => {
    const deployment = named(overlay, 'Deployment', 'dashboard');
    const pod = deployment?.spec?.template.spec;
    if (!pod) throw new Error(`no Deployment dashboard in ${overlay}`);
    const [container] = pod.containers;
    expect(pod.containers).toHaveLength(1);
    expect(container.image).toBe(`ghcr.io/sameday/sameday-dashboard:${overlay.endsWith('prod') ? '1.0.0' : 'main'}`);
    expect([pod.securityContext.runAsNonRoot, container.securityContext.readOnlyRootFilesystem, container.securityContext.allowPrivilegeEscalation]).toEqual([true, true, false]);
    // nginx-unprivileged's port and probe (tools/dashboard/nginx/dashboard.conf); no ops port, database or Redis.
    expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
    expect([container.readinessProbe.httpGet, container.livenessProbe.httpGet]).toEqual([
      { path: '/healthz', port: 'http' },
      { path: '/healthz', port: 'http' },
    ]);
    expect(container.env).toBeUndefined();
    expect(container.resources.limits.memory).toBeDefined();
    expect(named(overlay, 'PodDisruptionBudget', 'dashboard')?.spec?.selector.matchLabels).toEqual(deployment?.spec?.selector.matchLabels);
    const service = named(overlay, 'Service', 'dashboard') as unknown as { spec: { selector: Record<string, string>; ports: Array<{ name: string; targetPort: string }> } };
    expect(service.spec.selector).toEqual(deployment?.spec?.selector.matchLabels);
    expect(service.spec.ports.map((port) => [port.name, port.targetPort])).toEqual([['http', 'http']]);
    const paths = (
      named(overlay, 'Ingress', 'api-gateway') as unknown as {
        spec: { rules: Array<{ http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string; port: { name: string } } } }> } }> };
      }
    ).spec.rules[0].http.paths;
    expect(paths.map((entry) => [entry.path, entry.pathType, entry.backend.service.name, entry.backend.service.port.name])).toEqual([
      ['/dashboard', 'Prefix', 'dashboard', 'http'],
      ['/', 'Prefix', 'api-gateway', 'http'],
    ]);
  });

  it.each(OVERLAYS)('%s scales each worker on the wait lists of exactly the queues it consumes, by the names the bus uses', (overlay) => {
    const prefix = named(overlay, 'ConfigMap', 'sameday-config')?.data?.BUS_PREFIX;
    expect(prefix).toBe('sdd');
    for (const app of WORKERS_ON_QUEUES) {
      const scaled = named(overlay, 'ScaledObject', app);
      expect(scaled?.spec?.scaleTargetRef.name).toBe(app);
      const lists = (scaled?.spec?.triggers ?? []).map((trigger) => `${trigger.type} ${trigger.metadata.listName}`);
      expect(lists.sort()).toEqual(
        queuesConsumedBy(app)
          .map((queue) => `redis ${prefix}:${queue}:wait`)
          .sort(),
      );
      expect(scaled?.spec?.minReplicaCount).toBeGreaterThanOrEqual(1);
    }
  });

  it('alerts and the dashboard use only metrics the apps expose, and cover backlog, webhook failures, outbox age and 5xx', () => {
    const rules = named('k8s/overlays/prod', 'PrometheusRule', 'sameday');
    const groups = rules?.spec?.groups ?? [];
    const expressions = groups.flatMap((group) => group.rules.map((rule) => rule.expr));
    const dashboard = JSON.parse(readFileSync(join(root, 'k8s/monitoring/sameday-dashboard.json'), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const queries = [...expressions, ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr))];
    const exposed = new Set(metricsRegistry.getMetricsAsArray().map((metric) => metric.name));
    const used = new Set(queries.flatMap((query) => query.match(/\b(sdd|process)_[a-z_]+/g) ?? []).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
    expect(groups[0].rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['SamedayQueueBacklog', 'SamedayWebhookFailureRate', 'SamedayOutboxAge', 'SamedayHttp5xxRate']),
    );
    expect(named('k8s/overlays/prod', 'ConfigMap', 'sameday-dashboard')?.metadata.labels?.grafana_dashboard).toBe('1');
  });

  describe('the scale-out overlay', () => {
    const objects = () => objectsOf(SCALE_OUT);
    const envOf = (container: Container, name: string) => container.env.find((env) => env.name === name);
    const secretKeyOf = (container: Container, name: string) => (envOf(container, name)?.valueFrom?.secretKeyRef as { name: string; key: string } | undefined) ?? null;

    it("is prod's system plus the pooler, in prod's namespace, with prod's images", () => {
      const kinds = (list: K8sObject[]) => list.map((object) => `${object.kind}/${object.metadata.name}`).filter((id) => !id.startsWith('ConfigMap/sameday-pgbouncer'));
      const prodOnes = kinds(objectsOf('k8s/overlays/prod')).filter((id) => id !== 'TriggerAuthentication/sameday-redis');
      expect(kinds(objects()).sort()).toEqual(
        [...prodOnes, 'Deployment/sameday-pgbouncer', 'Service/sameday-pgbouncer', 'PodDisruptionBudget/sameday-pgbouncer', 'TriggerAuthentication/sameday-redis-cluster'].sort(),
      );
      expect(objects().every((object) => object.metadata.namespace === 'sameday')).toBe(true);
      for (const app of Object.values(ServiceName)) expect(named(SCALE_OUT, 'Deployment', app)?.spec?.template.spec.containers[0].image).toBe('ghcr.io/sameday/sameday:1.0.0');
    });

    it("points every app's DATABASE_URL at the pooler in transaction mode and keeps the Redis Cluster's seeds; migrations connect directly", () => {
      for (const app of Object.values(ServiceName)) {
        const [container] = named(SCALE_OUT, 'Deployment', app)?.spec?.template.spec.containers ?? [];
        expect([app, secretKeyOf(container, 'DATABASE_URL'), envOf(container, 'DATABASE_POOL_MODE')?.value, secretKeyOf(container, 'DATABASE_DIRECT_URL')]).toEqual([
          app,
          { name: 'sameday-database', key: 'DATABASE_POOLER_URL' },
          'transaction',
          { name: 'sameday-database', key: 'DATABASE_URL' },
        ]);
        expect(secretKeyOf(container, 'REDIS_CLUSTER_NODES')).toMatchObject({ name: 'sameday-redis', key: 'REDIS_CLUSTER_NODES' });
      }
      const job = named(SCALE_OUT, 'Job', 'sameday-migrate') as unknown as { spec: { template: { spec: { containers: Container[] } } } };
      const [migrate] = job.spec.template.spec.containers;
      expect([secretKeyOf(migrate, 'DATABASE_URL'), secretKeyOf(migrate, 'DATABASE_DIRECT_URL'), envOf(migrate, 'DATABASE_POOL_MODE')]).toEqual([
        { name: 'sameday-database', key: 'DATABASE_URL' },
        { name: 'sameday-database', key: 'DATABASE_URL' },
        undefined,
      ]);
    });

    it('runs PgBouncer from a pinned image in transaction mode, unprivileged, behind a Service the pooler URL can name', () => {
      const pooler = named(SCALE_OUT, 'Deployment', 'sameday-pgbouncer');
      const pod = pooler?.spec?.template.spec as (Spec['template']['spec'] & { volumes: Array<{ name: string; configMap?: { name: string } }> }) | undefined;
      if (!pod) throw new Error('no PgBouncer Deployment');
      const [container] = pod.containers;
      expect(container.image).toMatch(/^edoburu\/pgbouncer:v\d+\.\d+\.\d+-p\d+$/);
      expect([pod.securityContext.runAsNonRoot, container.securityContext.readOnlyRootFilesystem, container.securityContext.allowPrivilegeEscalation]).toEqual([true, true, false]);
      expect(container.resources.limits.memory).toBeDefined();
      const configName = pod.volumes.find((volume) => volume.configMap)?.configMap?.name;
      const ini = objects().find((object) => object.kind === 'ConfigMap' && object.metadata.name === configName)?.data?.['pgbouncer.ini'] ?? '';
      const setting = (name: string) => new RegExp(`^${name}\\s*=\\s*(.+)$`, 'm').exec(ini)?.[1];
      expect([setting('pool_mode'), setting('listen_port'), setting('auth_type')]).toEqual(['transaction', '5432', 'scram-sha-256']);
      expect(ini).toContain("connect_query='SET statement_timeout = 2000'");
      const service = named(SCALE_OUT, 'Service', 'sameday-pgbouncer') as unknown as {
        spec: { selector: Record<string, string>; ports: Array<{ port: number; targetPort: string }> };
      };
      expect(service.spec.selector).toEqual(pooler?.spec?.selector.matchLabels);
      expect(service.spec.ports).toEqual([{ name: 'postgres', port: 5432, targetPort: 'postgres' }]);
      expect(named(SCALE_OUT, 'PodDisruptionBudget', 'sameday-pgbouncer')?.spec?.selector.matchLabels).toEqual(pooler?.spec?.selector.matchLabels);
    });

    it("scales each worker with KEDA's redis-cluster trigger on the wait lists of exactly the queues it consumes, seeded from the apps' REDIS_CLUSTER_NODES", () => {
      for (const app of WORKERS_ON_QUEUES) {
        const triggers = (named(SCALE_OUT, 'ScaledObject', app)?.spec?.triggers ?? []) as Array<{
          type: string;
          metadata: { listName: string };
          authenticationRef: { name: string };
        }>;
        expect(triggers.map((trigger) => `${trigger.type} ${trigger.metadata.listName} ${trigger.authenticationRef.name}`).sort()).toEqual(
          queuesConsumedBy(app)
            .map((queue) => `redis-cluster sdd:${queue}:wait sameday-redis-cluster`)
            .sort(),
        );
      }
      const auth = named(SCALE_OUT, 'TriggerAuthentication', 'sameday-redis-cluster') as unknown as {
        spec: { secretTargetRef: Array<{ parameter: string; name: string; key: string }> };
      };
      expect(auth.spec.secretTargetRef).toEqual(
        expect.arrayContaining([
          { parameter: 'addresses', name: 'sameday-redis', key: 'REDIS_CLUSTER_NODES' },
          { parameter: 'password', name: 'sameday-redis', key: 'REDIS_PASSWORD' },
        ]),
      );
    });
  });
});
