import { AppError } from '@sdd/common';
import {
  CATEGORIES,
  Category,
  PACKAGE_SIZES,
  PRICING,
  PackageSize,
  VEHICLES,
  Vehicle,
  chooseVehicle,
  estimateEtaMinutes,
  priceDrift,
  priceQuote,
  withinRepriceTolerance,
} from './pricing';

function refusal(act: () => unknown): AppError {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** 0.5 km to 100 km in steps of 0.1 km, as distance_km can be. */
const DISTANCES = Array.from({ length: 996 }, (_, i) => (i + 5) / 10);

const fee = (distanceKm: number, packageSize: PackageSize, vehicle: Vehicle, category: Category = 'standard'): number =>
  priceQuote({ distanceKm, packageSize, vehicle, category }).fee;

describe('PRICING', () => {
  it('holds the constants docs/pricing.md documents', () => {
    expect(PRICING).toEqual({
      currency: 'cad',
      baseFeeCents: { bike: 500, car: 700, van: 1200 },
      perKmCents: { bike: 120, car: 150, van: 200 },
      sizeMultiplierPercent: { small: 100, medium: 125, large: 150 },
      categorySurchargeCents: { standard: 0, alcohol: 300, cannabis: 300 },
      minimumFeeCents: 600,
      bikeDefaultMaxKm: 5,
      bikeMaxKm: 10,
      maxRouteKm: 100,
      pickupLeadMinutes: 10,
      handoffMinutes: 5,
      speedKmh: { bike: 15, car: 25, van: 22 },
      repriceMaxDriftPercent: 10,
    });
  });

  it('exposes the vocabularies for validators', () => {
    expect(PACKAGE_SIZES).toEqual(['small', 'medium', 'large']);
    expect(VEHICLES).toEqual(['bike', 'car', 'van']);
    expect(CATEGORIES).toEqual(['standard', 'alcohol', 'cannabis']);
  });
});

describe('worked examples of docs/pricing.md', () => {
  it('1. small, 2.3 km, standard: bike; (500 + 120 × 2.3) × 100% = 776 cents; 10 + ⌈9.2⌉ + 5 = 25 min', () => {
    expect(chooseVehicle('small', 2.3)).toBe('bike');
    expect(priceQuote({ distanceKm: 2.3, packageSize: 'small', vehicle: 'bike', category: 'standard' })).toEqual({
      fee: 776,
      currency: 'cad',
      breakdown: [
        { code: 'base', amount: 500 },
        { code: 'distance', amount: 276 },
      ],
    });
    expect(estimateEtaMinutes({ distanceKm: 2.3, vehicle: 'bike' })).toBe(25);
  });

  it('2. medium, 8.7 km, alcohol: car; (700 + 150 × 8.7) × 125% = 2506.25 → 2506, + 300 = 2806 cents; 10 + ⌈20.88⌉ + 5 = 36 min', () => {
    expect(chooseVehicle('medium', 8.7)).toBe('car');
    expect(priceQuote({ distanceKm: 8.7, packageSize: 'medium', vehicle: 'car', category: 'alcohol' })).toEqual({
      fee: 2806,
      currency: 'cad',
      breakdown: [
        { code: 'base', amount: 700 },
        { code: 'distance', amount: 1305 },
        { code: 'package_size', amount: 501 },
        { code: 'restricted_goods', amount: 300 },
      ],
    });
    expect(estimateEtaMinutes({ distanceKm: 8.7, vehicle: 'car' })).toBe(36);
  });

  it('3. large, 15.2 km, standard: van; (1200 + 200 × 15.2) × 150% = 6360 cents; 10 + ⌈41.45⌉ + 5 = 57 min', () => {
    expect(chooseVehicle('large', 15.2)).toBe('van');
    expect(priceQuote({ distanceKm: 15.2, packageSize: 'large', vehicle: 'van', category: 'standard' })).toEqual({
      fee: 6360,
      currency: 'cad',
      breakdown: [
        { code: 'base', amount: 1200 },
        { code: 'distance', amount: 3040 },
        { code: 'package_size', amount: 2120 },
      ],
    });
    expect(estimateEtaMinutes({ distanceKm: 15.2, vehicle: 'van' })).toBe(57);
  });
});

describe('chooseVehicle', () => {
  describe('default, when no vehicle is requested', () => {
    it('sends a small package by bike up to 5 km inclusive, by car beyond', () => {
      expect(chooseVehicle('small', 0.5)).toBe('bike');
      expect(chooseVehicle('small', 5)).toBe('bike');
      expect(chooseVehicle('small', 5.1)).toBe('car');
      expect(chooseVehicle('small', 100)).toBe('car');
    });

    it('sends a medium package by car at any distance', () => {
      expect(chooseVehicle('medium', 0.5)).toBe('car');
      expect(chooseVehicle('medium', 100)).toBe('car');
    });

    it('sends a large package by van at any distance', () => {
      expect(chooseVehicle('large', 0.5)).toBe('van');
      expect(chooseVehicle('large', 100)).toBe('van');
    });

    it('judges the distance at 0.1 km, as quoted', () => {
      expect(chooseVehicle('small', 4.99 + 0.01)).toBe('bike');
      expect(chooseVehicle('small', 5.04)).toBe('bike');
    });
  });

  describe('requested vehicle', () => {
    it('honours car and van for every size up to 100 km', () => {
      for (const size of PACKAGE_SIZES) {
        for (const vehicle of ['car', 'van'] as const) {
          expect(chooseVehicle(size, 0.5, vehicle)).toBe(vehicle);
          expect(chooseVehicle(size, 100, vehicle)).toBe(vehicle);
        }
      }
    });

    it('honours bike for small and medium packages up to 10 km inclusive', () => {
      expect(chooseVehicle('small', 10, 'bike')).toBe('bike');
      expect(chooseVehicle('medium', 10, 'bike')).toBe('bike');
      expect(chooseVehicle('medium', 0.5, 'bike')).toBe('bike');
    });

    it('refuses a bike for a large package: 400 parameter_invalid on vehicle', () => {
      const error = refusal(() => chooseVehicle('large', 1, 'bike'));
      expect(error.toPayload()).toEqual({
        status: 400,
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'A bike cannot carry a large package; use car or van, or omit vehicle to let us choose.',
        param: 'vehicle',
      });
    });

    it('refuses a bike beyond 10 km: 400 parameter_invalid on vehicle, naming both distances', () => {
      const error = refusal(() => chooseVehicle('small', 10.1, 'bike'));
      expect(error.toPayload()).toEqual({
        status: 400,
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'Bike delivery covers routes up to 10 km and this route is 10.1 km; use car or van, or omit vehicle to let us choose.',
        param: 'vehicle',
      });
    });
  });

  describe('route length', () => {
    it('accepts 100 km inclusive', () => {
      expect(chooseVehicle('small', 100)).toBe('car');
    });

    it('refuses routes over 100 km for every size and vehicle: 400 parameter_invalid on dropoff_address', () => {
      for (const size of PACKAGE_SIZES) {
        for (const requested of [undefined, ...VEHICLES]) {
          const error = refusal(() => chooseVehicle(size, 100.1, requested));
          expect(error.toPayload()).toEqual({
            status: 400,
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: 'Pickup and dropoff are 100.1 km apart by road; same-day delivery covers routes up to 100 km.',
            param: 'dropoff_address',
          });
        }
      }
    });

    it('refuses Toronto to Montréal (657.2 km by road) on the route, before judging a requested bike', () => {
      const error = refusal(() => chooseVehicle('large', 657.2, 'bike'));
      expect(error.param).toBe('dropoff_address');
      expect(error.message).toBe('Pickup and dropoff are 657.2 km apart by road; same-day delivery covers routes up to 100 km.');
    });
  });

  it('rejects a distance that is not a non-negative number as a programming error', () => {
    expect(() => chooseVehicle('small', -0.1)).toThrow(RangeError);
    expect(() => chooseVehicle('small', Number.NaN)).toThrow(RangeError);
  });
});

describe('priceQuote', () => {
  it('always quotes in cad', () => {
    expect(priceQuote({ distanceKm: 3, packageSize: 'medium', vehicle: 'van', category: 'cannabis' }).currency).toBe('cad');
  });

  it('charges base + per-km by vehicle: 10 km small standard', () => {
    expect(fee(10, 'small', 'bike')).toBe(1700); // 500 + 120 × 10
    expect(fee(10, 'small', 'car')).toBe(2200); // 700 + 150 × 10
    expect(fee(10, 'small', 'van')).toBe(3200); // 1200 + 200 × 10
  });

  it('multiplies by package size: 10 km by car', () => {
    expect(fee(10, 'medium', 'car')).toBe(2750); // 2200 × 125%
    expect(fee(10, 'large', 'car')).toBe(3300); // 2200 × 150%
  });

  it('adds 300 cents for alcohol and cannabis', () => {
    expect(fee(10, 'small', 'car', 'alcohol')).toBe(2500);
    expect(fee(10, 'small', 'car', 'cannabis')).toBe(2500);
  });

  it('rounds once, half-up to the cent', () => {
    expect(fee(0.6, 'medium', 'car')).toBe(988); // (700 + 90) × 1.25 = 987.5
    expect(fee(0.1, 'large', 'car')).toBe(1073); // (700 + 15) × 1.5 = 1072.5
    expect(fee(0.1, 'medium', 'car')).toBe(894); // (700 + 15) × 1.25 = 893.75
    expect(fee(0.3, 'medium', 'car')).toBe(931); // (700 + 45) × 1.25 = 931.25
  });

  it('applies the 600-cent minimum to the route part, then adds the surcharge', () => {
    expect(fee(0.5, 'small', 'bike')).toBe(600); // 500 + 60 = 560
    expect(fee(0.8, 'small', 'bike')).toBe(600); // 500 + 96 = 596
    expect(fee(0.9, 'small', 'bike')).toBe(608); // 500 + 108
    expect(fee(0.5, 'small', 'bike', 'alcohol')).toBe(900); // 600 + 300
  });

  it('prices the distance as quoted, at 0.1 km', () => {
    expect(fee(0.1 + 2.2, 'small', 'bike')).toBe(776);
    expect(fee(2.34, 'small', 'bike')).toBe(776);
  });

  it('returns integer cents for every combination', () => {
    for (const distanceKm of DISTANCES) {
      for (const packageSize of PACKAGE_SIZES) {
        for (const vehicle of VEHICLES) {
          for (const category of CATEGORIES) {
            expect(Number.isInteger(fee(distanceKm, packageSize, vehicle, category))).toBe(true);
          }
        }
      }
    }
  });

  it('never makes a longer route cheaper', () => {
    for (const packageSize of PACKAGE_SIZES) {
      for (const vehicle of VEHICLES) {
        for (let i = 1; i < DISTANCES.length; i++) {
          expect(fee(DISTANCES[i], packageSize, vehicle)).toBeGreaterThanOrEqual(fee(DISTANCES[i - 1], packageSize, vehicle));
        }
      }
    }
  });

  it('never makes a longer route cheaper with the default vehicle, across the bike-to-car switch', () => {
    const defaultFee = (d: number, size: PackageSize) => fee(d, size, chooseVehicle(size, d));
    expect(defaultFee(5, 'small')).toBe(1100); // bike: 500 + 600
    expect(defaultFee(5.1, 'small')).toBe(1465); // car: 700 + 765
    for (const size of PACKAGE_SIZES) {
      for (let i = 1; i < DISTANCES.length; i++) {
        expect(defaultFee(DISTANCES[i], size)).toBeGreaterThanOrEqual(defaultFee(DISTANCES[i - 1], size));
      }
    }
  });

  it('never makes a larger package cheaper, on one vehicle or with the default vehicle', () => {
    for (const d of DISTANCES) {
      for (const vehicle of VEHICLES) {
        expect(fee(d, 'medium', vehicle)).toBeGreaterThanOrEqual(fee(d, 'small', vehicle));
        expect(fee(d, 'large', vehicle)).toBeGreaterThanOrEqual(fee(d, 'medium', vehicle));
      }
      const small = fee(d, 'small', chooseVehicle('small', d));
      const medium = fee(d, 'medium', chooseVehicle('medium', d));
      const large = fee(d, 'large', chooseVehicle('large', d));
      expect(medium).toBeGreaterThanOrEqual(small);
      expect(large).toBeGreaterThanOrEqual(medium);
    }
  });

  it('prices a restricted category at exactly the standard fee plus its surcharge', () => {
    for (const d of DISTANCES) {
      for (const packageSize of PACKAGE_SIZES) {
        for (const vehicle of VEHICLES) {
          const standard = fee(d, packageSize, vehicle);
          expect(fee(d, packageSize, vehicle, 'alcohol')).toBe(standard + 300);
          expect(fee(d, packageSize, vehicle, 'cannabis')).toBe(standard + 300);
        }
      }
    }
  });

  it('rejects a distance that is not a non-negative number as a programming error', () => {
    expect(() => fee(-1, 'small', 'car')).toThrow(RangeError);
    expect(() => fee(Number.POSITIVE_INFINITY, 'small', 'car')).toThrow(RangeError);
  });
});

describe('estimateEtaMinutes', () => {
  it('adds 10 min to reach the pickup and 5 min for the handoff to the ride', () => {
    expect(estimateEtaMinutes({ distanceKm: 0, vehicle: 'car' })).toBe(15);
  });

  it('rides at 15 km/h by bike, 25 km/h by car, 22 km/h by van', () => {
    expect(estimateEtaMinutes({ distanceKm: 5, vehicle: 'bike' })).toBe(35); // 10 + 20 + 5
    expect(estimateEtaMinutes({ distanceKm: 5, vehicle: 'car' })).toBe(27); // 10 + 12 + 5
    expect(estimateEtaMinutes({ distanceKm: 5.5, vehicle: 'van' })).toBe(30); // 10 + 15 + 5
  });

  it('rounds a partial minute of ride up', () => {
    expect(estimateEtaMinutes({ distanceKm: 0.5, vehicle: 'car' })).toBe(17); // 10 + ⌈1.2⌉ + 5
    expect(estimateEtaMinutes({ distanceKm: 5, vehicle: 'van' })).toBe(29); // 10 + ⌈13.64⌉ + 5
  });

  it('stays within bounds on every route a vehicle may take: whole minutes, at least 15, at most 288', () => {
    for (const distanceKm of DISTANCES) {
      for (const vehicle of VEHICLES.filter((v) => v !== 'bike' || distanceKm <= 10)) {
        const eta = estimateEtaMinutes({ distanceKm, vehicle });
        expect(Number.isInteger(eta)).toBe(true);
        expect(eta).toBeGreaterThanOrEqual(15);
        expect(eta).toBeLessThanOrEqual(288);
      }
    }
    expect(estimateEtaMinutes({ distanceKm: 100, vehicle: 'van' })).toBe(288); // 10 + ⌈272.73⌉ + 5
    expect(estimateEtaMinutes({ distanceKm: 10, vehicle: 'bike' })).toBe(55); // 10 + 40 + 5
  });

  it('never shortens with distance, and a bike is never faster than a car', () => {
    for (let i = 1; i < DISTANCES.length; i++) {
      for (const vehicle of VEHICLES) {
        expect(estimateEtaMinutes({ distanceKm: DISTANCES[i], vehicle })).toBeGreaterThanOrEqual(estimateEtaMinutes({ distanceKm: DISTANCES[i - 1], vehicle }));
      }
      expect(estimateEtaMinutes({ distanceKm: DISTANCES[i], vehicle: 'bike' })).toBeGreaterThanOrEqual(estimateEtaMinutes({ distanceKm: DISTANCES[i], vehicle: 'car' }));
    }
  });
});

describe('priceDrift', () => {
  it('is the relative change, as a fraction', () => {
    expect(priceDrift(10000, 10800)).toBeCloseTo(0.08, 12);
    expect(priceDrift(2806, 2806)).toBe(0);
  });

  it('counts a decrease like an increase', () => {
    expect(priceDrift(10000, 9200)).toBeCloseTo(0.08, 12);
  });

  it('rejects fees that are not positive integer cents', () => {
    expect(() => priceDrift(0, 100)).toThrow(RangeError);
    expect(() => priceDrift(100, 10.5)).toThrow(RangeError);
  });
});

describe('withinRepriceTolerance', () => {
  it('proceeds at 9.99% and at exactly 10%, refuses at 10.01%', () => {
    expect(withinRepriceTolerance(10000, 10999)).toBe(true);
    expect(withinRepriceTolerance(10000, 11000)).toBe(true);
    expect(withinRepriceTolerance(10000, 11001)).toBe(false);
  });

  it('applies the same edges to a price decrease', () => {
    expect(withinRepriceTolerance(10000, 9001)).toBe(true);
    expect(withinRepriceTolerance(10000, 9000)).toBe(true);
    expect(withinRepriceTolerance(10000, 8999)).toBe(false);
  });

  it('keeps exactly 10% even where floating point would not (1.1 - 1 > 0.1)', () => {
    expect(withinRepriceTolerance(1000, 1100)).toBe(true);
    expect(withinRepriceTolerance(2810, 3091)).toBe(true); // + 281 = 10%
    expect(withinRepriceTolerance(2810, 3092)).toBe(false);
  });

  it('proceeds when the price did not change', () => {
    expect(withinRepriceTolerance(2806, 2806)).toBe(true);
  });

  it('rejects fees that are not positive integer cents', () => {
    expect(() => withinRepriceTolerance(-100, 100)).toThrow(RangeError);
    expect(() => withinRepriceTolerance(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('priceQuote: the fee breakdown', () => {
  const MULTIPLIERS = [1, 0.1, 0.85, 1.05, 1.333, 1.5, 10];
  const price = (distanceKm: number, packageSize: PackageSize, vehicle: Vehicle, category: Category, multiplier?: number) =>
    priceQuote({ distanceKm, packageSize, vehicle, category, multiplier });
  const codes = (distanceKm: number, packageSize: PackageSize, vehicle: Vehicle, category: Category, multiplier?: number) =>
    price(distanceKm, packageSize, vehicle, category, multiplier).breakdown.map(({ code }) => code);

  it('sums exactly to the fee, in integer cents, for every route, size, vehicle, category and several multipliers', () => {
    for (const distanceKm of DISTANCES) {
      for (const packageSize of PACKAGE_SIZES) {
        for (const vehicle of VEHICLES) {
          for (const category of CATEGORIES) {
            for (const multiplier of MULTIPLIERS) {
              const { fee, breakdown } = price(distanceKm, packageSize, vehicle, category, multiplier);
              expect(breakdown.every(({ amount }) => Number.isInteger(amount))).toBe(true);
              expect(breakdown.reduce((sum, { amount }) => sum + amount, 0)).toBe(fee);
            }
          }
        }
      }
    }
  });

  it('keeps the fee of the published rates times the multiplier, never below the minimum (as before breakdowns)', () => {
    for (const distanceKm of [0.5, 2.3, 8.7, 15.2, 99.9]) {
      for (const multiplier of MULTIPLIERS) {
        const published = fee(distanceKm, 'medium', 'car', 'alcohol');
        expect(price(distanceKm, 'medium', 'car', 'alcohol', multiplier).fee).toBe(Math.max(600, Math.round(published * multiplier)));
      }
    }
  });

  it('gives each part within a cent of its exact value where rounding splits a cent: medium by car over 0.6 km', () => {
    // (700 + 90) × 1.25 = 987.5: the half cent goes to the package size part, the only inexact one.
    expect(price(0.6, 'medium', 'car', 'standard').breakdown).toEqual([
      { code: 'base', amount: 700 },
      { code: 'distance', amount: 90 },
      { code: 'package_size', amount: 198 },
    ]);
  });

  it("always charges base and distance, at the vehicle's own rates", () => {
    for (const vehicle of VEHICLES) {
      const { breakdown } = price(10, 'small', vehicle, 'standard');
      expect(breakdown.slice(0, 2)).toEqual([
        { code: 'base', amount: PRICING.baseFeeCents[vehicle] },
        { code: 'distance', amount: PRICING.perKmCents[vehicle] * 10 },
      ]);
    }
  });

  it('adds package_size when and only when the package is larger than small', () => {
    for (const distanceKm of DISTANCES) {
      expect(codes(distanceKm, 'small', 'car', 'standard')).not.toContain('package_size');
      expect(codes(distanceKm, 'medium', 'car', 'standard')).toContain('package_size');
      expect(codes(distanceKm, 'large', 'van', 'standard')).toContain('package_size');
    }
  });

  it('adds minimum_fee when and only when the route part is under 600 cents, topping it up to 600', () => {
    // bike, small, 0.5 km: 500 + 60 = 560 → 40 to the minimum.
    expect(price(0.5, 'small', 'bike', 'standard').breakdown).toEqual([
      { code: 'base', amount: 500 },
      { code: 'distance', amount: 60 },
      { code: 'minimum_fee', amount: 40 },
    ]);
    for (const distanceKm of DISTANCES) {
      for (const packageSize of PACKAGE_SIZES) {
        for (const vehicle of VEHICLES) {
          const { breakdown } = price(distanceKm, packageSize, vehicle, 'standard');
          const route = breakdown.filter(({ code }) => code !== 'minimum_fee').reduce((sum, { amount }) => sum + amount, 0);
          expect(breakdown.some(({ code }) => code === 'minimum_fee')).toBe(route < PRICING.minimumFeeCents);
        }
      }
    }
  });

  it('adds restricted_goods (300) when and only when the category is restricted', () => {
    expect(codes(5, 'small', 'car', 'standard')).not.toContain('restricted_goods');
    for (const category of ['alcohol', 'cannabis'] as const) {
      expect(price(5, 'small', 'car', category).breakdown).toContainEqual({ code: 'restricted_goods', amount: 300 });
    }
  });

  it('adds price_adjustment when and only when the multiplier moves the fee, by exactly what it moves it', () => {
    expect(codes(8.7, 'medium', 'car', 'alcohol')).not.toContain('price_adjustment');
    expect(codes(8.7, 'medium', 'car', 'alcohol', 1)).not.toContain('price_adjustment');
    expect(price(8.7, 'medium', 'car', 'alcohol', 1.5).breakdown).toContainEqual({ code: 'price_adjustment', amount: 1403 });
    // A discount is a negative part.
    expect(price(8.7, 'medium', 'car', 'alcohol', 0.5).breakdown).toContainEqual({ code: 'price_adjustment', amount: -1403 });
    // Too small a factor to move a 600-cent fee by a cent: nothing added.
    expect(codes(0.5, 'small', 'bike', 'standard', 1.0001)).not.toContain('price_adjustment');
  });

  it('lists the parts in the order the pricing adds them', () => {
    const order = ['base', 'distance', 'package_size', 'minimum_fee', 'restricted_goods', 'price_adjustment'];
    const listed = codes(0.5, 'medium', 'bike', 'cannabis', 2);
    expect(listed).toEqual([...listed].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });
});
