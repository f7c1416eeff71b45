import { DISTANCE, LatLng, greatCircleKm, roadDistanceKm } from './distance';

const UNION_STATION: LatLng = { lat: 43.6453, lng: -79.3806 };
const CN_TOWER: LatLng = { lat: 43.6426, lng: -79.3871 };
const TORONTO_CITY_HALL: LatLng = { lat: 43.6532, lng: -79.3832 };
const MONTREAL_CITY_HALL: LatLng = { lat: 45.5088, lng: -73.5542 };
const VANCOUVER_CITY_HALL: LatLng = { lat: 49.2609, lng: -123.1139 };

/** Points due north of each other: the great-circle distance is R × Δφ, known by hand. */
const OTTAWA: LatLng = { lat: 45, lng: -75 };
const north = (degrees: number): LatLng => ({ lat: OTTAWA.lat + degrees, lng: OTTAWA.lng });

describe('greatCircleKm', () => {
  it('is zero for the same point', () => {
    expect(greatCircleKm(CN_TOWER, CN_TOWER)).toBe(0);
  });

  it('measures Union Station to the CN Tower at about 0.6 km', () => {
    expect(greatCircleKm(UNION_STATION, CN_TOWER)).toBeCloseTo(0.603, 3);
  });

  it('measures Toronto to Montréal (city hall to city hall) at about 505 km', () => {
    expect(greatCircleKm(TORONTO_CITY_HALL, MONTREAL_CITY_HALL)).toBeGreaterThan(504);
    expect(greatCircleKm(TORONTO_CITY_HALL, MONTREAL_CITY_HALL)).toBeLessThan(506);
  });

  it('measures Toronto to Vancouver at about 3,360 km', () => {
    expect(greatCircleKm(TORONTO_CITY_HALL, VANCOUVER_CITY_HALL)).toBeGreaterThan(3350);
    expect(greatCircleKm(TORONTO_CITY_HALL, VANCOUVER_CITY_HALL)).toBeLessThan(3370);
  });

  it('gives one degree of latitude as 2πR/360 = 111.195 km', () => {
    expect(greatCircleKm(OTTAWA, north(1))).toBeCloseTo(111.195, 3);
  });

  it('is symmetric', () => {
    expect(greatCircleKm(MONTREAL_CITY_HALL, TORONTO_CITY_HALL)).toBe(greatCircleKm(TORONTO_CITY_HALL, MONTREAL_CITY_HALL));
  });

  it('stays finite for antipodal points (half the circumference)', () => {
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * DISTANCE.earthRadiusKm, 6);
  });
});

describe('roadDistanceKm', () => {
  it('uses the documented constants', () => {
    expect(DISTANCE).toEqual({ earthRadiusKm: 6371.0088, roadFactor: 1.3, minimumRoadKm: 0.5 });
  });

  it('rounds down to 0.1 km: 0.01° north is 1.11195 km, × 1.3 = 1.4456 → 1.4', () => {
    expect(roadDistanceKm(OTTAWA, north(0.01))).toBe(1.4);
  });

  it('rounds up to 0.1 km: 0.02° north is 2.22390 km, × 1.3 = 2.8911 → 2.9', () => {
    expect(roadDistanceKm(OTTAWA, north(0.02))).toBe(2.9);
  });

  it('gives Union Station to the CN Tower as 0.603 × 1.3 = 0.784 → 0.8 km', () => {
    expect(roadDistanceKm(UNION_STATION, CN_TOWER)).toBe(0.8);
  });

  it('gives Toronto to Montréal as 505.505 × 1.3 = 657.157 → 657.2 km', () => {
    expect(greatCircleKm(TORONTO_CITY_HALL, MONTREAL_CITY_HALL)).toBeCloseTo(505.505, 3);
    expect(roadDistanceKm(TORONTO_CITY_HALL, MONTREAL_CITY_HALL)).toBe(657.2);
  });

  it('never goes below 0.5 km, even for the same point', () => {
    expect(roadDistanceKm(CN_TOWER, CN_TOWER)).toBe(0.5);
    // 0.003° north is 0.334 km, × 1.3 = 0.434 → 0.4, lifted to the minimum.
    expect(roadDistanceKm(OTTAWA, north(0.003))).toBe(0.5);
  });

  it('keeps a distance just above the minimum: 0.004° north is 0.445 km, × 1.3 = 0.578 → 0.6', () => {
    expect(roadDistanceKm(OTTAWA, north(0.004))).toBe(0.6);
  });

  it('always returns a whole number of tenths of a km', () => {
    for (let i = 1; i <= 200; i++) {
      const d = roadDistanceKm(OTTAWA, { lat: OTTAWA.lat + i * 0.00137, lng: OTTAWA.lng + i * 0.00211 });
      expect(Math.abs(d * 10 - Math.round(d * 10))).toBeLessThan(1e-9);
    }
  });
});
