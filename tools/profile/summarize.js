'use strict';

/**
 * Where a V8 CPU profile's busy time went, by package: self time (the
 * sampled frame's own package) and inclusive time (any frame of the package
 * on the stack; shares overlap). node_modules packages by name, the
 * project's code by app or lib, Node's internals by module.
 * Usage: node tools/profile/summarize.js <file.cpuprofile> [rows]
 */

const fs = require('node:fs');

/** @param {{ url: string, functionName: string }} frame */
function bucketOf(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `native:${functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const own = /dist\/(apps|libs)\/([^/]+)/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

/**
 * @param {{ nodes: Array<{ id: number, callFrame: { url: string, functionName: string }, children?: number[] }>, samples: number[] }} profile
 * @returns {{ busyShare: number, self: Array<[string, number]>, inclusive: Array<[string, number]> }} shares of the busy samples, largest first
 */
function summarizeProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** @type {Map<string, number>} */
  const self = new Map();
  /** @type {Map<string, number>} */
  const inclusive = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    busy += 1;
    const own = bucketOf(node.callFrame);
    self.set(own, (self.get(own) ?? 0) + 1);
    const seen = new Set();
    for (let current = /** @type {number | undefined} */ (id); current !== undefined; current = parent.get(current)) {
      const frame = nodes.get(current)?.callFrame;
      if (!frame) break;
      const bucket = bucketOf(frame);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      inclusive.set(bucket, (inclusive.get(bucket) ?? 0) + 1);
    }
  }
  /** @param {Map<string, number>} counts @returns {Array<[string, number]>} */
  const shares = (counts) => [...counts].map(([bucket, n]) => /** @type {[string, number]} */ ([bucket, n / busy])).sort((a, b) => b[1] - a[1]);
  return { busyShare: profile.samples.length === 0 ? 0 : busy / profile.samples.length, self: shares(self), inclusive: shares(inclusive) };
}

if (require.main === module) {
  const [file, rows = '25'] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node tools/profile/summarize.js <file.cpuprofile> [rows]\n');
    process.exit(2);
  }
  const summary = summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')));
  /** @param {Array<[string, number]>} shares */
  const table = (shares) =>
    shares
      .slice(0, Number(rows))
      .map(([bucket, share]) => `${(share * 100).toFixed(1).padStart(6)} %  ${bucket}`)
      .join('\n');
  process.stdout.write(`busy ${(summary.busyShare * 100).toFixed(1)} % of the samples\n-- self\n${table(summary.self)}\n-- inclusive\n${table(summary.inclusive)}\n`);
}

module.exports = { bucketOf, summarizeProfile };
