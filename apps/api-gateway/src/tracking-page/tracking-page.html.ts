/** The names the page's files are served under (/track/assets/<name>), content-hashed (tracking-page.content.ts). */
export interface TrackingPageAssetNames {
  css: string;
  script: string;
  leafletCss: string;
  leafletJs: string;
}

/** The map tiles the page draws on, from TILE_URL and TILE_ATTRIBUTION. */
export interface TileSource {
  url: string;
  attribution: string;
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The public tracking page: a small document whose script and styles are
 * files of this origin (no inline script, no CDN: it must work offline and
 * leak no visitor to a third party) and which polls its own JSON. With a tile
 * source it loads Leaflet and draws a map; without one, or when the tiles do
 * not load, the schematic.
 */
export function trackingPageHtml(assets: TrackingPageAssetNames, tiles: TileSource | undefined): string {
  const asset = (name: string) => `/track/assets/${name}`;
  const tileData = tiles ? ` data-tile-url="${escapeAttribute(tiles.url)}" data-tile-attribution="${escapeAttribute(tiles.attribution)}"` : '';
  const leafletCss = tiles ? `\n<link rel="stylesheet" href="${asset(assets.leafletCss)}">` : '';
  const leafletJs = tiles ? `\n<script src="${asset(assets.leafletJs)}"></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your delivery</title>${leafletCss}
<link rel="stylesheet" href="${asset(assets.css)}">
</head>
<body>
<main id="tracking"${tileData}>
  <h1 id="greeting">Your delivery</h1>
  <div class="status" id="status">Loading…</div>
  <div class="eta" id="eta"></div>
  <div class="pin" id="pin" hidden>Your delivery PIN: <strong id="pin-value"></strong> (tell it to your driver)</div>
  <div id="live-map" class="live-map" role="region" aria-label="Map of your delivery" hidden></div>
  <p class="legend" id="legend" hidden><span class="pickup">Pickup</span><span class="dropoff">Dropoff</span><span class="driver">Your driver</span></p>
  <svg id="map" viewBox="0 0 320 200" role="img" aria-label="Route from pickup to dropoff">
    <line id="route" stroke="#718096" stroke-width="3" stroke-dasharray="6 4"></line>
    <circle id="pickup" r="7" fill="#2b6cb0"></circle>
    <circle id="dropoff" r="7" fill="#2f855a"></circle>
    <circle id="driver" r="6" fill="#dd6b20" visibility="hidden"></circle>
  </svg>
  <ol id="steps"></ol>
</main>${leafletJs}
<script src="${asset(assets.script)}"></script>
</body>
</html>
`;
}
