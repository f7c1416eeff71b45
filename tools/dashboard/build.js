#!/usr/bin/env node
'use strict';

// Builds the dashboard (apps/dashboard) into dist/apps/dashboard, after
// `tsc -p tsconfig.build.json` has built the gateway:
//   1. the gateway writes the OpenAPI document it serves (dist/openapi/openapi.json);
//   2. openapi-typescript turns it into apps/dashboard/src/api/schema.d.ts;
//   3. tsc type-checks the dashboard against it, so a changed API breaks this build;
//   4. vite bundles the app.
// Steps 3 and 4 are skipped when neither the document nor the dashboard changed
// since the last build. `npm run build`, `npm start`, the e2e set-up and the
// Dockerfile run it.

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot: root } = require('../infra/paths');
const appDir = path.join(root, 'apps', 'dashboard');
const outDir = path.join(root, 'dist', 'apps', 'dashboard');
const documentFile = path.join(root, 'dist', 'openapi', 'openapi.json');
const schemaFile = path.join(appDir, 'src', 'api', 'schema.d.ts');
const stampFile = path.join(outDir, '.built');

/** @param {string} message */
const log = (message) => console.log(`[dashboard] ${message}`);

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

function upToDate() {
  const stamp = fs.statSync(stampFile, { throwIfNoEntry: false });
  return stamp !== undefined && newest(appDir) <= stamp.mtimeMs;
}

async function main() {
  execFileSync(process.execPath, ['-r', './tools/register-paths.js', 'dist/apps/api-gateway/src/openapi/write-openapi.js', documentFile], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const generated = path.join(root, 'dist', 'openapi', 'schema.d.ts');
  node(path.join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), [documentFile, '-o', generated, '--silent', '--default-non-nullable', 'false']);
  const changed = writeIfChanged(schemaFile, fs.readFileSync(generated, 'utf8'));
  if (!changed && upToDate()) {
    log('up to date');
    return;
  }
  const startedAt = new Date();
  log('type-checking');
  node(path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', path.join(appDir, 'tsconfig.json')]);
  log('bundling');
  // The e2e set-up runs this with NODE_ENV=test, which would bundle React's development build (60 % larger).
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: appDir,
    base: '/dashboard/',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  fs.writeFileSync(stampFile, '');
  fs.utimesSync(stampFile, startedAt, startedAt);
  log(`built into ${path.relative(root, outDir)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
