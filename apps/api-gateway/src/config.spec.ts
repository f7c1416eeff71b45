import { loadConfig } from '@sdd/common';
import { GatewayConfig } from './config';

const required = { DATABASE_URL: 'postgres://localhost/sdd', REDIS_URL: 'redis://localhost:6379' };

describe('GatewayConfig limits', () => {
  it('trusts no proxy and limits registration to 20 per hour and tracking to 120 per minute by default', () => {
    const config = loadConfig(GatewayConfig, required);
    expect(config.TRUST_PROXY).toBeUndefined();
    expect(config.REGISTRATION_LIMIT_PER_HOUR).toBe(20);
    expect(config.TRACKING_LIMIT_PER_MINUTE).toBe(120);
  });

  it('takes a list of IPv4 and IPv6 addresses and CIDRs', () => {
    expect(loadConfig(GatewayConfig, { ...required, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, fd00::/8' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1, fd00::/8');
  });

  it('refuses to start on an entry that is not an address or CIDR, naming it', () => {
    expect(() => loadConfig(GatewayConfig, { ...required, TRUST_PROXY: '10.0.0.0/8, loadbalancer' })).toThrow(
      'Invalid configuration: TRUST_PROXY: TRUST_PROXY must be a comma-separated list of IP addresses or CIDRs ("loadbalancer" is not an IP address or CIDR)',
    );
    expect(() => loadConfig(GatewayConfig, { ...required, TRUST_PROXY: '10.0.0.0/40' })).toThrow('"10.0.0.0/40" has a prefix length outside 0–32');
  });

  it.each(['REGISTRATION_LIMIT_PER_HOUR', 'TRACKING_LIMIT_PER_MINUTE'])('refuses %s below 1', (name) => {
    expect(() => loadConfig(GatewayConfig, { ...required, [name]: '0' })).toThrow(name);
  });
});

describe('GatewayConfig overload bounds', () => {
  it('waits 1.5 s for a bus reply by default, under the 2 s every answer must come within, and sheds past its bounds', () => {
    const config = loadConfig(GatewayConfig, required);
    expect([
      config.BUS_TIMEOUT_MS,
      config.LOAD_SHED_MAX_IN_FLIGHT,
      config.LOAD_SHED_MAX_BUS_PENDING,
      config.LOAD_SHED_MAX_BUS_WAIT_MS,
      config.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS,
    ]).toEqual([1500, 100, 100, 750, 200]);
  });

  it.each(['LOAD_SHED_MAX_IN_FLIGHT', 'LOAD_SHED_MAX_BUS_PENDING', 'LOAD_SHED_MAX_BUS_WAIT_MS', 'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS'])('refuses %s below 1', (name) => {
    expect(() => loadConfig(GatewayConfig, { ...required, [name]: '0' })).toThrow(name);
  });
});

describe('GatewayConfig tile source', () => {
  it('has no map tiles by default (empty counts as unset), and credits OpenStreetMap', () => {
    expect(loadConfig(GatewayConfig, required).TILE_URL).toBeUndefined();
    expect(loadConfig(GatewayConfig, { ...required, TILE_URL: '' }).TILE_URL).toBeUndefined();
    expect(loadConfig(GatewayConfig, required).TILE_ATTRIBUTION).toBe('© OpenStreetMap contributors');
  });

  it('takes an OpenStreetMap-compatible template', () => {
    expect(loadConfig(GatewayConfig, { ...required, TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).TILE_URL).toBe(
      'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
  });

  it('refuses to start on a template the page cannot use, saying why', () => {
    expect(() => loadConfig(GatewayConfig, { ...required, TILE_URL: 'https://tile.example.com/{z}/{x}.png' })).toThrow(
      'TILE_URL must be an OpenStreetMap-compatible tile template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png ({y} is missing)',
    );
  });
});
