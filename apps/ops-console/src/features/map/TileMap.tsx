import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { type MapScene, scenePoints } from './map-scene';

/** The map on tiles (TILE_URL), with Leaflet: vector markers only, so nothing but the tiles is loaded from elsewhere. */
export function TileMap({ scene, tileUrl, attribution, label }: { scene: MapScene; tileUrl: string; attribution: string; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    if (!container.current) return;
    map.current = L.map(container.current, { zoomControl: true }).setView([43.65, -79.38], 12);
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map.current);
    layer.current = L.layerGroup().addTo(map.current);
    return () => {
      map.current?.remove();
      map.current = null;
      fitted.current = false;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const group = layer.current;
    if (!group || !map.current) return;
    group.clearLayers();
    for (const delivery of scene.deliveries) {
      const color = delivery.stuck ? '#b00020' : '#0a2540';
      L.polyline([delivery.pickup, delivery.dropoff], { color, weight: 3, dashArray: '6 6' }).addTo(group);
      L.circleMarker(delivery.pickup, { radius: 7, color: '#1b5e20', fillOpacity: 1 }).bindTooltip(`Pickup ${delivery.id}`).addTo(group);
      L.circleMarker(delivery.dropoff, { radius: 7, color: '#b00020', fillOpacity: 1 }).bindTooltip(`Dropoff ${delivery.id}`).addTo(group);
    }
    for (const driver of scene.drivers) {
      L.circleMarker(driver.at, { radius: 9, color: driver.busy ? '#e65100' : '#0d47a1', fillOpacity: 0.9 })
        .bindTooltip(driver.name)
        .addTo(group);
    }
    const points = scenePoints(scene);
    if (!fitted.current && points.length > 0) {
      map.current.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 15 });
      fitted.current = true;
    }
  }, [scene]);

  // A region, not an image: Leaflet puts its zoom buttons inside.
  return <div ref={container} className="map tiles" role="region" aria-label={label} />;
}
