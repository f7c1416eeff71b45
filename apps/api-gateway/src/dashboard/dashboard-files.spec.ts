import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardFileFor, loadDashboardFiles } from './dashboard-files';

describe('dashboard files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html>');
  writeFileSync(join(dir, 'assets', 'index-3f9a.js'), 'console.log(1)');
  writeFileSync(join(dir, '.built'), '');
  const files = loadDashboardFiles(dir);

  it('loads pages and assets with their types and caching, and nothing else', () => {
    expect([...files.keys()].sort()).toEqual(['assets/index-3f9a.js', 'index.html']);
    expect(files.get('index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
    expect(files.get('assets/index-3f9a.js')?.cacheControl).toContain('immutable');
  });

  it("answers the app's routes with index.html and a missing asset with nothing", () => {
    expect(dashboardFileFor(files, '')?.contentType).toContain('text/html');
    expect(dashboardFileFor(files, 'deliveries/del_test_1')?.contentType).toContain('text/html');
    expect(dashboardFileFor(files, '/assets/index-3f9a.js')?.contentType).toContain('javascript');
    expect(dashboardFileFor(files, 'assets/gone.js')).toBeUndefined();
    expect(dashboardFileFor(files, 'favicon.ico')).toBeUndefined();
    expect(dashboardFileFor(files, '../../package.json')).toBeUndefined();
  });

  it('serves nothing when the dashboard is not built', () => {
    expect(dashboardFileFor(loadDashboardFiles(join(dir, 'missing')), '')).toBeUndefined();
  });
});
