#!/usr/bin/env node
'use strict';

// Builds the gateway's web apps, the dashboard (apps/dashboard, served at /dashboard),
// the driver app (apps/driver-app, at /driver) and the operator console (apps/ops-console,
// at /ops), with what they share (libs/web, imported as @sdd/web), into dist/apps/<app>, after
// `tsc -p tsconfig.build.json` has built the gateway:
//   1. the gateway writes the OpenAPI document it serves (dist/openapi/openapi.json);
//   2. openapi-typescript turns it into each app's src/api/schema.d.ts;
//   3. tsc type-checks the app against it, so a changed API breaks this build;
//   4. vite bundles the app (its public/ folder copied as is: the driver app's manifest, icons and service worker).
// Steps 3 and 4 are skipped for an app when neither the document, the app, libs/web nor
// tsconfig.web.json changed since its last build. `npm run build`, `npm start`, the e2e set-up and the
// Dockerfile run it.
// The SDK (libs/sdk) takes the same generated schema as its src/schema.d.ts and is built with its
// package's own `build` script (tsc: type-checked against that schema) into libs/sdk/dist, unless
// nothing of it changed since its last build: an API change that breaks the SDK breaks this build.

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot: root } = require('../infra/paths');
const documentFile = path.join(root, 'dist', 'openapi', 'openapi.json');
/** libs/web, which every app bundles: its @sdd/web aliases (tsconfig.base.json's paths) are given to vite too. */
const sharedDir = path.join(root, 'libs', 'web');
/** The compiler options every web app and libs/web extend. */
const webConfig = path.join(root, 'tsconfig.web.json');
/** @type {{ compilerOptions: { paths: Record<string, string[]> } }} */
const baseConfig = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const sharedAliases = Object.entries(baseConfig.compilerOptions.paths)
  .filter(([find]) => find.startsWith('@sdd/web'))
  .map(([find, [file]]) => ({ find: new RegExp(`^${find}$`), replacement: path.join(root, file) }));

/** Each app: its folder under apps/ (and dist/apps/), and the path the gateway serves it at. */
const APPS = [
  { name: 'dashboard', base: '/dashboard/' },
  { name: 'driver-app', base: '/driver/' },
  { name: 'ops-console', base: '/ops/' },
];

/** @param {string} app @param {string} message */
const log = (app, message) => console.log(`[${app}] ${message}`);

/** @param {string} script @param {string[]} args */
function node(script, args) {
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * Writes `content` only when it differs, so an unchanged schema leaves the build's change checks quiet.
 * @param {string} file @param {string} content
 */
function writeIfChanged(file, content) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.writeFileSync(file, content);
  return true;
}

/** Newest modification time under `dir`. @param {string} dir @returns {number} */
function newest(dir) {
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(dir).reduce((latest, name) => Math.max(latest, newest(path.join(dir, name))), stat.mtimeMs);
}

/** @param {string} appDir @param {string} stampFile */
function upToDate(appDir, stampFile) {
  const stamp = fs.statSync(stampFile, { throwIfNoEntry: false });
  return stamp !== undefined && Math.max(newest(appDir), newest(sharedDir), newest(webConfig)) <= stamp.mtimeMs;
}

/** @param {{ name: string, base: string }} app @param {string} schema the generated schema.d.ts */
async function buildApp({ name, base }, schema) {
  const appDir = path.join(root, 'apps', name);
  const outDir = path.join(root, 'dist', 'apps', name);
  const stampFile = path.join(outDir, '.built');
  const changed = writeIfChanged(path.join(appDir, 'src', 'api', 'schema.d.ts'), schema);
  if (!changed && upToDate(appDir, stampFile)) {
    log(name, 'up to date');
    return;
  }
  const startedAt = new Date();
  log(name, 'type-checking');
  node(path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', path.join(appDir, 'tsconfig.json')]);
  log(name, 'bundling');
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: appDir,
    base,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: sharedAliases },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  fs.writeFileSync(stampFile, '');
  fs.utimesSync(stampFile, startedAt, startedAt);
  log(name, `built into ${path.relative(root, outDir)}`);
}

/** @param {string} schema the generated schema.d.ts */
function buildSdk(schema) {
  const sdkDir = path.join(root, 'libs', 'sdk');
  // Outside the package's dist/, which is published as it is.
  const stampFile = path.join(root, 'dist', 'sdk.built');
  const committed = path.join(sdkDir, 'src', 'schema.d.ts');
  // Committed, so the type check before the build and a published package see it: CI refuses a stale one.
  if (writeIfChanged(committed, schema)) {
    const message = `${path.relative(root, committed)} did not match the API's OpenAPI document: regenerated; commit it`;
    if (process.env.CI === 'true') throw new Error(message);
    log('sdk', message);
  }
  const stamp = fs.statSync(stampFile, { throwIfNoEntry: false });
  const inputs = ['src', 'package.json', 'tsconfig.lib.json'].map((name) => newest(path.join(sdkDir, name)));
  if (stamp !== undefined && Math.max(...inputs) <= stamp.mtimeMs) {
    log('sdk', 'up to date');
    return;
  }
  const startedAt = new Date();
  log('sdk', 'type-checking and building');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: sdkDir, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.writeFileSync(stampFile, '');
  fs.utimesSync(stampFile, startedAt, startedAt);
  log('sdk', `built into ${path.relative(root, path.join(sdkDir, 'dist'))}`);
}

async function main() {
  execFileSync(process.execPath, ['-r', './tools/register-paths.js', 'dist/apps/api-gateway/src/openapi/write-openapi.js', documentFile], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const generated = path.join(root, 'dist', 'openapi', 'schema.d.ts');
  node(path.join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), [documentFile, '-o', generated, '--silent', '--default-non-nullable', 'false']);
  const schema = fs.readFileSync(generated, 'utf8');
  buildSdk(schema);
  // The e2e set-up runs this with NODE_ENV=test, which would bundle React's development build (60 % larger).
  process.env.NODE_ENV = 'production';
  // The apps type-check what they import of libs/web; this checks the rest (its specs).
  node(path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', path.join(sharedDir, 'tsconfig.json')]);
  for (const app of APPS) await buildApp(app, schema);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
