import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { TRACKING_PAGE_CSS } from './tracking-page.css';
import { trackingPageCsp } from './tracking-page.csp';
import { trackingPageHtml, TrackingPageAssetNames } from './tracking-page.html';
import { TRACKING_PAGE_SCRIPT } from './tracking-page.script';

export interface PageAsset {
  body: Buffer;
  contentType: string;
}

const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** `leaflet.css` → `leaflet.<12 hex of its SHA-256>.css`: a new content is a new name, so the files can be cached for good. */
export function hashedName(name: string, body: Buffer): string {
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}${name.slice(dot)}`;
}

/**
 * Everything the tracking page is made of, built once at start-up: the page
 * (its tile source from the config), its CSP, and its files by their served
 * name. The files are a fixed allow-list read into memory (Leaflet's from
 * node_modules/leaflet/dist), so no URL reaches the file system.
 */
@Injectable()
export class TrackingPageContent {
  readonly html: string;
  readonly csp: string;
  readonly files: ReadonlyMap<string, PageAsset>;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    const files = new Map<string, PageAsset>();
    const serve = (name: string, body: Buffer, contentType: string): string => {
      const served = hashedName(name, body);
      files.set(served, { body, contentType });
      return served;
    };
    const names: TrackingPageAssetNames = {
      css: serve('tracking-page.css', Buffer.from(TRACKING_PAGE_CSS), CSS),
      script: serve('tracking-page.js', Buffer.from(TRACKING_PAGE_SCRIPT), JS),
      leafletCss: serve('leaflet.css', readFileSync(require.resolve('leaflet/dist/leaflet.css')), CSS),
      leafletJs: serve('leaflet.js', readFileSync(require.resolve('leaflet/dist/leaflet.js')), JS),
    };
    this.files = files;
    this.html = trackingPageHtml(names, config.TILE_URL ? { url: config.TILE_URL, attribution: config.TILE_ATTRIBUTION } : undefined);
    this.csp = trackingPageCsp(config.TILE_URL);
  }
}
