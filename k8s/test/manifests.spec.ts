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
const WORKERS_ON_QUEUES = [ServiceName.Delivery, ServiceName.Webhook, ServiceName.Payment];

/** `kubectl kustomize` and schema validation, as `node tools/k8s/validate.mjs` does them. */
function validate(...directories: string[]): { status: number | null; report: Report; stderr: string } {
  const run = spawnSync(process.execPath, ['tools/k8s/validate.mjs', ...directories], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, report: JSON.parse(run.stdout || '{}') as Report, stderr: run.stderr };
}

const rendered = validate(...OVERLAYS);
const objectsOf = (overlay: string) => rendered.report[overlay].objects;
const named = (overlay: string, kind: string, name: string) => objectsOf(overlay).find((object) => object.kind === kind && object.metadata.name === name);

describe('k8s manifests', () => {
  it('render for every overlay, and every object is valid against its schema (Kubernetes, KEDA, Prometheus Operator)', () => {
    expect(rendered.stderr).toBe('');
    expect(OVERLAYS.map((overlay) => rendered.report[overlay].errors)).toEqual([[], []]);
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
});
