// Renders kustomize directories with `kubectl kustomize` and validates every
// object against its schema: Kubernetes' own (kubernetes-models), KEDA's and
// the Prometheus Operator's. Prints a JSON report; exits 1 when anything is
// invalid, unknown or does not render.
//   node tools/k8s/validate.mjs k8s/overlays/dev k8s/overlays/prod k8s/overlays/scale-out
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/** Where the model of an apiVersion lives; anything else is refused as unknown. */
const MODEL_MODULES = {
  'keda.sh/v1alpha1': '@kubernetes-models/keda/keda.sh/v1alpha1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

/** @param {string} apiVersion */
function moduleFor(apiVersion) {
  return MODEL_MODULES[apiVersion] ?? `kubernetes-models/${apiVersion}`;
}

/** @param {{ apiVersion?: string, kind?: string, metadata?: { name?: string } }} object */
async function problemOf(object) {
  if (!object.apiVersion || !object.kind) return 'apiVersion and kind are required';
  let models;
  try {
    models = await import(moduleFor(object.apiVersion));
  } catch {
    return `no schema known for apiVersion ${object.apiVersion}`;
  }
  const Model = models[object.kind];
  if (typeof Model !== 'function') return `no schema known for ${object.apiVersion} ${object.kind}`;
  try {
    new Model(object).validate();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** @param {string} directory */
async function check(directory) {
  let rendered;
  try {
    rendered = execFileSync('kubectl', ['kustomize', directory], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return { objects: [], errors: [{ object: directory, problem: `kubectl kustomize failed: ${String(error.stderr || error.message).trim()}` }] };
  }
  const documents = parseAllDocuments(rendered);
  const objects = [];
  const errors = [];
  for (const document of documents) {
    if (document.errors.length > 0) {
      errors.push({ object: directory, problem: document.errors.map((e) => e.message).join('; ') });
      continue;
    }
    const object = document.toJS();
    if (object === null) continue;
    objects.push(object);
    const problem = await problemOf(object);
    if (problem) errors.push({ object: `${object.kind ?? '?'}/${object.metadata?.name ?? '?'}`, problem });
  }
  return { objects, errors };
}

const report = {};
for (const directory of process.argv.slice(2)) report[directory] = await check(directory);
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exitCode = Object.values(report).some((result) => result.errors.length > 0) ? 1 : 0;
