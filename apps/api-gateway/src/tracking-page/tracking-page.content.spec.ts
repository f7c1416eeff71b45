import { loadConfig } from '@sdd/common';
import { GatewayConfig } from '../config';
import { hashedName, TrackingPageContent } from './tracking-page.content';

const required = { DATABASE_URL: 'postgres://localhost/sdd', REDIS_URL: 'redis://localhost:6379' };

describe('hashedName', () => {
  it('puts 12 hex digits of the content hash before the extension', () => {
    expect(hashedName('leaflet.css', Buffer.from('a'))).toBe('leaflet.ca978112ca1b.css');
    expect(hashedName('leaflet.css', Buffer.from('b'))).not.toBe(hashedName('leaflet.css', Buffer.from('a')));
  });
});

describe('TrackingPageContent', () => {
  it('without TILE_URL: the schematic page, which loads neither Leaflet nor any other host', () => {
    const content = new TrackingPageContent(loadConfig(GatewayConfig, required));
    expect(content.html).not.toContain('leaflet');
    expect(content.html).not.toContain('data-tile-url');
    expect(content.html).not.toMatch(/<script>|<style>/);
    expect(content.csp).toContain("img-src 'self' data:;");
  });

  it('with TILE_URL: Leaflet and the tile source on the page, the tile host in its CSP, every referenced file served', () => {
    const config = loadConfig(GatewayConfig, { ...required, TILE_URL: 'https://tile.example.com/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '© Maps & "Co" <b>' });
    const content = new TrackingPageContent(config);
    expect(content.html).toContain('data-tile-url="https://tile.example.com/{z}/{x}/{y}.png"');
    expect(content.html).toContain('data-tile-attribution="© Maps &#38; &#34;Co&#34; &#60;b&#62;"');
    expect(content.csp).toContain("img-src 'self' data: https://tile.example.com;");
    const referenced = [...content.html.matchAll(/\/track\/assets\/([^"]+)"/g)].map((match) => match[1]);
    expect(referenced).toHaveLength(4);
    expect(new Set(referenced)).toEqual(new Set(content.files.keys()));
    const leafletJs = referenced.find((name) => name.startsWith('leaflet.') && name.endsWith('.js')) ?? '';
    expect(content.files.get(leafletJs)?.body.toString()).toContain('Leaflet 1.9');
  });
});
