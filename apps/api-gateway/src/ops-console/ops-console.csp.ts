import { DASHBOARD_CSP } from '../http/page-security';
import { tileCspSource } from '../tracking-page/tile-source';

/**
 * The operator console's policy: the dashboard's (files and API of this
 * origin only, no framing), its images also from the tile host when TILE_URL
 * is set, for the live map; from nowhere else.
 */
export function opsConsoleCsp(tileUrl: string | undefined): string {
  if (!tileUrl) return DASHBOARD_CSP;
  return DASHBOARD_CSP.replace("img-src 'self' data:;", `img-src 'self' data: ${tileCspSource(tileUrl)};`);
}
