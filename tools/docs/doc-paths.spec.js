'use strict';

const fs = require('node:fs');
const path = require('node:path');

/**
 * The documents that map the code name its files; a rename that forgets them
 * leaves the map pointing nowhere. This fails on every path they name that
 * does not exist, so the map follows the code or the build goes red.
 */

const root = path.join(__dirname, '..', '..');
/** The maps: what they name must exist. (Decision records are dated history and may name what has since moved.) */
const DOCUMENTS = ['README.md', 'docs/architecture.md', 'bench/README.md'];
const TOP_LEVEL = ['apps', 'libs', 'tools', 'scripts', 'drills', 'bench', 'docs', 'e2e', 'k8s'];
/** Where a path given from its app or library (`outbox/outbox-relay.ts`) may live. */
const SOURCE_ROOTS = ['apps/*/src', 'libs/*/src', 'tools', '.'];
const FILE = /\.(ts|js|mjs|json|md|ya?ml)$/;
const IGNORED_DIRS = new Set(['node_modules', 'dist', '.data', '.git', '.nx', 'coverage', 'tmp']);

/**
 * Repository paths a document names: `apps/…`, `libs/…`, … (or `../libs/…` from a
 * document inside docs/), not inside a longer path such as `dist/apps/…`.
 * @param {string} text
 * @returns {string[]}
 */
function rootedPaths(text) {
  const pattern = new RegExp(String.raw`(?<![\w./<>-])(?:\.\./)*((?:${TOP_LEVEL.join('|')})/[\w.<>*{}/-]*)`, 'g');
  return [...text.matchAll(pattern)].map((match) => match[1].replace(/[.,:;]+$/, ''));
}

/**
 * Paths in code spans given from their app's or library's source folder
 * (`outbox/outbox-relay.ts`) and source file names alone (`relay-backoff.ts`).
 * @param {string} text
 * @returns {string[]}
 */
function shortPaths(text) {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1])
    .filter((token) => FILE.test(token) && !/[<>*{}]/.test(token) && !TOP_LEVEL.some((top) => token.startsWith(`${top}/`)))
    .filter((token) => !token.startsWith('.') && !token.startsWith('/') && !token.includes(':'))
    .filter((token) => token.includes('/') || /\.(ts|js|mjs)$/.test(token));
}

/**
 * Markdown link targets inside the repository, resolved from the document's folder.
 * @param {string} text
 * @param {string} document
 * @returns {string[]}
 */
function linkedPaths(text, document) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1].split('#')[0])
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => path.relative(root, path.resolve(root, path.dirname(document), target)));
}

/**
 * Expands `<placeholder>` and `*` segments of a path against the tree.
 * @param {string} pattern
 * @returns {boolean}
 */
function exists(pattern) {
  const segments = pattern.split('/').filter(Boolean);
  /** @param {string} dir @param {number} i @returns {boolean} */
  const walk = (dir, i) => {
    if (i === segments.length) return true;
    const segment = segments[i];
    if (!/[<>*]/.test(segment)) return fs.existsSync(path.join(dir, segment)) && walk(path.join(dir, segment), i + 1);
    const matcher = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]*>|\*/g, '.+')}$`);
    const entries = fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? fs.readdirSync(dir) : [];
    return entries.some((entry) => matcher.test(entry) && walk(path.join(dir, entry), i + 1));
  };
  return walk(root, 0);
}

/** @returns {Set<string>} every file name in the repository */
function fileNames() {
  const names = new Set();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
      } else {
        names.add(entry.name);
      }
    }
  };
  walk(root);
  return names;
}

/**
 * @param {string} document
 * @param {Set<string>} names
 * @returns {string[]} the paths it names that do not exist
 */
function missingPaths(document, names) {
  const text = fs.readFileSync(path.join(root, document), 'utf8');
  const missing = [
    ...rootedPaths(text).filter((named) => !exists(named)),
    ...linkedPaths(text, document).filter((linked) => !fs.existsSync(path.join(root, linked))),
    ...shortPaths(text).filter((named) => (named.includes('/') ? !SOURCE_ROOTS.some((source) => exists(`${source}/${named}`)) : !names.has(named))),
  ];
  return [...new Set(missing)];
}

describe('the maps name only paths that exist', () => {
  const names = fileNames();

  it.each(DOCUMENTS)('%s', (document) => {
    expect(missingPaths(document, names)).toEqual([]);
  });

  it('sees a path that does not exist, in each form a document names one', () => {
    expect(rootedPaths('see `apps/api-gateway/src/nowhere.ts`, and dist/apps/x/src/main.js').filter((named) => !exists(named))).toEqual(['apps/api-gateway/src/nowhere.ts']);
    expect(rootedPaths('[a](../libs/bus/README-gone.md) `apps/<app>/src/main.ts`').filter((named) => !exists(named))).toEqual(['libs/bus/README-gone.md']);
    expect(shortPaths('`outbox/outbox-relay.ts` `gone/file.ts` `relay-backoff.ts` `decisions.md` `<resource>.resource.ts`')).toEqual([
      'outbox/outbox-relay.ts',
      'gone/file.ts',
      'relay-backoff.ts',
    ]);
    expect(SOURCE_ROOTS.some((source) => exists(`${source}/outbox/outbox-relay.ts`))).toBe(true);
    expect(SOURCE_ROOTS.some((source) => exists(`${source}/gone/file.ts`))).toBe(false);
    expect(linkedPaths('[d](decisions/README.md) [w](https://example.com) [a](#anchor)', 'docs/architecture.md')).toEqual(['docs/decisions/README.md']);
  });
});
