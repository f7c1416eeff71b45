import { describe, expect, it } from '@jest/globals';
import { fitProjection } from './map-projection';

describe('fitProjection', () => {
  it('fits the points inside the margins, north up and east right', () => {
    const points = [
      { lat: 43.65, lng: -79.38 },
      { lat: 43.64, lng: -79.39 },
    ];
    const projection = fitProjection(points, 400, 300, 20);
    const [ne, sw] = points.map((point) => projection.project(point));
    expect(ne.x).toBeGreaterThan(sw.x);
    expect(ne.y).toBeLessThan(sw.y);
    for (const { x, y } of [ne, sw]) {
      expect(x).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(x).toBeLessThanOrEqual(380 + 1e-9);
      expect(y).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(y).toBeLessThanOrEqual(280 + 1e-9);
    }
  });

  it('centres a single point, and nothing at all', () => {
    expect(fitProjection([{ lat: 43.65, lng: -79.38 }], 400, 300, 20).project({ lat: 43.65, lng: -79.38 })).toEqual({ x: 200, y: 150 });
    expect(fitProjection([], 400, 300, 20).project({ lat: 0, lng: 0 })).toEqual({ x: 200, y: 150 });
  });
});
