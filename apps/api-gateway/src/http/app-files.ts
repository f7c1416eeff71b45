import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/** One file of a web app the gateway serves (the dashboard at /dashboard, the driver app at /driver). */
export interface AppFile {
  body: Buffer;
  contentType: string;
  cacheControl: string;
}

/** A web app's files by their path under its prefix, e.g. "index.html", "assets/index-3f9a.js". */
export type AppFiles = ReadonlyMap<string, AppFile>;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** Vite names every asset by its content's hash, so a cached one never goes stale; index.html names the current ones. */
function cacheControlOf(path: string): string {
  return path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Reads a built web app (a few small files) into memory once: requests are
 * answered from this map and never touch the file system, so no URL can reach
 * outside it. Files of unknown types and build stamps are left out.
 */
export function loadAppFiles(dir: string): AppFiles {
  const files = new Map<string, AppFile>();
  if (!existsSync(dir)) return files;
  for (const path of listFiles(dir)) {
    const contentType = CONTENT_TYPES[extname(path)];
    const key = relative(dir, path).split(sep).join('/');
    if (contentType) files.set(key, { body: readFileSync(path), contentType, cacheControl: cacheControlOf(key) });
  }
  return files;
}

/**
 * The file for a path under the app's prefix ("" for the prefix itself): the file
 * itself when it exists, index.html for the app's own routes (/dashboard/deliveries/del_…),
 * none for a missing asset, which must not be answered with a page.
 */
export function appFileFor(files: AppFiles, path: string): AppFile | undefined {
  const key = path.replace(/^\/+/, '');
  const file = files.get(key);
  if (file) return file;
  if (key.startsWith('assets/') || extname(key) !== '') return undefined;
  return files.get('index.html');
}
