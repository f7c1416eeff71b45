import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { components } from '../../api/schema';
import { attributionHtml, routeMarkers, tilesFailed, type RouteMarkerKind } from './route-map';
import type { GeoPoint } from './route-schematic';

export type MapTiles = components['schemas']['MapTiles'];

/** What Leaflet drew, kept between renders so a new driver position moves a marker instead of redrawing the map. */
interface Drawn {
  map: L.Map;
  line: L.Polyline;
  markers: Map<RouteMarkerKind, L.Marker>;
}

/**
 * Pickup, dropoff, the route between them and the driver on the configured
 * map tiles (Leaflet, bundled: no script of another host). `onTilesFailed`
 * is called once when the first view loads no tile, so the page can draw the
 * schematic instead.
 */
export function RouteTileMap({
  tiles,
  pickup,
  dropoff,
  driver,
  onTilesFailed,
}: {
  tiles: MapTiles;
  pickup: GeoPoint;
  dropoff: GeoPoint;
  driver: GeoPoint | null;
  onTilesFailed: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;
  // The first view is framed on the stops; later positions of the driver move its marker, not the view the member may have panned.
  const firstBounds = useRef(L.latLngBounds([pickup, dropoff]));

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { attributionControl: false, scrollWheelZoom: false });
    L.control.attribution({ prefix: false }).addAttribution(attributionHtml(tiles.attribution)).addTo(map);
    const layer = L.tileLayer(tiles.url_template, { maxZoom: 19 });
    const firstView = { loaded: 0, failed: 0 };
    layer.on('tileload', () => firstView.loaded++);
    layer.on('tileerror', () => firstView.failed++);
    layer.once('load', () => {
      if (tilesFailed(firstView)) failed.current();
    });
    const line = L.polyline([], { color: '#4a5568', weight: 4, dashArray: '8 6', interactive: false }).addTo(map);
    map.fitBounds(firstBounds.current, { padding: [32, 32], maxZoom: 16 });
    layer.addTo(map);
    drawn.current = { map, line, markers: new Map() };
    return () => {
      drawn.current = null;
      map.remove();
    };
  }, [tiles.url_template, tiles.attribution]);

  useEffect(() => {
    const current = drawn.current;
    if (!current) return;
    const wanted = routeMarkers({ pickup, dropoff, driver });
    for (const [kind, marker] of current.markers) {
      if (wanted.some((w) => w.kind === kind)) continue;
      marker.remove();
      current.markers.delete(kind);
    }
    for (const { kind, title, at } of wanted) {
      let marker = current.markers.get(kind);
      if (marker) marker.setLatLng(at);
      else {
        const icon = L.divIcon({ className: `marker marker-${kind}`, iconSize: [18, 18] });
        marker = L.marker(at, { icon, title, interactive: false, keyboard: false, zIndexOffset: kind === 'driver' ? 1000 : 0 }).addTo(current.map);
        current.markers.set(kind, marker);
      }
      // Where it stands, readable by tests and tools (Leaflet's own position is in pixels).
      marker.getElement()?.setAttribute('data-lat', String(at.lat));
      marker.getElement()?.setAttribute('data-lng', String(at.lng));
    }
    current.line.setLatLngs([pickup, dropoff]);
  }, [tiles.url_template, tiles.attribution, pickup, dropoff, driver]);

  return (
    <figure className="route">
      <div ref={container} className="tile-map" role="region" aria-label="Map of the route" />
      <figcaption>
        <span className="legend legend-pickup">● Pickup</span> <span className="legend legend-dropoff">● Dropoff</span>
        {driver ? <span className="legend legend-driver"> ● Driver</span> : null}
      </figcaption>
    </figure>
  );
}
