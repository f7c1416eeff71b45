import { PAGE_SECURITY_HEADERS } from '../http/page-security';
import { tileCspSource } from './tile-source';

/**
 * The tracking page's own policy, kept by the page-security hook since it
 * holds the base directives: its script, styles and Leaflet are files of this
 * origin (no inline script, no CDN), it calls only its own status, and images
 * come from this origin or, when TILE_URL is set, from the tile host alone.
 */
export function trackingPageCsp(tileUrl: string | undefined): string {
  const images = ["'self'", 'data:', ...(tileUrl ? [tileCspSource(tileUrl)] : [])].join(' ');
  return `default-src 'self'; script-src 'self'; style-src 'self'; img-src ${images}; connect-src 'self'; form-action 'none'; ${PAGE_SECURITY_HEADERS['content-security-policy']}`;
}
