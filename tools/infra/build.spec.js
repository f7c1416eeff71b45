'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildUpToDate, markBuilt } = require('./build');

/** Writes `file` under `root` with its modification time `at`. @param {string} root @param {string} file @param {Date} at */
function write(root, file, at) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, '');
  fs.utimesSync(full, at, at);
}

describe('buildUpToDate', () => {
  /** @type {string} */
  let root;
  const built = new Date(Date.now() - 60_000);
  const later = new Date(Date.now() - 30_000);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sdd-build-'));
    write(root, 'apps/api-gateway/src/main.ts', new Date(built.getTime() - 1000));
    write(root, 'dist/.tsbuildinfo', built);
    for (const dir of ['apps/api-gateway/src', 'apps/api-gateway', 'apps']) fs.utimesSync(path.join(root, dir), new Date(built.getTime() - 1000), new Date(built.getTime() - 1000));
    markBuilt(root, built);
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('holds when nothing tsc reads changed after the build started', () => {
    expect(buildUpToDate(root)).toBe(true);
  });

  it('fails when a source changed after the build started', () => {
    write(root, 'apps/api-gateway/src/main.ts', later);
    expect(buildUpToDate(root)).toBe(false);
  });

  it("ignores the web apps, whose build writes their schema.d.ts after tsc's", () => {
    write(root, 'apps/dashboard/src/api/schema.d.ts', later);
    write(root, 'apps/driver-app/src/api/schema.d.ts', later);
    fs.utimesSync(path.join(root, 'apps'), built, built);
    expect(buildUpToDate(root)).toBe(true);
  });

  it('ignores the SDK, whose build writes its schema.d.ts and its dist/ after tsc', () => {
    write(root, 'libs/sdk/src/schema.d.ts', later);
    write(root, 'libs/sdk/dist/index.js', later);
    fs.utimesSync(path.join(root, 'libs'), built, built);
    expect(buildUpToDate(root)).toBe(true);
    write(root, 'libs/signing/src/signature.ts', later);
    expect(buildUpToDate(root)).toBe(false);
  });
});
