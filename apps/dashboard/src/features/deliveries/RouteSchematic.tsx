import { placeOnSchematic, SCHEMATIC, type GeoPoint } from './route-schematic';

/**
 * Pickup, dropoff and the driver as a schematic (no map tiles are configured,
 * so no map is drawn and no tile server learns the addresses).
 */
export function RouteSchematic({ pickup, dropoff, driver }: { pickup: GeoPoint; dropoff: GeoPoint; driver: GeoPoint | null }) {
  const placed = placeOnSchematic({ pickup, dropoff, driver });
  const label = `Schematic of the route, north up: pickup ${placed.pickup.x < placed.dropoff.x ? 'west' : 'east'} of the dropoff${driver ? ', with the driver' : ''}`;
  return (
    <figure className="route">
      <svg viewBox={`0 0 ${SCHEMATIC.width} ${SCHEMATIC.height}`} role="img" aria-label={label}>
        <line x1={placed.pickup.x} y1={placed.pickup.y} x2={placed.dropoff.x} y2={placed.dropoff.y} stroke="#4a5568" strokeWidth="3" strokeDasharray="6 4" />
        <circle cx={placed.pickup.x} cy={placed.pickup.y} r="8" fill="#1d4ed8" />
        <circle cx={placed.dropoff.x} cy={placed.dropoff.y} r="8" fill="#15803d" />
        {placed.driver ? <circle cx={placed.driver.x} cy={placed.driver.y} r="7" fill="#c2410c" /> : null}
      </svg>
      <figcaption>
        <span className="legend legend-pickup">● Pickup</span> <span className="legend legend-dropoff">● Dropoff</span>
        {driver ? <span className="legend legend-driver"> ● Driver</span> : null}
      </figcaption>
    </figure>
  );
}
