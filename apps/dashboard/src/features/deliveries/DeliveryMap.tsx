import { lazy, Suspense, useState } from 'react';
import { useMapTiles } from './deliveries-api';
import { RouteSchematic } from './RouteSchematic';
import type { GeoPoint } from './route-schematic';

/** Leaflet (about 150 KB) is a chunk of its own, loaded only where tiles are configured. */
const RouteTileMap = lazy(() => import('./RouteTileMap').then((module) => ({ default: module.RouteTileMap })));

/**
 * The delivery's places: on map tiles when the gateway has them (TILE_URL)
 * and they load, as the schematic otherwise (no tile server then learns the
 * addresses).
 */
export function DeliveryMap({ pickup, dropoff, driver }: { pickup: GeoPoint; dropoff: GeoPoint; driver: GeoPoint | null }) {
  const config = useMapTiles();
  const [tilesFailed, setTilesFailed] = useState(false);
  if (config.isPending) return null;
  const tiles = config.data?.map_tiles ?? null;
  const schematic = <RouteSchematic pickup={pickup} dropoff={dropoff} driver={driver} />;
  if (!tiles || tilesFailed) return schematic;
  return (
    <Suspense fallback={<p role="status">Loading the map…</p>}>
      <RouteTileMap tiles={tiles} pickup={pickup} dropoff={dropoff} driver={driver} onTilesFailed={() => setTilesFailed(true)} />
    </Suspense>
  );
}
