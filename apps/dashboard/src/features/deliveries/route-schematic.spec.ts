import { describe, expect, it } from '@jest/globals';
import { placeOnSchematic, SCHEMATIC } from './route-schematic';

describe('placeOnSchematic', () => {
  const pickup = { lat: 43.65, lng: -79.38 };
  const dropoff = { lat: 43.64, lng: -79.39 };

  it('puts north up and east right, inside the margins', () => {
    const placed = placeOnSchematic({ pickup, dropoff });
    const { width, height, margin } = SCHEMATIC;
    // The pickup is north-east of the dropoff: top right.
    expect(placed.pickup).toEqual({ x: width - margin, y: margin });
    expect(placed.dropoff).toEqual({ x: margin, y: height - margin });
    expect(placed.driver).toBeNull();
  });

  it('places the driver within the same box, widening it when the driver is outside the route', () => {
    const between = placeOnSchematic({ pickup, dropoff, driver: { lat: 43.645, lng: -79.385 } });
    expect(between.driver).toEqual({ x: SCHEMATIC.width / 2, y: SCHEMATIC.height / 2 });
    const north = placeOnSchematic({ pickup, dropoff, driver: { lat: 43.66, lng: -79.385 } });
    expect(north.driver?.y).toBe(SCHEMATIC.margin);
    expect(north.pickup.y).toBeGreaterThan(SCHEMATIC.margin);
  });

  it('centres points that share a latitude or a longitude rather than dividing by zero', () => {
    const placed = placeOnSchematic({ pickup, dropoff: { lat: pickup.lat, lng: -79.4 } });
    expect(placed.pickup.y).toBe(SCHEMATIC.height / 2);
    expect(placed.dropoff.y).toBe(SCHEMATIC.height / 2);
    expect(placed.dropoff.x).toBeLessThan(placed.pickup.x);
  });
});
