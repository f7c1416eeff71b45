import { fitProjection } from './map-projection';
import { type MapScene, scenePoints } from './map-scene';

const WIDTH = 800;
const HEIGHT = 500;

/** The map without tiles (TILE_URL unset): pickups, dropoffs and drivers placed to scale on a plain background. */
export function SchematicMap({ scene, label }: { scene: MapScene; label: string }) {
  const { project } = fitProjection(scenePoints(scene), WIDTH, HEIGHT, 40);
  return (
    <svg className="map schematic" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <rect width={WIDTH} height={HEIGHT} className="map-ground" />
      {scene.deliveries.map((delivery) => {
        const pickup = project(delivery.pickup);
        const dropoff = project(delivery.dropoff);
        return (
          <g key={delivery.id} className={delivery.stuck ? 'route stuck' : 'route'}>
            <line x1={pickup.x} y1={pickup.y} x2={dropoff.x} y2={dropoff.y} />
            <rect x={pickup.x - 7} y={pickup.y - 7} width={14} height={14} className="pickup" />
            <circle cx={dropoff.x} cy={dropoff.y} r={7} className="dropoff" />
          </g>
        );
      })}
      {scene.drivers.map((driver) => {
        const at = project(driver.at);
        return (
          <g key={driver.id} className={driver.busy ? 'driver busy' : 'driver'}>
            <circle cx={at.x} cy={at.y} r={9} />
            <text x={at.x + 12} y={at.y + 5}>
              {driver.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
