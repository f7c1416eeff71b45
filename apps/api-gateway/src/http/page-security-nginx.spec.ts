import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DASHBOARD_CSP, PAGE_SECURITY_HEADERS } from './page-security';

/** The dashboard's own container (tools/dashboard/nginx) sends what the gateway sends on /dashboard. */
describe("the dashboard container's security headers", () => {
  const conf = readFileSync(join(__dirname, '..', '..', '..', '..', 'tools', 'dashboard', 'nginx', 'security-headers.conf'), 'utf8');
  const headers = Object.fromEntries([...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(([, name, value]) => [name.toLowerCase(), value]));

  it("are the gateway's page headers with the dashboard's CSP, each sent on every status", () => {
    expect(headers).toEqual({ ...PAGE_SECURITY_HEADERS, 'content-security-policy': DASHBOARD_CSP });
    expect(conf.split('\n').filter((line) => line.startsWith('add_header')).length).toBe(Object.keys(headers).length);
  });
});
