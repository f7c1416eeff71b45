import { describeFeeChanges, feeChanges } from './fee-changes';
import { priceQuote } from './pricing';

describe('feeChanges', () => {
  it('names each part that moved, with its amount before and after', () => {
    const before = priceQuote({ distanceKm: 8.7, packageSize: 'medium', vehicle: 'car', category: 'alcohol' }).breakdown;
    const after = priceQuote({ distanceKm: 8.7, packageSize: 'medium', vehicle: 'car', category: 'alcohol', multiplier: 1.5 }).breakdown;
    expect(feeChanges(before, after)).toEqual([{ code: 'price_adjustment', previousAmount: 0, amount: 1403 }]);
  });

  it('counts a part no longer charged as moving to 0, and a new one as moving from 0, old parts first', () => {
    expect(
      feeChanges(
        [
          { code: 'base', amount: 500 },
          { code: 'minimum_fee', amount: 40 },
        ],
        [
          { code: 'restricted_goods', amount: 300 },
          { code: 'base', amount: 550 },
        ],
      ),
    ).toEqual([
      { code: 'base', previousAmount: 500, amount: 550 },
      { code: 'minimum_fee', previousAmount: 40, amount: 0 },
      { code: 'restricted_goods', previousAmount: 0, amount: 300 },
    ]);
  });

  it('is empty when nothing moved, whatever the order', () => {
    const breakdown = priceQuote({ distanceKm: 3, packageSize: 'large', vehicle: 'van', category: 'cannabis' }).breakdown;
    expect(feeChanges(breakdown, [...breakdown].reverse())).toEqual([]);
  });

  it('reads a quote priced before breakdowns (unitemized) as every part moving', () => {
    expect(
      feeChanges(
        [{ code: 'unitemized', amount: 776 }],
        [
          { code: 'base', amount: 500 },
          { code: 'distance', amount: 276 },
        ],
      ),
    ).toEqual([
      { code: 'unitemized', previousAmount: 776, amount: 0 },
      { code: 'base', previousAmount: 0, amount: 500 },
      { code: 'distance', previousAmount: 0, amount: 276 },
    ]);
  });
});

describe('describeFeeChanges', () => {
  it('says each change as code, before → after', () => {
    expect(
      describeFeeChanges([
        { code: 'base', previousAmount: 500, amount: 550 },
        { code: 'price_adjustment', previousAmount: 0, amount: -40 },
      ]),
    ).toBe('base 500 → 550, price_adjustment 0 → -40');
  });
});
