import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appFileFor, loadAppFiles } from './app-files';

describe('web app files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html>');
  writeFileSync(join(dir, 'assets', 'index-3f9a.js'), 'console.log(1)');
  writeFileSync(join(dir, '.built'), '');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dir, 'sw.js'), '');
  const files = loadAppFiles(dir);

  it('loads pages and assets with their types and caching, and nothing else', () => {
    expect([...files.keys()].sort()).toEqual(['assets/index-3f9a.js', 'index.html', 'manifest.webmanifest', 'sw.js']);
    expect(files.get('manifest.webmanifest')?.contentType).toBe('application/manifest+json');
    // A service worker must be revalidated, or a browser could keep an old one (and its old cache) for a day.
    expect(files.get('sw.js')?.cacheControl).toBe('no-cache');
    expect(files.get('index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
    expect(files.get('assets/index-3f9a.js')?.cacheControl).toContain('immutable');
  });

  it("answers the app's routes with index.html and a missing asset with nothing", () => {
    expect(appFileFor(files, '')?.contentType).toContain('text/html');
    expect(appFileFor(files, 'deliveries/del_test_1')?.contentType).toContain('text/html');
    expect(appFileFor(files, '/assets/index-3f9a.js')?.contentType).toContain('javascript');
    expect(appFileFor(files, 'assets/gone.js')).toBeUndefined();
    expect(appFileFor(files, 'favicon.ico')).toBeUndefined();
    expect(appFileFor(files, '../../package.json')).toBeUndefined();
  });

  it('serves nothing when the app is not built', () => {
    expect(appFileFor(loadAppFiles(join(dir, 'missing')), '')).toBeUndefined();
  });
});
