'use strict';

const { distanceKm, pointAround, stepToward } = require('./route');

const UNION = { lat: 43.6453, lng: -79.3806 };
const CN_TOWER = { lat: 43.6426, lng: -79.3871 };

describe('driver route steps', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(UNION, CN_TOWER)).toBeCloseTo(0.6, 1);
    expect(distanceKm(UNION, UNION)).toBe(0);
  });

  it('moves the given distance toward the target, then arrives and stays', () => {
    const half = distanceKm(UNION, CN_TOWER) / 2;
    const step = stepToward(UNION, CN_TOWER, half);
    expect(step.arrived).toBe(false);
    expect(distanceKm(step.at, CN_TOWER)).toBeCloseTo(half, 2);
    expect(stepToward(step.at, CN_TOWER, 1)).toEqual({ at: CN_TOWER, arrived: true });
  });

  it('places points at the asked distance around a center', () => {
    for (const angle of [0, 1, 2, 3, 4, 5]) expect(distanceKm(UNION, pointAround(UNION, 2, angle))).toBeCloseTo(2, 1);
  });
});
