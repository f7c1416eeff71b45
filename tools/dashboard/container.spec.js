'use strict';

// The dashboard's container without Docker: the Dockerfile's `dashboard` stage and the nginx configuration it copies.
// apps/api-gateway/src/http/page-security-nginx.spec.ts checks the headers against the gateway's own.

const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const conf = fs.readFileSync(path.join(__dirname, 'nginx', 'dashboard.conf'), 'utf8');

/** The Dockerfile's stages, in order: name, base image and instructions (continuation lines joined, comments dropped). */
function stages() {
  /** @type {Array<{ name: string, from: string, instructions: string[] }>} */
  const found = [];
  for (const line of dockerfile.replace(/\\\n/g, ' ').split('\n')) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line.trim());
    if (from) found.push({ from: from[1], name: from[2] ?? '', instructions: [] });
    else if (/^[A-Z]+\s/.test(line.trim())) found.at(-1)?.instructions.push(line.trim());
  }
  return found;
}

/** nginx's `location` blocks (none of ours nest), by their match. @returns {Map<string, string>} */
function locations() {
  return new Map([...conf.matchAll(/^\s*location\s+([^{]+?)\s*\{([^}]*)\}/gm)].map((match) => [match[1], match[2]]));
}

describe('the dashboard container (Dockerfile target dashboard, tools/dashboard/nginx)', () => {
  it('is an unprivileged nginx serving the static build at /dashboard, and not the default target', () => {
    const all = stages();
    const dashboard = all.find((stage) => stage.name === 'dashboard');
    if (!dashboard) throw new Error('the Dockerfile has no dashboard stage');
    expect(dashboard.from).toMatch(/^nginxinc\/nginx-unprivileged:\d+\.\d+-alpine$/);
    expect(dashboard.instructions).not.toContainEqual(expect.stringMatching(/^USER\s+(root|0)\b/));
    expect(dashboard.instructions).toContain('COPY --from=build /app/dist/apps/dashboard /usr/share/nginx/html/dashboard');
    // A plain `docker build .` makes the apps' image: runtime stays the last stage.
    expect(all.at(-1)?.name).toBe('runtime');
    // tools/dashboard/build.js writes the files the stage copies, in the build stage.
    expect(all.find((stage) => stage.name === 'build')?.instructions).toContain('RUN node tools/dashboard/build.js');
    for (const copy of dashboard.instructions.filter((instruction) => /^COPY tools\//.test(instruction))) {
      const [, source, target] = copy.split(/\s+/);
      expect([source, fs.existsSync(path.join(root, source))]).toEqual([source, true]);
      expect(target.startsWith('/etc/nginx/')).toBe(true);
    }
    expect(dashboard.instructions).toContainEqual(expect.stringMatching(/^HEALTHCHECK .*http:\/\/127\.0\.0\.1:8080\/healthz/));
  });

  it('listens on 8080 (no root needed), answers /healthz, and includes the proxy files compose mounts', () => {
    expect(conf).toMatch(/^\s*listen 8080;$/m);
    expect(conf).toMatch(/^\s*server_tokens off;$/m);
    expect(locations().get('= /healthz')).toContain('return 200');
    expect(conf).toMatch(/^\s*include \/etc\/nginx\/dashboard\/api\/\*\.conf;$/m);
  });

  it('sends the security headers on every dashboard response, caches hashed assets for good and revalidates the page', () => {
    const served = [...locations()].filter(([match]) => match.includes('/dashboard'));
    expect(served.map(([match]) => match).sort()).toEqual(['/dashboard/', '/dashboard/assets/', '= /dashboard'].sort());
    // add_header in a location replaces the server's, so each location includes the headers itself.
    for (const [match, body] of served) expect([match, body]).toEqual([match, expect.stringContaining('include /etc/nginx/dashboard/security-headers.conf;')]);
    const cacheOf = (/** @type {string} */ match) => /add_header Cache-Control "([^"]+)" always;/.exec(locations().get(match) ?? '')?.[1];
    expect(cacheOf('/dashboard/assets/')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('/dashboard/')).toBe('no-cache');
    expect(cacheOf('= /dashboard')).toBe('no-cache');
    expect(locations().get('/dashboard/assets/')).toContain('try_files $uri =404;');
    expect(locations().get('/dashboard/')).toContain('try_files $uri /dashboard/index.html;');
    expect(locations().get('~ /\\.')).toContain('return 404;');
  });
});
