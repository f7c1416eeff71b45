'use strict';

const { bucketOf, summarizeProfile } = require('./summarize');

/** @param {string} functionName @param {string} [url] */
const frame = (functionName, url = '') => ({ functionName, url });

describe('CPU profile summary', () => {
  it('names packages, the project’s apps and libs, and Node’s internals', () => {
    expect(bucketOf(frame('query', 'file:///w/node_modules/pg/lib/client.js'))).toBe('pg');
    expect(bucketOf(frame('add', '/w/node_modules/@nestjs/core/router.js'))).toBe('@nestjs/core');
    expect(bucketOf(frame('execute', 'file:///w/dist/apps/quote-service/src/quotes/create.js'))).toBe('apps/quote-service');
    expect(bucketOf(frame('emit', 'node:events'))).toBe('node:events');
    expect(bucketOf(frame('writev'))).toBe('native:writev');
    expect(bucketOf(frame('(garbage collector)'))).toBe('(garbage collector)');
  });

  it('counts self time by the sampled frame, inclusive time once per package on the stack, idle left out', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 5] },
        { id: 2, callFrame: frame('handle', '/w/dist/apps/api-gateway/src/a.js'), children: [3] },
        { id: 3, callFrame: frame('query', '/w/node_modules/pg/lib/client.js'), children: [4] },
        { id: 4, callFrame: frame('parse', '/w/node_modules/pg/lib/result.js') },
        { id: 5, callFrame: frame('(idle)') },
      ],
      samples: [4, 4, 2, 5],
    };
    const summary = summarizeProfile(profile);
    expect(summary.busyShare).toBe(0.75);
    expect(summary.self).toEqual([
      ['pg', 2 / 3],
      ['apps/api-gateway', 1 / 3],
    ]);
    expect(Object.fromEntries(summary.inclusive)).toEqual({ '(root)': 1, 'apps/api-gateway': 1, pg: 2 / 3 });
  });
});
